import pino, { type Logger } from 'pino';

export type { Logger };

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'piplens' },
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.secret', '*.apiKey'],
      censor: '[redacted]',
    },
  });
}

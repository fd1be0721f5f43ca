import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from '../logger';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Sends in the background: a failure is logged and nothing else. */
  sendLater(message: MailMessage, purpose: string): void;
}

interface MailerOptions {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  logger: Logger;
}

/** SMTP when configured, otherwise each mail becomes an .eml file in the outbox. */
export function createMailer({ smtpUrl, from, outboxDir, logger }: MailerOptions): Mailer {
  const smtp: Transporter | null = smtpUrl
    ? nodemailer.createTransport(smtpUrl)
    : null;
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  async function send(message: MailMessage): Promise<void> {
    const mail = { from, ...message };
    if (smtp) {
      await smtp.sendMail(mail);
      logger.info({ to: message.to, subject: message.subject }, 'mail sent');
      return;
    }
    const info = await stream.sendMail(mail);
    await mkdir(outboxDir, { recursive: true });
    const file = path.join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^a-z0-9]/gi, '')}.eml`);
    await writeFile(file, info.message as Buffer);
    logger.info({ to: message.to, subject: message.subject, file }, 'mail written to outbox');
  }

  return {
    send,
    sendLater(message, purpose) {
      send(message).catch((error: unknown) => {
        logger.error({ err: error, purpose, to: message.to }, 'mail failed');
      });
    },
  };
}

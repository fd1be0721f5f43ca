import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

export type Reply =
  | { status: number; body: unknown; headers?: Record<string, string> }
  /** Never answers (until released). */
  | { hang: true }
  /** A body as given, e.g. an HTML error page from a proxy. */
  | { status: number; raw: string; headers?: Record<string, string> }
  /** Headers and the start of a body, then the body stalls (held open) or the connection drops. */
  | { status: number; partial: string; then: 'stall' | 'cut'; headers?: Record<string, string> };

/**
 * A local stand-in for Gemini's generateContent and OpenRouter's chat completions: it records each
 * request and answers from a script, in the vendors' own wire formats.
 */
export class FakeAi {
  readonly requests: RecordedRequest[] = [];
  private script: Reply[] = [];
  /** When set, answers each request instead of the script (e.g. by what the prompt says). */
  route: ((request: RecordedRequest) => Reply) | null = null;
  private server: Server | null = null;
  private pending = new Set<ServerResponse>();
  url = '';

  async start() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const request: RecordedRequest = {
          method: req.method ?? '',
          url: req.url ?? '',
          headers: req.headers,
          body: raw ? JSON.parse(raw) : {},
        };
        this.requests.push(request);
        const reply = this.route?.(request) ??
          this.script.shift() ?? { status: 500, body: { error: { message: 'no scripted reply' } } };
        if ('hang' in reply) {
          this.pending.add(res);
          return;
        }
        if ('partial' in reply) {
          res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
          res.write(reply.partial);
          if (reply.then === 'cut') setTimeout(() => res.destroy(), 20);
          else this.pending.add(res);
          return;
        }
        if ('raw' in reply) {
          res.writeHead(reply.status, { 'content-type': 'text/html; charset=utf-8', ...reply.headers });
          res.end(reply.raw);
          return;
        }
        res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
        res.end(JSON.stringify(reply.body));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const address = this.server.address() as { port: number };
    this.url = `http://127.0.0.1:${address.port}`;
  }

  reset(...replies: Reply[]) {
    this.requests.length = 0;
    this.script = replies;
    this.route = null;
  }

  /** Ends every request held by a `hang` reply, as a dropped connection. */
  releaseHanging() {
    for (const res of this.pending) res.destroy();
    this.pending.clear();
  }

  async stop() {
    for (const res of this.pending) res.destroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

export const geminiReply = (text: string): Reply => ({
  status: 200,
  body: {
    candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP' }],
    modelVersion: 'gemini-test',
  },
});

export const openRouterReply = (content: string): Reply => ({
  status: 200,
  body: {
    id: 'gen-1',
    object: 'chat.completion',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  },
});

import { createServer, type Server } from 'node:http';

export interface FakeTransaction {
  id: number;
  tx_ref: string;
  amount: number;
  currency: string;
  status: string;
}

/**
 * A local stand-in for Flutterwave's v3 verify API: GET /v3/transactions/{id}/verify with a Bearer
 * secret key, answering in the provider's JSON. `down` makes it drop connections (unreachable).
 */
export class FakeFlutterwave {
  readonly transactions = new Map<number, FakeTransaction>();
  readonly requests: { url: string; authorization: string | undefined }[] = [];
  down = false;
  url = '';
  private server: Server | null = null;
  private nextId = 900_000;

  constructor(readonly secretKey: string) {}

  async start() {
    this.server = createServer((req, res) => {
      if (this.down) {
        req.socket.destroy();
        return;
      }
      this.requests.push({ url: req.url ?? '', authorization: req.headers.authorization });
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const match = /^\/v3\/transactions\/(\d+)\/verify$/.exec(req.url ?? '');
      if (req.method !== 'GET' || !match) return reply(404, { status: 'error', message: 'Not found', data: null });
      if (req.headers.authorization !== `Bearer ${this.secretKey}`) {
        return reply(401, { status: 'error', message: 'Invalid authorization key', data: null });
      }
      const transaction = this.transactions.get(Number(match[1]));
      if (!transaction)
        return reply(400, { status: 'error', message: 'No transaction was found for this id', data: null });
      reply(200, {
        status: 'success',
        message: 'Transaction fetched successfully',
        data: {
          ...transaction,
          flw_ref: `FLW-${transaction.id}`,
          charged_amount: transaction.amount,
          payment_type: 'card',
        },
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
  }

  /** Records a transaction as the provider would after a checkout; overrides make it wrong on purpose. */
  charge(txRef: string, overrides: Partial<Omit<FakeTransaction, 'tx_ref'>> = {}): FakeTransaction {
    this.nextId += 1;
    const transaction = {
      id: this.nextId,
      tx_ref: txRef,
      amount: 4.99,
      currency: 'USD',
      status: 'successful',
      ...overrides,
    };
    this.transactions.set(transaction.id, transaction);
    return transaction;
  }

  async stop() {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

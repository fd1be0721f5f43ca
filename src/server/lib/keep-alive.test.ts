import { createServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { keepConnectionsAlive } from './keep-alive';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function listening(keep: boolean): Promise<number> {
  const server = createServer((_req, res) => res.end('ok'));
  if (keep) keepConnectionsAlive(server);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Sends one kept-alive request and resolves with the socket once the answer is in. */
async function answered(port: number): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  socket.write('GET / HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n');
  await new Promise<void>((resolve) => socket.once('data', () => resolve()));
  return socket;
}

const closedWithin = (socket: Socket, ms: number) =>
  new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });

describe('kept-alive connections', () => {
  it('an idle connection outlives Node’s 5 s, which closes a plain server’s', async () => {
    const [kept, plain] = await Promise.all([answered(await listening(true)), answered(await listening(false))]);
    const [keptClosed, plainClosed] = await Promise.all([closedWithin(kept, 6500), closedWithin(plain, 6500)]);
    kept.destroy();
    plain.destroy();
    expect(plainClosed).toBe(true);
    expect(keptClosed).toBe(false);
  }, 15_000);
});

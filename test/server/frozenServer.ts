// A TCP server that accepts every connection and never answers: what a frozen database host looks like to a
// client. Closed, with its connections, when the test finishes.
import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { onTestFinished } from 'vitest';

/** Answers its port. */
export async function frozenServer(): Promise<number> {
  const sockets: Socket[] = [];
  const server = createServer((socket) => { sockets.push(socket); });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => {
    for (const socket of sockets) socket.destroy();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return (server.address() as AddressInfo).port;
}

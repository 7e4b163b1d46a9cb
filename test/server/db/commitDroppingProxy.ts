// A TCP proxy to PostgreSQL that, once armed, passes the next COMMITs on and cuts the app's side of each of
// those connections before its answer: PostgreSQL commits, and the app never hears so (a connection dropped
// mid-commit, as when the primary dies between committing and answering). Closed when the test finishes.
import { type AddressInfo, connect, createServer } from 'node:net';
import { onTestFinished } from 'vitest';

interface CommitDroppingProxy {
  /** The target URL with the proxy's address in place of the server's. */
  url: string;
  port: number;
  /** The next `count` COMMITs lose their answers. */
  arm(count?: number): void;
  /** COMMITs whose answers were lost so far. */
  dropped(): number;
}

export async function commitDroppingProxy(target: URL): Promise<CommitDroppingProxy> {
  let armed = 0;
  let dropped = 0;
  const sockets = new Set<{ destroy(): void }>();
  const server = createServer((app) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    sockets.add(app);
    sockets.add(upstream);
    upstream.on('error', () => app.destroy());
    app.on('error', () => upstream.destroy());
    upstream.on('data', (chunk) => { if (!app.destroyed) app.write(chunk); });
    upstream.on('close', () => app.destroy());
    app.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      // Kysely sends COMMIT alone, in the simple protocol: 'Q', its length, then the text.
      if (armed > 0 && chunk[0] === 0x51 && chunk.subarray(5).toString('utf8').startsWith('commit')) {
        armed -= 1;
        dropped += 1;
        app.destroy();
        // The answer still arrives here (the commit ran), and goes nowhere.
        upstream.once('data', () => upstream.destroy());
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => {
    server.close(() => resolve());
    for (const socket of sockets) socket.destroy();
  }));
  const port = (server.address() as AddressInfo).port;
  const url = new URL(target);
  url.host = `127.0.0.1:${port}`;
  return { url: url.toString(), port, arm: (count = 1) => { armed += count; }, dropped: () => dropped };
}

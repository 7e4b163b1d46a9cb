// The browser benches' blank page (blankPage.html: a heading and a paragraph, nothing else), served by the bench
// itself on a free loopback port and never from the app's public folder: what a page costs in this browser on this
// machine by itself, so a figure of the app's can be read beside it.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const HTML = readFileSync(new URL('./blankPage.html', import.meta.url));

export interface BlankPageServer {
  /** The page's address (its path is '/'). */
  url: string;
  close: () => Promise<void>;
}

export async function serveBlankPage(): Promise<BlankPageServer> {
  const server = createServer((request, response) => {
    if (request.url !== '/') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': HTML.length }).end(HTML);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

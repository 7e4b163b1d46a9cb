// The run's server at an address of a journey's own, through a link in the test process that the journey
// can cut and restore: cut, every open connection is dropped and new ones are refused, which is what a
// browser and its service worker meet when the server is down. Cutting is instant and touches no one else's
// journey, where stopping a server of its own costs a restart whose seconds of start-up a loaded machine
// stretches past a journey's whole time budget.
//
// The link speaks HTTP so that the server sees itself addressed: the browser's Origin (the link's address)
// is put back to the server's own, as it would be had the student opened the server directly; Location
// headers come back with the link's address.
import { Agent, createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { Socket } from 'node:net';

export interface ServerLink {
  /** The address the browser uses. */
  url: string;
  /** The server goes away: open connections are dropped and new ones refused. */
  disconnect(): Promise<void>;
  /** The server is back at the same address. */
  reconnect(): Promise<void>;
}

const listen = (server: Server, port: number): Promise<number> => new Promise((done, fail) => {
  server.once('error', fail);
  server.listen(port, '127.0.0.1', () => {
    server.off('error', fail);
    const address = server.address();
    done(typeof address === 'object' && address ? address.port : port);
  });
});

/** A link to the server at `target` (e.g. the run's baseURL). Closed when the journey disconnects for good. */
export async function linkTo(target: string): Promise<ServerLink & { close(): Promise<void> }> {
  const upstream = new URL(target);
  const agent = new Agent({ keepAlive: false });
  const open = new Set<Socket>();
  let linkOrigin = '';

  const toServer = (headers: IncomingHttpHeaders): IncomingHttpHeaders => {
    const rewritten = { ...headers, host: upstream.host };
    if (rewritten.origin === linkOrigin) rewritten.origin = upstream.origin;
    if (rewritten.referer?.startsWith(linkOrigin)) rewritten.referer = upstream.origin + rewritten.referer.slice(linkOrigin.length);
    return rewritten;
  };

  const makeServer = () => {
    const server = createServer((incoming, outgoing) => {
      const forwarded = request({
        host: upstream.hostname, port: upstream.port, method: incoming.method, path: incoming.url,
        headers: toServer(incoming.headers), agent,
      }, (answer) => {
        const headers = { ...answer.headers };
        if (headers.location?.startsWith(upstream.origin)) headers.location = linkOrigin + headers.location.slice(upstream.origin.length);
        outgoing.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(outgoing);
      });
      forwarded.on('error', () => outgoing.destroy());
      incoming.pipe(forwarded);
    });
    server.on('connection', (socket: Socket) => {
      open.add(socket);
      socket.once('close', () => open.delete(socket));
    });
    return server;
  };

  let server: Server | null = makeServer();
  const port = await listen(server, 0);
  linkOrigin = `http://127.0.0.1:${port}`;

  const disconnect = async () => {
    const closing = server;
    server = null;
    if (!closing) return;
    const closed = new Promise<void>((done) => closing.close(() => done()));
    open.forEach((socket) => socket.destroy());
    agent.destroy();
    await closed;
  };

  return {
    url: linkOrigin,
    disconnect,
    async reconnect() {
      if (server) return;
      server = makeServer();
      await listen(server, port);
    },
    close: disconnect,
  };
}

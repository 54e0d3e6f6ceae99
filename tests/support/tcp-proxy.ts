/**
 * A TCP proxy in front of the test database that a test can cut and restore, to take PostgreSQL
 * away from one app without touching the server every other test file uses:
 *
 *   const proxy = await startTcpProxy(testDb.url);   // proxy.url: the same database, through it
 *   await proxy.cut();       // every connection destroyed, new ones refused (as a stopped server)
 *   await proxy.stall();     // new connections accepted and never answered (a dead network)
 *   await proxy.restore();   // passes connections through again, on the same port
 */
import { once } from 'node:events';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

export interface TcpProxy {
  /** The target URL with the proxy's host and port. */
  url: string;
  /** Connections passing through now (client side). */
  readonly connections: number;
  /** Destroys every connection and refuses new ones: nothing listens on the port. */
  cut(): Promise<void>;
  /**
   * Destroys every connection; new ones are accepted but nothing is ever sent or forwarded, as
   * when packets to the database are dropped.
   */
  stall(): Promise<void>;
  /** Passes connections through again. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetUrl: string): Promise<TcpProxy> {
  const target = new URL(targetUrl);
  const targetHost = target.hostname;
  const targetPort = Number(target.port || 5432);
  const clients = new Set<Socket>();
  const stalled = new Set<Socket>();
  let mode: 'pass' | 'stall' = 'pass';

  const server = createServer((client) => {
    if (mode === 'stall') {
      stalled.add(client);
      client.on('error', () => undefined);
      client.on('close', () => stalled.delete(client));
      return;
    }
    clients.add(client);
    const upstream = connect({ host: targetHost, port: targetPort });
    const drop = () => {
      clients.delete(client);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop);
    upstream.on('error', drop);
    client.on('close', drop);
    upstream.on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  const url = new URL(targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);

  const dropAll = () => {
    for (const socket of [...clients, ...stalled]) socket.destroy();
    clients.clear();
    stalled.clear();
  };
  const listening = async () => {
    if (server.listening) return;
    server.listen(port, '127.0.0.1');
    await once(server, 'listening');
  };
  const closed = async () => {
    if (!server.listening) return;
    const done = new Promise<void>((resolve) => server.close(() => resolve()));
    dropAll();
    await done;
  };

  return {
    url: url.toString(),
    get connections() {
      return clients.size;
    },
    cut: closed,
    async stall() {
      mode = 'stall';
      dropAll();
      await listening();
    },
    async restore() {
      mode = 'pass';
      for (const socket of stalled) socket.destroy();
      stalled.clear();
      await listening();
    },
    close: closed,
  };
}

import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import pg from 'pg';
import { createScratchDatabase, POSTGRES_ADMIN_URL, type ScratchDatabase } from '../../bench/scratch-database';
import { redisSkipReason, TEST_REDIS_URL } from '../../apps/server/src/test/redis';
import { startServer, type RunningServer } from './server';

/**
 * Why the scaled-out deployment cannot run here ('' when it can): it needs the PostgreSQL and the Redis the
 * integration suite also uses (TEST_DATABASE_URL, TEST_REDIS_URL, else the local defaults).
 */
export async function scaledOutUnavailableReason(): Promise<string> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    return `PostgreSQL is not reachable at ${POSTGRES_ADMIN_URL.replace(/\/\/[^@]*@/, '//')} (${error instanceof Error ? error.message : String(error)})`;
  } finally {
    await client.end().catch(() => {});
  }
  return redisSkipReason();
}

export interface NodeName {
  /** Which node answers a request for this path and method. */
  (request: { method: string; path: string }): string;
}

/** The load balancer in front of the nodes: a reverse proxy on loopback that streams both ways (server-sent events too). */
interface LoadBalancer {
  url: string;
  /** Every request it passed on: which node, method and path, in order. */
  readonly forwarded: { node: string; method: string; path: string }[];
  close(): Promise<void>;
}

async function startLoadBalancer(route: NodeName, nodes: () => Map<string, RunningServer>): Promise<LoadBalancer> {
  const forwarded: LoadBalancer['forwarded'] = [];
  const sockets = new Set<Socket>();
  const server = http.createServer((request, response) => {
    const method = request.method ?? 'GET';
    const path = request.url ?? '/';
    const name = route({ method, path: path.split('?')[0]! });
    const node = nodes().get(name);
    if (!node) {
      response.writeHead(502, { 'content-type': 'text/plain' }).end(`no node ${name}`);
      return;
    }
    forwarded.push({ node: name, method, path });
    const upstream = new URL(node.url);
    // As nginx does in deploy/nginx.conf: the Host kept, the client's address and scheme passed on, no buffering.
    const proxied = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method,
        path,
        headers: { ...request.headers, 'x-forwarded-for': request.socket.remoteAddress ?? '127.0.0.1', 'x-forwarded-proto': 'http' },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    proxied.on('error', (error) => {
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' });
      response.end(`upstream ${name}: ${error.message}`);
    });
    request.pipe(proxied);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    forwarded,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface ScaledOutDeployment {
  /** The installation as its users see it: the load balancer's URL, and the e-mails any node logged. */
  server: RunningServer;
  /** The processes by name, each with its own URL. */
  nodes: Map<string, RunningServer>;
  /** What the load balancer passed to which node. */
  forwarded: LoadBalancer['forwarded'];
  stop(): Promise<void>;
}

/**
 * The reference deployment of docs/operations.md on one machine: built server processes on a fresh PostgreSQL
 * database and the shared Redis, with one secret key, behind a load balancer that sends each request to the node
 * `route` names. `roles` names the processes and their PARLEY_ROLE; the first one starts alone (it migrates the
 * database), the others after it.
 */
export async function startScaledOutDeployment(roles: Record<string, 'all' | 'api' | 'worker'>, route: NodeName): Promise<ScaledOutDeployment> {
  const nodes = new Map<string, RunningServer>();
  let database: ScratchDatabase | undefined;
  let balancer: LoadBalancer | undefined;
  const stop = async () => {
    await Promise.all([...nodes.values()].map((node) => node.stop()));
    await balancer?.close();
    await database?.drop();
  };
  try {
    database = await createScratchDatabase('parley_e2e');
    balancer = await startLoadBalancer(route, () => nodes);
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: TEST_REDIS_URL,
      PUBLIC_URL: balancer.url,
      PARLEY_SECRET_KEY: randomBytes(32).toString('hex'),
      TRUSTED_PROXY: '127.0.0.1',
    };
    const [first, ...others] = Object.entries(roles);
    nodes.set(first![0], await startServer({ ...env, PARLEY_ROLE: first![1] }));
    const started = await Promise.all(others.map(async ([name, role]) => [name, await startServer({ ...env, PARLEY_ROLE: role })] as const));
    for (const [name, node] of started) nodes.set(name, node);
  } catch (error) {
    await stop();
    throw error;
  }
  const front = balancer;
  const server: RunningServer = {
    url: front.url,
    get emails() {
      return [...nodes.values()].flatMap((node) => node.emails);
    },
    terminate: async () => {
      await stop();
      return 0;
    },
    stop,
  };
  return { server, nodes, forwarded: front.forwarded, stop };
}

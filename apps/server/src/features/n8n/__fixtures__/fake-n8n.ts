import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface FakeAnswer {
  status?: number;
  statusText?: string;
  body?: unknown;
  delayMs?: number;
}

export type FakeHandler = (request: ReceivedRequest) => FakeAnswer;

/**
 * A local HTTP server standing in for n8n: GET /healthz answers {"status":"ok"} like n8n does, webhook paths
 * answer what the test put in `routes` (404 like n8n's "webhook not registered" otherwise), and every request
 * is kept in `received`.
 */
export async function startFakeN8n() {
  const received: ReceivedRequest[] = [];
  const routes = new Map<string, FakeHandler>();
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const request = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body };
      received.push(request);
      const handler: FakeHandler =
        routes.get(`${request.method} ${request.path}`) ??
        routes.get(request.path) ??
        (request.path === '/healthz'
          ? () => ({ body: { status: 'ok' } })
          : () => ({ status: 404, statusText: 'Not Found', body: { code: 404, message: 'webhook not registered' } }));
      const answer = handler(request);
      const send = () => {
        if (res.destroyed) return;
        const payload = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? {});
        res.writeHead(answer.status ?? 200, answer.statusText ?? 'OK', { 'content-type': typeof answer.body === 'string' ? 'text/plain' : 'application/json' });
        res.end(payload);
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    /** What System Configuration's n8n_webhook_base_url would be for this instance. */
    webhookBase: `${origin}/webhook`,
    received,
    routes,
    reset() {
      received.length = 0;
      routes.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeN8n = Awaited<ReturnType<typeof startFakeN8n>>;

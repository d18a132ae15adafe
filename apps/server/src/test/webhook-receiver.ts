import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One request the receiver got. */
export interface ReceivedWebhook {
  /** The path and query the request was sent to. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** Date.now() when it arrived. */
  at: number;
}

export interface ReceiverAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  /** Wait this long before answering (a slow receiver). */
  delayMs?: number;
}

/** A local HTTP endpoint standing in for a customer's webhook receiver: it records requests and answers as told. */
export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** How to answer from now on (200 "ok" by default); `null` never answers, and the caller's deadline ends the request. */
  answer(handler: (request: ReceivedWebhook) => ReceiverAnswer | null): void;
  /** Stops listening: connections are refused until `up()`. */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(path = '/hooks/parley'): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let handler: (request: ReceivedWebhook) => ReceiverAnswer | null = () => ({ status: 200, body: 'ok' });
  let server: Server | null = null;
  const sockets = new Set<Socket>();

  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const created = createServer((request, response) => {
        const parts: Buffer[] = [];
        request.on('data', (chunk: Buffer) => parts.push(chunk));
        request.on('end', () => {
          const entry: ReceivedWebhook = { url: request.url ?? '', headers: request.headers, body: Buffer.concat(parts).toString('utf8'), at: Date.now() };
          received.push(entry);
          const reply = handler(entry);
          if (!reply) return;
          const send = () => {
            if (response.destroyed) return;
            response.writeHead(reply.status, { 'content-type': 'text/plain', ...reply.headers });
            response.end(reply.body ?? '');
          };
          if (reply.delayMs) setTimeout(send, reply.delayMs);
          else send();
        });
      });
      created.on('connection', (socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
      });
      created.once('error', reject);
      created.listen(port, '127.0.0.1', () => {
        server = created;
        resolve((created.address() as AddressInfo).port);
      });
    });

  const stop = () =>
    new Promise<void>((resolve) => {
      const current = server;
      server = null;
      if (!current) return resolve();
      for (const socket of sockets) socket.destroy();
      current.close(() => resolve());
    });

  const port = await listen(0);
  return {
    url: `http://127.0.0.1:${port}${path}`,
    received,
    answer(next) {
      handler = next;
    },
    down: stop,
    async up() {
      await listen(port);
    },
    close: stop,
  };
}

/** One delivery to a signed receiver: where it went, its JSON payload, and whether its signature verified. */
export interface SignedDelivery {
  /** The path and query it was sent to. */
  path: string;
  payload: Record<string, unknown>;
  verified: boolean;
  headers: IncomingHttpHeaders;
}

/** A receiver that checks each request's signature, as a customer's endpoint following Standard Webhooks would. */
export interface SignedReceiver {
  /** The receiver's origin, `http://127.0.0.1:<port>`: an action's URL is this and a path the answer can tell by. */
  url: string;
  /** Every request it got, oldest first. */
  deliveries: SignedDelivery[];
  /** How to answer from now on (200 "ok" by default); `null` never answers. */
  answer(handler: (request: ReceivedWebhook) => ReceiverAnswer | null): void;
  close(): Promise<void>;
}

/**
 * Starts a receiver whose requests are verified with the real standardwebhooks package and `secret` as they arrive,
 * so a test asserts what a customer's own endpoint would accept, not what Parley's signer believes it sent.
 */
export async function startSignedReceiver(secret: string): Promise<SignedReceiver> {
  const receiver = await startWebhookReceiver('');
  const deliveries: SignedDelivery[] = [];
  let handler: (request: ReceivedWebhook) => ReceiverAnswer | null = () => ({ status: 200, body: 'ok' });
  receiver.answer((request) => {
    let verified = false;
    try {
      new Webhook(secret).verify(request.body, request.headers as Record<string, string>);
      verified = true;
    } catch {
      verified = false;
    }
    deliveries.push({ path: request.url, payload: JSON.parse(request.body) as Record<string, unknown>, verified, headers: request.headers });
    return handler(request);
  });
  return {
    url: receiver.url,
    deliveries,
    answer(next) {
      handler = next;
    },
    close: receiver.close,
  };
}

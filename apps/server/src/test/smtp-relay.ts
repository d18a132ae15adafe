import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** What the relay does with a message: take it, or refuse it with a temporary error (451). */
export type RelayAnswer = 'accept' | 'refuse';

export interface SmtpRelay {
  port: number;
  /** Every message taken, in order. */
  received: { to: string[]; body: string }[];
  /** Decides per first recipient; by default every message is taken. */
  answer: (to: string) => RelayAnswer;
  /** SMTP_HOST and SMTP_PORT for a test configuration. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** A real SMTP server on loopback standing in for the operator's mail relay. */
export async function startSmtpRelay(): Promise<SmtpRelay> {
  const relay: SmtpRelay = { port: 0, received: [], answer: () => 'accept', env: {}, close: async () => {} };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let body = '';
      stream.on('data', (chunk: Buffer) => (body += chunk.toString()));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        if (relay.answer(to[0] ?? '') === 'refuse') {
          callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
          return;
        }
        relay.received.push({ to, body });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  relay.port = (server.server.address() as AddressInfo).port;
  relay.env = { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(relay.port) };
  relay.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return relay;
}

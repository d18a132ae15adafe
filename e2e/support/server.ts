import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface RunningServer {
  url: string;
  /** E-mails the server logged to its outbox (no SMTP in tests), newest last. */
  emails: { to: string; subject: string; body: string }[];
  /** Sends SIGTERM and resolves with the exit code once the process has exited. */
  terminate(): Promise<number | null>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * Starts the built server (`npm run build` first) on a free port with a fresh embedded database. Its catalogue starts
 * empty (SEED_CATALOGUE=false), as the tests expect; a variable given as `undefined` is left unset, so
 * `{ SEED_CATALOGUE: undefined }` starts it as `npm start` does, with the starter catalogue.
 */
export async function startServer(env: Record<string, string | undefined> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  const childEnv: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    LOG_LEVEL: 'info',
    NODE_ENV: 'production',
    DATABASE_URL: '',
    REDIS_URL: '',
    SEED_CATALOGUE: 'false',
    ...env,
  };
  for (const [name, value] of Object.entries(childEnv)) if (value === undefined) delete childEnv[name];
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const emails: RunningServer['emails'] = [];
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    let newline: number;
    while ((newline = output.indexOf('\n')) >= 0) {
      const line = output.slice(0, newline);
      output = output.slice(newline + 1);
      try {
        const entry = JSON.parse(line) as { msg?: string; to?: string; subject?: string; body?: string };
        if (entry.msg?.startsWith('e-mail kept in the outbox') && entry.to) emails.push({ to: entry.to, subject: entry.subject ?? '', body: entry.body ?? '' });
      } catch {
        /* not a log line */
      }
    }
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${stderr}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not answer within 60 s: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  const terminate = async (): Promise<number | null> => {
    if (child.exitCode !== null) return child.exitCode;
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    return exited;
  };

  return {
    url,
    emails,
    terminate,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The subject of the e-mail that confirms a new account's address (apps/server/src/providers/email/templates.ts). */
const CONFIRMATION_SUBJECT = 'Confirm your e-mail address for Parley';

/**
 * Waits for the confirmation e-mail to `to` and returns the link in it. Only that e-mail will do: the address may have
 * had others first (the invitation it signed up from), and the confirmation's log line comes through the server's
 * stdout, which a busy test process may read after the page already says "Check your e-mail": the newest e-mail to
 * `to` can then still be the earlier one, whose link is not a confirmation.
 */
export async function confirmationLink(server: RunningServer, to: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const message = [...server.emails].reverse().find((m) => m.to === to && m.subject === CONFIRMATION_SUBJECT);
    const link = message && /https?:\/\/\S+/.exec(message.body)?.[0];
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no confirmation e-mail to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

import { execFile } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port';

const run = promisify(execFile);

/**
 * A PostgreSQL server of the tests' own, in a temporary directory on a free loopback port, that a test
 * may stop and start (the machine's shared server is never restarted). Uses the installed server
 * binaries; as root they run as the `postgres` user, as PostgreSQL refuses to run as root.
 */
export interface ThrowawayCluster {
  url: string;
  /** `pg_ctl stop -m fast`: open connections are terminated, new ones refused. */
  stop(): Promise<void>;
  start(): Promise<void>;
  dispose(): Promise<void>;
}

/** The directory of initdb and pg_ctl: $PG_BIN, else the newest /usr/lib/postgresql/<version>/bin. */
function serverBinaries(): string | null {
  const candidates = process.env.PG_BIN ? [process.env.PG_BIN] : [];
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => path.join(root, v, 'bin')));
  }
  return candidates.find((dir) => existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl'))) ?? null;
}

/** Why a throwaway cluster cannot be made here, or '' when it can. */
export function throwawayClusterUnavailableReason(): string {
  if (!serverBinaries()) return 'PostgreSQL server binaries (initdb, pg_ctl) not found; set PG_BIN';
  if (process.getuid?.() === 0 && !existsSync('/usr/sbin/runuser') && !existsSync('/sbin/runuser')) return 'running as root without runuser';
  return '';
}

export async function startThrowawayCluster(): Promise<ThrowawayCluster> {
  const bin = serverBinaries();
  if (!bin) throw new Error(throwawayClusterUnavailableReason());
  const dir = mkdtempSync(path.join(tmpdir(), 'parley-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  chmodSync(dir, 0o700);
  const exec = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]) : run(path.join(bin, tool), args);
  const data = path.join(dir, 'data');
  const port = await freePort();
  await exec('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  const start = async () => {
    await exec('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'server.log'), '-w', '-t', '30', 'start']);
  };
  const stop = async () => {
    await exec('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '30', 'stop']);
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop,
    start,
    dispose: async () => {
      await stop().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * The embedded database is a library inside the process, with no server to arbitrate: a second process opening the
 * same data directory (Parley started twice, `npm run db:move` while Parley runs) makes both write the same files,
 * and PGlite aborts or the data is damaged. So a process holds `<dir>.lock` (its pid and host) while it has the
 * directory open. A lock whose process no longer runs on this host (killed with SIGKILL, a power cut) is taken over.
 */

export class DataDirectoryInUseError extends Error {}

interface Holder {
  pid: number;
  host: string;
}

function readHolder(file: string): Holder | null {
  try {
    const holder = JSON.parse(readFileSync(file, 'utf8')) as Partial<Holder>;
    return typeof holder.pid === 'number' && typeof holder.host === 'string' ? { pid: holder.pid, host: holder.host } : null;
  } catch {
    return null;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The lock files this process holds: a lock with this process's pid that is not among them was left by an earlier
 * process that had the same pid (a container restarted after a crash starts its processes with the same pids).
 */
const held = new Set<string>();

/** Takes the data directory's lock; returns its release. Throws DataDirectoryInUseError while another process holds it. */
export function lockDataDirectory(dir: string): () => void {
  const file = path.resolve(`${dir}.lock`);
  const me: Holder = { pid: process.pid, host: hostname() };
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      held.add(file);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw lockError(file, error);
      const holder = readHolder(file);
      // An unreadable lock is one being written this instant, unless it is older than that (its writer died mid-write).
      const stale = !holder
        ? Date.now() - statSync(file, { throwIfNoEntry: false })!.mtimeMs > 10_000
        : holder.pid === process.pid
          ? !held.has(file)
          : holder.host === me.host && !isRunning(holder.pid);
      if (!stale) throw lockError(file, error, holder);
      rmSync(file, { force: true });
    }
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    held.delete(file);
    process.off('exit', release);
    if (readHolder(file)?.pid === process.pid) rmSync(file, { force: true });
  };
  process.on('exit', release);
  return release;
}

function lockError(file: string, error: unknown, holder?: Holder | null): Error {
  if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return error as Error;
  const who = holder ? `process ${holder.pid} on ${holder.host}` : 'another process';
  return new DataDirectoryInUseError(
    `The embedded database is in use by ${who} (lock file ${file}). Stop that process first; if none runs, delete the lock file.`,
  );
}

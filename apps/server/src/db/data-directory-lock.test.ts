import { existsSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirectoryInUseError, lockDataDirectory } from './data-directory-lock';

const newDir = () => path.join(mkdtempSync(path.join(tmpdir(), 'parley-lock-')), 'pglite');
/** A pid no process has: above Linux's pid_max. */
const DEAD_PID = 4_194_305;

describe('the embedded data directory lock', () => {
  it('is held once: a second lock is refused until the first is released', () => {
    const dir = newDir();
    const release = lockDataDirectory(dir);
    expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8'))).toEqual({ pid: process.pid, host: hostname() });
    expect(() => lockDataDirectory(dir)).toThrow(DataDirectoryInUseError);
    release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
    lockDataDirectory(dir)();
  });

  it('takes over a lock whose process is gone, or that an earlier process with this pid left', () => {
    for (const pid of [DEAD_PID, process.pid]) {
      const dir = newDir();
      writeFileSync(`${dir}.lock`, JSON.stringify({ pid, host: hostname() }));
      const release = lockDataDirectory(dir);
      expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8')).pid).toBe(process.pid);
      release();
    }
  });

  it('refuses a lock held by a running process, or by another host (a shared disk), saying by whom', () => {
    const running = newDir();
    writeFileSync(`${running}.lock`, JSON.stringify({ pid: process.ppid, host: hostname() }));
    expect(() => lockDataDirectory(running)).toThrow(`The embedded database is in use by process ${process.ppid} on ${hostname()}`);
    const elsewhere = newDir();
    writeFileSync(`${elsewhere}.lock`, JSON.stringify({ pid: DEAD_PID, host: 'another-host' }));
    expect(() => lockDataDirectory(elsewhere)).toThrow(DataDirectoryInUseError);
  });

  it('an unreadable lock is being written unless it is older than 10 seconds', () => {
    const dir = newDir();
    writeFileSync(`${dir}.lock`, '');
    expect(() => lockDataDirectory(dir)).toThrow('in use by another process');
    const old = new Date(Date.now() - 60_000);
    utimesSync(`${dir}.lock`, old, old);
    lockDataDirectory(dir)();
  });
});

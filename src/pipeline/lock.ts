/**
 * Lock files: one process at a time writes a corpus (the daily job) or a run's slot in an output
 * directory. The lock is taken atomically and always holds its owner, so a crash or a full disk
 * can never leave a lock that nobody can judge:
 *
 *   .NAME.lock.<pid>-<n>.tmp  { pid, host, started }   written whole and fsynced (or nothing)
 *        ──link──►  NAME.lock                           fails with EEXIST while someone holds it
 *
 * A lock that is empty, unreadable or not a lock record, or whose process no longer runs on this
 * host, is stale and taken over: moved aside under a name of our own (only one taker can move it),
 * checked to be the stale one we judged, removed, and the link tried again. A lock of another host
 * cannot be judged from here: it is refused, naming its holder.
 *
 * Limits: a lock names a process, so it excludes processes, not the worker threads of one (they
 * share its pid; the pipeline takes locks in the main thread only). Taking over a stale lock is
 * safe against one rival taker; three acting within the same microseconds could still collide.
 */
import { linkSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { InputError, isSystemError } from '../core/errors.ts';
import { writeFileAtomic } from './atomic.ts';

export interface LockHolder {
  pid: number;
  host: string;
  started: string;
}

/** Locks this process holds (by absolute path): a pid that matches ours is only ours if listed. */
const heldHere = new Set<string>();
let counter = 0;

export interface HeldLock {
  readonly path: string;
  release(): void;
}

/**
 * Take the lock file `path`, or throw an InputError naming `path` and its holder; `what` says in
 * words what the holder is doing ("another daily job holds this corpus").
 */
export function acquireLock(path: string, what: string): HeldLock {
  const absolute = resolve(path);
  const me: LockHolder = { pid: process.pid, host: hostname(), started: new Date().toISOString() };
  const record = JSON.stringify(me) + '\n';
  const tmp = join(dirname(absolute), `.${basename(absolute)}.${process.pid}-${counter++}.tmp`);
  try {
    // A full disk fails here, before any lock exists (writeFileAtomic removes its own temp file).
    writeFileAtomic(tmp, record);
  } catch (e) {
    // name the lock, not our temporary file, in the one-line report
    if (isSystemError(e)) e.path = path;
    throw e;
  }
  try {
    for (let tries = 0; tries < 5; tries++) {
      try {
        linkSync(tmp, absolute);
        heldHere.add(absolute);
        return { path: absolute, release: () => releaseLock(absolute, record) };
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
      const text = readText(absolute);
      if (text === undefined) continue; // gone in between: try again
      const holder = parseHolder(text);
      if (holder && !isStale(holder, absolute)) {
        throw new InputError({ source: path }, `${what} (pid ${holder.pid} on ${holder.host} since ${holder.started}); wait for it to finish, or remove the lock if that process is gone`);
      }
      takeOverStale(absolute, text);
    }
    throw new InputError({ source: path }, `${what}: the lock keeps changing hands; try again`);
  } finally {
    rmSync(tmp, { force: true });
  }
}

/** Hold the lock `path` while `work` runs; released however `work` ends. */
export async function withLock<T>(path: string, what: string, work: () => Promise<T>): Promise<T> {
  const lock = acquireLock(path, what);
  try {
    return await work();
  } finally {
    lock.release();
  }
}

/** A lock record, or null for anything else (empty, cut off, not JSON, wrong fields). */
export function parseHolder(text: string): LockHolder | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { pid, host, started } = value as Record<string, unknown>;
  if (!Number.isSafeInteger(pid) || (pid as number) <= 0 || typeof host !== 'string' || typeof started !== 'string') return null;
  return { pid: pid as number, host, started };
}

/**
 * Stale: its process is gone from this host. Our own pid counts as gone unless this process
 * really holds the lock: a restarted container often runs with the same pid (1) as the one killed.
 */
function isStale(holder: LockHolder, absolute: string): boolean {
  if (holder.host !== hostname()) return false;
  if (holder.pid === process.pid) return !heldHere.has(absolute);
  return !isProcessAlive(holder.pid);
}

/** Move a stale lock aside and remove it, unless what was moved is no longer the stale lock. */
function takeOverStale(absolute: string, staleText: string): void {
  const aside = `${absolute}.stale.${process.pid}-${counter++}`;
  try {
    renameSync(absolute, aside);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return; // another taker was first
    throw e;
  }
  if (readText(aside) !== staleText) {
    // A live lock was linked after we judged: put it back (link fails only if a third took over).
    try {
      linkSync(aside, absolute);
    } catch {
      /* someone holds the name now; the next try judges that one */
    }
  }
  rmSync(aside, { force: true });
}

function releaseLock(absolute: string, record: string): void {
  heldHere.delete(absolute);
  // Remove only our own lock: one taken over by someone who judged us gone stays theirs.
  if (readText(absolute) === record) rmSync(absolute, { force: true });
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    // Unreadable (no permission, a directory) is judged like an empty lock: stale.
    return (e as NodeJS.ErrnoException).code === 'ENOENT' ? undefined : '';
  }
}

/** Whether a process with this id runs on this host (EPERM: it runs, as another user). */
function isProcessAlive(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

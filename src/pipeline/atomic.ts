/**
 * Atomic file writes: the text goes to a temporary file in the same directory, is flushed to
 * disk (fsync), then renamed over the target. A reader (or a resumed run) sees the old file or
 * the whole new one, never half of it, even after a crash or `kill -9`.
 *
 *   DIR/.name.json.<pid>.tmp  ──fsync──►  rename  ──►  DIR/name.json
 *
 * Leftover temporary files of a killed run start with "." and end in ".tmp"; `removeStaleTemps`
 * clears them when the run resumes. The directory itself is fsynced once per run (`syncDir`), so
 * the renames survive a power loss too.
 */
import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

let counter = 0;

/** Write `text` (or bytes) to `path` atomically; `durable` adds the fsync before the rename. */
export function writeFileAtomic(path: string, text: string | Uint8Array, durable = true): void {
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}-${counter++}.tmp`);
  const fd = openSync(tmp, 'w', 0o644);
  try {
    if (typeof text === 'string') writeSync(fd, text);
    else writeSync(fd, text);
    if (durable) fsyncSync(fd);
  } catch (e) {
    closeSync(fd);
    rmSync(tmp, { force: true });
    throw e;
  }
  closeSync(fd);
  try {
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}

/** fsync a directory (its entries: names created or renamed in it). */
export function syncDir(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Some file systems refuse fsync on directories; the files themselves are already durable.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * mkdir -p, parent by parent. Not `mkdirSync(dir, { recursive: true })`: on Node 20 that spins
 * forever when the parent exists but refuses the new name with ENOENT (`--out /proc/x`). A
 * refusal is thrown as the system error (the CLI reports it in one line naming the path).
 */
export function ensureDir(dir: string): void {
  try {
    mkdirSync(dir);
    return;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' && statSync(dir).isDirectory()) return;
    const parent = dirname(dir);
    if (code !== 'ENOENT' || parent === dir) throw e;
    ensureDir(parent);
  }
  mkdirSync(dir); // the parent is there now; a second refusal is final
}

/**
 * Remove the temporary files a killed writer left in `dir` for the targets `owns` accepts (only
 * this run's own names: other shards may be writing into the same directory). Returns how many.
 */
export function removeStaleTemps(dir: string, owns: (target: string) => boolean): number {
  let removed = 0;
  for (const name of readdirSync(dir)) {
    const m = /^\.(.+)\.\d+-\d+\.tmp$/.exec(name);
    if (m && owns(m[1]!)) {
      rmSync(join(dir, name), { force: true });
      removed++;
    }
  }
  return removed;
}

/**
 * Atomic file writes: the text goes to a temporary file in the same directory, is flushed to
 * disk (fsync), then renamed over the target. A reader (or a resumed run) sees the old file or
 * the whole new one, never half of it, even after a crash or `kill -9`.
 *
 *   DIR/.name.json.<pid>.tmp  ──fsync──►  rename  ──►  DIR/name.json
 *
 * Leftover temporary files of a killed run start with "." and end in ".tmp"; `removeStaleTemps`
 * clears them when the run resumes. The directory itself is fsynced once per run (`syncDir`), so
 * the renames survive a power loss too. A short write (a full disk) is never renamed into place:
 * the write fails, naming its target.
 */
import { closeSync, fsyncSync, mkdirSync, opendirSync, openSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** The file calls an atomic write makes; tests pass a fake one (short writes, a full disk). */
export interface WriteFs {
  openSync(path: string, flags: string, mode: number): number;
  writeSync(fd: number, data: Uint8Array, offset: number, length: number): number;
  fsyncSync(fd: number): void;
  closeSync(fd: number): void;
  renameSync(from: string, to: string): void;
  rmSync(path: string, options: { force: boolean }): void;
}

export const nodeWriteFs: WriteFs = { openSync, writeSync, fsyncSync, closeSync, renameSync, rmSync };

let counter = 0;

/**
 * Write `text` (or bytes) to `path` atomically; `durable` adds the fsync before the rename.
 * Every byte is written or the write fails: `write(2)` may write less than asked (a full disk
 * writes what fits, then fails), so it is repeated until all is out, and a write that makes no
 * progress is a full disk. A failure removes the temporary file, leaves `path` as it was, and is
 * thrown as a system error naming `path` (ENOSPC, EDQUOT, EROFS, EACCES …: one line for the CLI).
 */
export function writeFileAtomic(path: string, text: string | Uint8Array, durable = true, fs: WriteFs = nodeWriteFs): void {
  writeFileAtomicChunks(path, [text], durable, fs);
}

/** `writeFileAtomic` of the concatenated chunks (a text too long for one string: a manifest). */
export function writeFileAtomicChunks(path: string, chunks: Iterable<string | Uint8Array>, durable = true, fs: WriteFs = nodeWriteFs): void {
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}-${counter++}.tmp`);
  const fd = fs.openSync(tmp, 'w', 0o644);
  try {
    let pending: string[] = [];
    let pendingLength = 0;
    const flush = () => {
      writeAll(fs, fd, Buffer.from(pending.join(''), 'utf8'));
      pending = [];
      pendingLength = 0;
    };
    for (const chunk of chunks) {
      if (typeof chunk !== 'string') {
        if (pendingLength > 0) flush();
        writeAll(fs, fd, chunk);
        continue;
      }
      // small pieces are joined into writes of about a megabyte
      pending.push(chunk);
      pendingLength += chunk.length;
      if (pendingLength >= 1 << 20) flush();
    }
    if (pendingLength > 0) flush();
    if (durable) fs.fsyncSync(fd);
  } catch (e) {
    closeQuietly(fs, fd);
    fs.rmSync(tmp, { force: true });
    throw naming(e, path, 'write');
  }
  try {
    // close can report a delayed write error (NFS, quotas): the file is then not whole
    fs.closeSync(fd);
    fs.renameSync(tmp, path);
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    throw naming(e, path, 'write');
  }
}

function writeAll(fs: WriteFs, fd: number, bytes: Uint8Array): void {
  for (let done = 0; done < bytes.length; ) {
    const n = fs.writeSync(fd, bytes, done, bytes.length - done);
    if (!(n > 0)) throw systemError('ENOSPC', 'no space left on device', 'write');
    done += n;
  }
}

function closeQuietly(fs: WriteFs, fd: number): void {
  try {
    fs.closeSync(fd);
  } catch {
    /* the first error is the one to report */
  }
}

function systemError(code: string, message: string, syscall: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: ${message}, ${syscall}`), { code, syscall });
}

/**
 * Errors from calls on a file descriptor (write, fsync, close) carry no path; give them the
 * target's, so the report names the file that could not be written instead of "internal error".
 */
function naming(e: unknown, path: string, syscall: string): unknown {
  if (!(e instanceof Error) || typeof (e as NodeJS.ErrnoException).code !== 'string') return e;
  const err = e as NodeJS.ErrnoException;
  if (err.path === undefined) {
    err.path = path;
    err.syscall = syscall;
  }
  return err;
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
 * this run's own names: other shards may be writing into the same directory; a second run of
 * the same shard is kept out by the directory lock). Returns how many.
 */
export function removeStaleTemps(dir: string, owns: (target: string) => boolean): number {
  let removed = 0;
  const entries = opendirSync(dir); // a stream: a directory of millions of files is fine
  try {
    for (let e = entries.readSync(); e !== null; e = entries.readSync()) {
      const m = /^\.(.+)\.\d+-\d+\.tmp$/.exec(e.name);
      if (m && owns(m[1]!)) {
        rmSync(join(dir, e.name), { force: true });
        removed++;
      }
    }
  } finally {
    entries.closeSync();
  }
  return removed;
}

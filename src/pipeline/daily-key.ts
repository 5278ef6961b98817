/**
 * The club's daily key: the secret that makes a daily set unknowable in advance. Each slot's run
 * seed is HMAC-SHA-256(key, "puzzlemill/daily/v1" NUL date NUL slot), so the same key and date give
 * the same bytes, and without the key nothing about a set can be computed (the code, the date and
 * the public folder are not enough).
 *
 * Where the key comes from, first match wins:
 *   --key-file FILE              the file's text (trailing newline ignored); it must exist
 *   $PUZZLEMILL_DAILY_KEY        the variable's text
 *   .puzzlemill/daily.key        (relative to the working directory) created on first use:
 *                                32 crypto-random bytes as 64 hex digits, mode 0600
 *
 * A key shorter than 32 characters is refused: a short passphrase is what a brute force tries first.
 * A key file that group or others may read is reported (`looseMode`) for the caller to warn about.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, linkSync, mkdirSync, openSync, readSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { InputError } from '../core/errors.ts';
import { syncDir } from './atomic.ts';

export const DAILY_KEY_ENV = 'PUZZLEMILL_DAILY_KEY';
export const DEFAULT_KEY_FILE = join('.puzzlemill', 'daily.key');
export const MIN_KEY_CHARS = 32;

export interface DailyKey {
  /** The key's bytes (UTF-8 of its text). */
  bytes: Buffer;
  /** Where it came from: a file path or `$PUZZLEMILL_DAILY_KEY`, for messages. */
  source: string;
  /** True when this call created the default key file. */
  created: boolean;
  /** A key file's mode (octal) when group or others may read it, for a warning. */
  looseMode?: string;
}

export interface KeySources {
  /** `--key-file`: must exist. */
  keyFile?: string;
  /** The value of $PUZZLEMILL_DAILY_KEY, when set. */
  envKey?: string;
  /** The default key file, created when missing (DEFAULT_KEY_FILE unless a test moves it). */
  defaultFile?: string;
}

/** The daily key from the first source that is given; InputError (one line) when it is unusable. */
export function loadDailyKey(sources: KeySources): DailyKey {
  if (sources.keyFile !== undefined) return { bytes: readKeyFile(sources.keyFile), source: sources.keyFile, created: false, ...looseModeOf(sources.keyFile) };
  if (sources.envKey !== undefined) {
    const where = '$' + DAILY_KEY_ENV;
    return { bytes: checkedKey(sources.envKey, { source: where }), source: where, created: false };
  }
  const path = sources.defaultFile ?? DEFAULT_KEY_FILE;
  const created = createKeyFileIfMissing(path);
  return { bytes: readKeyFile(path), source: path, created, ...looseModeOf(path) };
}

/** `{ looseMode }` when others than the owner may read the file (POSIX modes only). */
export function looseModeOf(path: string): { looseMode?: string } {
  if (process.platform === 'win32') return {};
  const mode = statSync(path).mode & 0o777;
  return mode & 0o044 ? { looseMode: mode.toString(8).padStart(4, '0') } : {};
}

/** The run seed of one slot of one day: 64 hex digits, unguessable without the key. */
export function dailySlotSeed(key: Uint8Array, date: string, slot: string): string {
  return createHmac('sha256', key).update(`puzzlemill/daily/v1\u0000${date}\u0000${slot}`).digest('hex');
}

/**
 * A short name of the key for the secret index (so a rerun with another key is noticed, not
 * silently turned into another set); an HMAC, so it says nothing about the key itself.
 */
export function dailyKeyId(key: Uint8Array): string {
  return createHmac('sha256', key).update('puzzlemill/daily/key-id').digest('hex').slice(0, 16);
}

/** A key file is a line: anything longer is not one (and /dev/zero never ends). */
const MAX_KEY_FILE_BYTES = 4096;

function readKeyFile(path: string): Buffer {
  let text: string;
  try {
    text = readAtMost(path, MAX_KEY_FILE_BYTES);
  } catch (e) {
    if (e instanceof InputError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such key file' : code === 'EISDIR' ? 'a directory, not a key file' : code === 'EACCES' ? 'not readable (permission denied)' : `not readable (${code ?? (e as Error).message})`;
    throw new InputError({ source: path }, why);
  }
  return checkedKey(text.replace(/\r?\n$/, ''), { source: path });
}

/**
 * The file's text, read in pieces and never more than `limit` bytes: a device or a pipe that
 * never ends (`--key-file /dev/zero`) is refused in one line, not read until memory runs out.
 * Pipes are fine (`--key-file <(pass show club-key)`).
 */
function readAtMost(path: string, limit: number): string {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(limit + 1);
    let filled = 0;
    for (let got; filled <= limit && (got = readSync(fd, buffer, filled, limit + 1 - filled, null)) > 0; ) filled += got;
    if (filled > limit) throw new InputError({ source: path }, `longer than ${limit} bytes: not a key file (a key is one line, e.g. \`openssl rand -hex 32\`)`);
    return buffer.subarray(0, filled).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

function checkedKey(text: string, where: { source: string }): Buffer {
  if (text.length < MIN_KEY_CHARS) {
    throw new InputError(where, `the daily key has ${text.length} characters, at least ${MIN_KEY_CHARS} are needed (e.g. \`openssl rand -hex 32\`)`);
  }
  return Buffer.from(text, 'utf8');
}

/**
 * Create the key file with a fresh random key unless it exists. Written to a private temp file,
 * then hard-linked into place: the link fails when the name exists, so a key is never replaced,
 * not even by two first runs racing. Returns true when this call created it.
 */
export function createKeyFileIfMissing(path: string): boolean {
  if (existsSync(path)) return false; // the usual case; also where the folder is read-only
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // whatever repository the folder lands in (a project that installed puzzlemill), git leaves the key out
  const ignore = join(dir, '.gitignore');
  if (!existsSync(ignore)) writeFileSync(ignore, '# the club\'s daily key: never commit it\n*\n', { mode: 0o600 });
  const tmp = join(dir, `.daily.key.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const bytes = Buffer.from(randomBytes(32).toString('hex') + '\n', 'utf8');
  const fd = openSync(tmp, 'wx', 0o600);
  try {
    for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(tmp, path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  } finally {
    rmSync(tmp, { force: true });
  }
  syncDir(dir);
  return true;
}

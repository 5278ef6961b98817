/**
 * The daily key (src/pipeline/daily-key.ts) and the `daily` command's files: a fresh machine gets
 * a random key file of mode 0600 once (never replaced), bad keys are one-line refusals, and
 * `daily --out DIR` writes only under DIR (issue 17, defect 19: `--out 0` put fingerprints.ndjson
 * into the working directory).
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { createKeyFileIfMissing, dailyKeyId, dailySlotSeed, loadDailyKey, MIN_KEY_CHARS } from '../../src/pipeline/daily-key.ts';
import { runCli } from '../helpers/cli.ts';

const tmp = mkdtempSync(join(tmpdir(), 'pm-daily-key-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const LONG = 'x'.repeat(MIN_KEY_CHARS);

describe('the daily key', () => {
  test('no key file: one is created with 32 random bytes (64 hex digits), mode 0600, and kept on the next call', () => {
    const path = join(tmp, 'fresh', '.puzzlemill', 'daily.key');
    const first = loadDailyKey({ defaultFile: path });
    expect(first.created).toBe(true);
    expect(first.source).toBe(path);
    expect(readFileSync(path, 'utf8')).toMatch(/^[0-9a-f]{64}\n$/);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const second = loadDailyKey({ defaultFile: path });
    expect(second.created).toBe(false);
    expect(second.bytes.equals(first.bytes)).toBe(true);
    // never overwritten, and no temp file left behind
    expect(createKeyFileIfMissing(path)).toBe(false);
    expect(readdirSync(join(tmp, 'fresh', '.puzzlemill')).sort()).toEqual(['.gitignore', 'daily.key']);
    expect(readFileSync(join(tmp, 'fresh', '.puzzlemill', '.gitignore'), 'utf8')).toMatch(/^\*$/m); // git leaves the key out in any repository
    // two fresh machines get two keys
    expect(loadDailyKey({ defaultFile: join(tmp, 'other', 'daily.key') }).bytes.equals(first.bytes)).toBe(false);
  });

  test('--key-file beats $PUZZLEMILL_DAILY_KEY beats the default file; a missing --key-file is not created', () => {
    const file = join(tmp, 'club.key');
    writeFileSync(file, 'k'.repeat(40) + '\n');
    const defaultFile = join(tmp, 'unused', 'daily.key');
    expect(loadDailyKey({ keyFile: file, envKey: LONG, defaultFile }).bytes.toString()).toBe('k'.repeat(40));
    expect(loadDailyKey({ envKey: LONG, defaultFile }).bytes.toString()).toBe(LONG);
    expect(existsSync(defaultFile)).toBe(false);
    expect(() => loadDailyKey({ keyFile: join(tmp, 'nope.key') })).toThrow(/nope\.key: no such key file$/);
    expect(existsSync(join(tmp, 'nope.key'))).toBe(false);
  });

  test('a key file others can read is used, with a warning to tighten it', () => {
    const file = join(tmp, 'loose.key');
    writeFileSync(file, LONG, { mode: 0o644 });
    chmodSync(file, 0o644);
    expect(loadDailyKey({ keyFile: file }).looseMode).toBe('0644');
    chmodSync(file, 0o600);
    expect(loadDailyKey({ keyFile: file }).looseMode).toBeUndefined();
  });

  test('too short, empty or unreadable keys are refused with one line naming the source', () => {
    const short = join(tmp, 'short.key');
    writeFileSync(short, 'club2026\n');
    expect(() => loadDailyKey({ keyFile: short })).toThrow(/short\.key: the daily key has 8 characters, at least 32 are needed/);
    expect(() => loadDailyKey({ envKey: '' })).toThrow(/^\$PUZZLEMILL_DAILY_KEY: the daily key has 0 characters/);
    mkdirSync(join(tmp, 'a-dir.key'));
    expect(() => loadDailyKey({ keyFile: join(tmp, 'a-dir.key') })).toThrow(/a-dir\.key: a directory, not a key file$/);
    // a device that never ends is read 4 KiB far, not until memory runs out
    for (const device of ['/dev/zero', '/dev/urandom']) expect(() => loadDailyKey({ keyFile: device })).toThrow(new RegExp(`^${device}: longer than 4096 bytes: not a key file`));
    const long = join(tmp, 'long.key');
    writeFileSync(long, 'k'.repeat(4096));
    expect(loadDailyKey({ keyFile: long }).bytes.length).toBe(4096);
  });

  test('slot seeds are HMAC-SHA-256 of date and slot: stable, and different for another key, date or slot', () => {
    const a = Buffer.from(LONG);
    const b = Buffer.from(LONG + 'y');
    const seed = dailySlotSeed(a, '2026-05-01', 'murder-6');
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(dailySlotSeed(a, '2026-05-01', 'murder-6')).toBe(seed);
    expect(new Set([seed, dailySlotSeed(b, '2026-05-01', 'murder-6'), dailySlotSeed(a, '2026-05-02', 'murder-6'), dailySlotSeed(a, '2026-05-01', 'murder-7')]).size).toBe(4);
    expect(dailyKeyId(a)).toMatch(/^[0-9a-f]{16}$/);
    expect(dailyKeyId(a)).not.toBe(dailyKeyId(b));
  });
});

describe('puzzlemill daily', () => {
  test('on a fresh machine: makes the key (says where), writes everything under --out, nothing into the working directory', () => {
    const cwd = join(tmp, 'machine');
    mkdirSync(cwd);
    const r = runCli(['daily', '--date', '2026-05-01', '--out', '0', '--quiet'], { cwd, env: { PUZZLEMILL_DAILY_KEY: undefined as unknown as string } });
    expect(r.stderr).toMatch(/^puzzlemill: daily: made a new random daily key in \/\S+[\\/]\.puzzlemill[\\/]daily\.key \(mode 0600, git-ignored/);
    expect(r.code).toBe(0);
    expect(readdirSync(cwd).sort()).toEqual(['.puzzlemill', '0']);
    expect(readdirSync(join(cwd, '0')).sort()).toEqual(['public', 'secret']);
    expect(readdirSync(join(cwd, '0/secret')).sort()).toEqual(['2026-05-01', 'fingerprints.ndjson']);
    expect(readdirSync(join(cwd, '0/public/2026-05-01'))).toHaveLength(11); // index + 10 player forms
    expect(statSync(join(cwd, '.puzzlemill/daily.key')).mode & 0o777).toBe(0o600);
    expect(statSync(join(cwd, '0/secret')).mode & 0o777).toBe(0o700); // only the owner may enter the secret side
    // a second run keeps the key and the set (no message about a new key)
    const again = runCli(['daily', '--date', '2026-05-01', '--out', '0'], { cwd, env: { PUZZLEMILL_DAILY_KEY: undefined as unknown as string } });
    expect(again.code).toBe(0);
    expect(again.stderr).not.toMatch(/new random daily key/);
    expect(again.stderr).toMatch(/10 puzzles \(0 made, 10 already there\).*publish 0[\\/]public[\\/]2026-05-01[\\/], keep 0[\\/]secret[\\/]2026-05-01[\\/] private/);
  });

  test('a short key, a missing --key-file and a repeated --key-file are one-line errors, exit 2, before any work', () => {
    const cwd = join(tmp, 'bad');
    mkdirSync(cwd);
    const short = runCli(['daily', '--date', '2026-05-01'], { cwd, env: { PUZZLEMILL_DAILY_KEY: 'club2026' } });
    expect(short).toMatchObject({ code: 2, stdout: '', stderr: 'puzzlemill: $PUZZLEMILL_DAILY_KEY: the daily key has 8 characters, at least 32 are needed (e.g. `openssl rand -hex 32`)\n' });
    const missing = runCli(['daily', '--key-file', 'nope.key'], { cwd });
    expect(missing).toMatchObject({ code: 2, stderr: 'puzzlemill: nope.key: no such key file\n' });
    expect(runCli(['daily', '--key-file', '/dev/zero'], { cwd })).toMatchObject({ code: 2, stderr: 'puzzlemill: /dev/zero: longer than 4096 bytes: not a key file (a key is one line, e.g. `openssl rand -hex 32`)\n' });
    expect(runCli(['daily', '--key-file', 'a', '--key-file', 'b'], { cwd })).toMatchObject({ code: 2, stderr: 'puzzlemill: --key-file is given more than once (see --help)\n' });
    expect(runCli(['daily', '--out', ''], { cwd })).toMatchObject({ code: 2, stderr: 'puzzlemill: --out must not be empty (see --help)\n' });
    expect(readdirSync(cwd)).toEqual([]);
  });
});

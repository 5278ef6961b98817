/**
 * The daily job's mechanics on the toy kind (the real plan is exercised in daily-real.test.ts):
 * stable bytes for a date whatever the workers, resume, no repeats across days, the lock, the
 * daily key (same key → same bytes, another key → another set) and the public/secret split.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { validator } from '../../src/core/schema.ts';
import { isDate, makeDaily, publishDue, publishStaged, today, type DailySlot } from '../../src/pipeline/daily.ts';
import { withCorpusLock } from '../../src/pipeline/fingerprint-index.ts';
import { DailyIndex, DailyPublicIndex } from '../../src/pipeline/schema.ts';
import { TOY_MODULE } from './fixtures/toy-kind.ts';

const tmp = mkdtempSync(join(tmpdir(), 'pm-daily-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const PLAN: DailySlot[] = [
  { slot: 'toy-a', kind: 'toy', request: { work: 0 } },
  { slot: 'toy-b', kind: 'toy', request: { work: 1 } },
  { slot: 'toy-c', kind: 'toy', request: { work: 0, failModulo: 2 } },
];

function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string, prefix: string) => {
    for (const name of readdirSync(d, { withFileTypes: true })) {
      if (name.isDirectory()) walk(join(d, name.name), prefix + name.name + '/');
      else out[prefix + name.name] = readFileSync(join(d, name.name), 'utf8');
    }
  };
  walk(dir, '');
  return out;
}

const KEY = Buffer.from('test key: 32 characters or more, for these tests only');

const daily = (corpus: string, date: string, workers = 1, key: Uint8Array = KEY) =>
  makeDaily({ date, root: join(tmp, corpus), key, plan: PLAN, workers, kindModules: [TOY_MODULE] });

describe('daily', () => {
  test('a set made before its day is staged out of public/, the same bytes, and published on its day by one rename', async () => {
    await daily('unstaged', '2026-03-02');
    await makeDaily({ date: '2026-03-02', root: join(tmp, 'staged'), key: KEY, plan: PLAN, workers: 1, kindModules: [TOY_MODULE], stagePublic: true });
    expect(readdirSync(join(tmp, 'staged'))).not.toContain('public');
    expect(tree(join(tmp, 'staged/staged/2026-03-02'))).toEqual(tree(join(tmp, 'unstaged/public/2026-03-02')));
    expect(publishStaged(join(tmp, 'staged'), '2026-03-02')).toBe(true);
    expect(tree(join(tmp, 'staged'))).toEqual({ ...tree(join(tmp, 'unstaged')) });
    expect(publishStaged(join(tmp, 'staged'), '2026-03-02')).toBe(false);
    // a set whose making was interrupted (no secret index) is never published
    mkdirSync(join(tmp, 'half/staged/2026-03-03'), { recursive: true });
    expect(publishStaged(join(tmp, 'half'), '2026-03-03')).toBe(false);
    // every staged day that has come, missed ones too; none of a later day
    await makeDaily({ date: '2026-03-04', root: join(tmp, 'due'), key: KEY, plan: PLAN, workers: 1, kindModules: [TOY_MODULE], stagePublic: true });
    await makeDaily({ date: '2026-03-05', root: join(tmp, 'due'), key: KEY, plan: PLAN, workers: 1, kindModules: [TOY_MODULE], stagePublic: true });
    await makeDaily({ date: '2026-03-07', root: join(tmp, 'due'), key: KEY, plan: PLAN, workers: 1, kindModules: [TOY_MODULE], stagePublic: true });
    expect(await publishDue(join(tmp, 'due'), '2026-03-06')).toEqual(['2026-03-04', '2026-03-05']);
    expect(readdirSync(join(tmp, 'due/public')).sort()).toEqual(['2026-03-04', '2026-03-05']);
    expect(readdirSync(join(tmp, 'due/staged'))).toEqual(['2026-03-07']);
  });

  test('a date gives the same bytes in this thread and in a pool; index and fingerprints valid', async () => {
    const a = await daily('one', '2026-03-01', 1);
    await daily('two', '2026-03-01', 2);
    expect(tree(join(tmp, 'two'))).toEqual(tree(join(tmp, 'one')));
    expect(a.made).toBe(3);
    expect(validator(DailyIndex)(a.index)).toBe(true);
    expect(a.index.puzzles.map((p) => [p.slot, p.file, p.playerFile])).toEqual([
      ['toy-a', 'toy-a.json', 'toy-a.player.json'],
      ['toy-b', 'toy-b.json', 'toy-b.player.json'],
      ['toy-c', 'toy-c.json', 'toy-c.player.json'],
    ]);
    const player = JSON.parse(readFileSync(join(tmp, 'one/public/2026-03-01/toy-a.player.json'), 'utf8'));
    expect(player).not.toHaveProperty('secret');
    expect(readdirSync(join(tmp, 'one/public/2026-03-01')).sort()).toEqual(['index.json', 'toy-a.player.json', 'toy-b.player.json', 'toy-c.player.json']);
    expect(readdirSync(join(tmp, 'one/secret/2026-03-01')).sort()).toEqual(['index.json', 'toy-a.json', 'toy-b.json', 'toy-c.json']);
    const lines = readFileSync(join(tmp, 'one/secret/fingerprints.ndjson'), 'utf8').trim().split('\n');
    expect(lines.map((l) => JSON.parse(l).slot)).toEqual(['toy-a', 'toy-b', 'toy-c']);
  });

  test('rerunning a date resumes: kept files stay, a missing one is made again, same bytes', async () => {
    const before = tree(join(tmp, 'one'));
    rmSync(join(tmp, 'one/secret/2026-03-01/toy-b.json'));
    rmSync(join(tmp, 'one/public/2026-03-01/toy-c.player.json'));
    const again = await daily('one', '2026-03-01');
    expect(again.made).toBe(1);
    expect(tree(join(tmp, 'one'))).toEqual(before);
  });

  test('no puzzle repeats another day: a published fingerprint moves the slot to its next candidate', async () => {
    const first = await daily('three', '2026-03-02');
    // Pretend the 2026-03-02 puzzles of toy-a and toy-b had been published on an earlier day.
    const path = join(tmp, 'three/secret/fingerprints.ndjson');
    const published = readFileSync(path, 'utf8')
      .trim()
      .split('\n')
      .filter((l) => JSON.parse(l).slot !== 'toy-c')
      .map((l) => l.replace('"2026-03-02"', '"2026-02-01"'));
    writeFileSync(path, published.join('\n') + '\n');
    rmSync(join(tmp, 'three/secret/2026-03-02'), { recursive: true });
    rmSync(join(tmp, 'three/public/2026-03-02'), { recursive: true });
    const warnings: string[] = [];
    const second = await makeDaily({ date: '2026-03-02', root: join(tmp, 'three'), key: KEY, plan: PLAN, kindModules: [TOY_MODULE], onWarning: (w) => void warnings.push(w) });
    const fp = (r: typeof first, slot: string) => r.index.puzzles.find((p) => p.slot === slot)!.fingerprint;
    expect(fp(second, 'toy-a')).not.toBe(fp(first, 'toy-a'));
    expect(fp(second, 'toy-b')).not.toBe(fp(first, 'toy-b'));
    expect(fp(second, 'toy-c')).toBe(fp(first, 'toy-c'));
    expect(warnings).toContain('toy-a: candidate 0 repeats 2026-02-01 toy-a; trying the next');
    // …and the next day never reuses any of them
    const next = await daily('three', '2026-03-03');
    const all = readFileSync(path, 'utf8').trim().split('\n').map((l) => JSON.parse(l).fingerprint as string);
    expect(new Set(all).size).toBe(all.length);
    expect(next.index.date).toBe('2026-03-03');
  });

  test('the key decides the set: same key and date → same bytes, another key → other seeds and puzzles, no key → refused remake', async () => {
    const otherKey = Buffer.from('another club, another key of 32+ characters');
    const mine = await daily('key-a', '2026-04-01');
    const again = await daily('key-b', '2026-04-01');
    expect(tree(join(tmp, 'key-b'))).toEqual(tree(join(tmp, 'key-a')));
    const theirs = await daily('key-c', '2026-04-01', 1, otherKey);
    for (const [i, p] of mine.index.puzzles.entries()) {
      expect(theirs.index.puzzles[i]!.seed).not.toBe(p.seed);
      expect(theirs.index.puzzles[i]!.fingerprint).not.toBe(p.fingerprint);
    }
    expect(theirs.index.keyId).not.toBe(mine.index.keyId);
    expect(again.index.keyId).toBe(mine.index.keyId);
    // the seeds are not the date-only ones of before (`daily/DATE`): nothing without the key
    for (const p of mine.index.puzzles) expect(p.seed).not.toContain('2026-04-01');
    // rerunning a published date with the wrong key would replace the set: refused, files untouched
    const before = tree(join(tmp, 'key-a'));
    await expect(daily('key-a', '2026-04-01', 1, otherKey)).rejects.toThrow(/index\.json: 2026-04-01 was made with another daily key \(key id [0-9a-f]{16}, this key is [0-9a-f]{16}\)/);
    expect(tree(join(tmp, 'key-a'))).toEqual(before);
  });

  test('the public index holds ids, kinds, file names and summaries; seeds and fingerprints stay in the secret one', async () => {
    const r = await daily('split', '2026-04-02');
    const pub = JSON.parse(readFileSync(join(tmp, 'split/public/2026-04-02/index.json'), 'utf8'));
    expect(validator(DailyPublicIndex)(pub)).toBe(true);
    expect(pub).toEqual(r.publicIndex);
    expect(pub.puzzles.map((p: { file: string }) => p.file)).toEqual(['toy-a.player.json', 'toy-b.player.json', 'toy-c.player.json']);
    const text = JSON.stringify(pub);
    for (const p of r.index.puzzles) {
      expect(text).not.toContain(p.seed);
      expect(text).not.toContain(p.fingerprint);
    }
    expect(text).not.toMatch(/seed|fingerprint|request|secret/);
  });

  test('a corpus of the old layout (fingerprints.ndjson beside the dates) is refused, not silently forgotten', async () => {
    const root = join(tmp, 'old');
    mkdirSync(root, { recursive: true });
    writeFileSync(join(root, 'fingerprints.ndjson'), '');
    await expect(daily('old', '2026-04-03')).rejects.toThrow(/fingerprints\.ndjson: a daily corpus of the old layout; move it to .*secret.fingerprints\.ndjson/);
  });

  test('a live lock holder is refused with one line; dates are checked', async () => {
    const corpus = join(tmp, 'locked/secret');
    await withCorpusLock(corpus, async () => {
      await expect(daily('locked', '2026-03-04')).rejects.toThrow(/\.lock: another daily job holds this corpus \(pid \d+ on /);
    });
    expect(isDate('2026-02-29')).toBe(false);
    expect(isDate('2028-02-29')).toBe(true);
    expect(isDate(today())).toBe(true);
    await expect(daily('x', '2026-13-01')).rejects.toThrow(/not a date/);
  });
});

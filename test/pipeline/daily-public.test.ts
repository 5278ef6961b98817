/**
 * The public folder of a real daily set gives no solution away (issue 12, point 2): nothing in it
 * (every string, number, key and file name, whole and in pieces), used as a seed or a run seed with
 * the whole library, reproduces a secret file, and structurally it holds no secret part, no seed,
 * no request, no fingerprint and no solution digits. What is left to a player is solving.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { validator } from '../../src/core/schema.ts';
import type { AnyKind, PuzzleRequest } from '../../src/kinds/kind.ts';
import { kindNamed } from '../../src/kinds/registry.ts';
import { dailyPlan, makeDaily, type DailyResult } from '../../src/pipeline/daily.ts';
import { dailySlotSeed } from '../../src/pipeline/daily-key.ts';
import { isAttemptSeed } from '../../src/pipeline/generate-batch.ts';
import { DailyPublicIndex } from '../../src/pipeline/schema.ts';
import { verifyInput } from '../../src/pipeline/verify-batch.ts';
import { corpusPage } from '../../src/render/html.ts';
import { dailyPageIndex } from '../../src/pipeline/daily-page.ts';

const tmp = mkdtempSync(join(tmpdir(), 'pm-daily-public-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const DATE = '2026-02-14';
const KEY = Buffer.from('a club key for the public-folder test, 32+ characters');
const CANDIDATES_PER_SLOT = 20; // makeDaily's default maxCandidates

let result: DailyResult;
const publicFiles: Record<string, string> = {};
const secretFiles: Record<string, string> = {};

beforeAll(async () => {
  result = await makeDaily({ date: DATE, root: tmp, key: KEY });
  for (const name of readdirSync(result.publicDir)) publicFiles[name] = readFileSync(join(result.publicDir, name), 'utf8');
  for (const name of readdirSync(result.secretDir)) secretFiles[name] = readFileSync(join(result.secretDir, name), 'utf8');
});

/** Every string, number and key of a JSON value. */
function atoms(value: unknown, out: Set<string>): Set<string> {
  if (typeof value === 'string') out.add(value);
  else if (typeof value === 'number' || typeof value === 'boolean') out.add(String(value));
  else if (Array.isArray(value)) for (const v of value) atoms(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      atoms(v, out);
    }
  }
  return out;
}

/** All keys anywhere in a JSON value. */
function keys(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) keys(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      keys(v, out);
    }
  }
  return out;
}

/** What someone holding the public folder and the code could try as a seed: every atom, its pieces, and the old date-only recipes. */
function candidates(): string[] {
  const found = new Set<string>([DATE, `daily/${DATE}`, 'daily', 'public', ...Object.keys(publicFiles)]);
  for (const text of Object.values(publicFiles)) atoms(JSON.parse(text), found);
  for (const slot of dailyPlan(DATE)) {
    found.add(slot.slot);
    found.add(`daily/${DATE}/${slot.slot}`);
    found.add(`${DATE}/${slot.slot}`);
  }
  for (const atom of [...found]) {
    for (const piece of atom.split(/[^A-Za-z0-9]+/)) if (piece) found.add(piece);
    found.add(atom.replace(/\.player\.json$|\.json$/, ''));
  }
  return [...found];
}

describe(`the public folder of ${DATE}`, () => {
  test('holds only the public index and player forms; no secret part, seed, request or fingerprint anywhere', () => {
    const names = Object.keys(publicFiles).sort();
    expect(names).toEqual(['index.json', ...result.index.puzzles.map((p) => p.playerFile)].sort());
    const index = JSON.parse(publicFiles['index.json']!);
    expect(validator(DailyPublicIndex)(index)).toBe(true);
    expect(index.puzzles.map((p: { slot: string; size: number; level: number }) => [p.slot, p.size, typeof p.level])).toEqual(
      dailyPlan(DATE).map((s) => [s.slot, s.request.size, 'number']),
    );
    for (const [name, text] of Object.entries(publicFiles)) {
      const all = keys(JSON.parse(text));
      for (const banned of ['secret', 'seed', 'request', 'fingerprint', 'solution', 'proof', 'murderer', 'keyId']) expect(all, `${name}: ${banned}`).not.toContain(banned);
    }
    const everything = Object.values(publicFiles).join('\n');
    for (const p of result.index.puzzles) {
      expect(everything).not.toContain(p.seed);
      expect(everything).not.toContain(p.fingerprint);
      expect(everything).not.toContain(dailySlotSeed(KEY, DATE, p.slot));
    }
    expect(everything).not.toContain(result.index.keyId!);
  });

  test('no solution digits in it, in any order of reading the public text', () => {
    const digitsOnly = Object.values(publicFiles).join('\n').replace(/[^0-9]/g, '');
    for (const p of result.index.puzzles.filter((q) => q.kind === 'numbridge')) {
      const full = JSON.parse(secretFiles[p.file]!);
      const solution = (full.secret.solution as number[][]).flat().join('');
      expect(digitsOnly, p.slot).not.toContain(solution);
      // and no player file carries the solution in its own strings (ids, names) either
      for (const atom of atoms(JSON.parse(publicFiles[p.playerFile]!), new Set())) {
        const digits = atom.replace(/[^0-9]/g, '');
        if (digits.length >= 16) expect(solution, `${p.slot}: ${atom}`).not.toContain(digits);
      }
    }
  });

  test('nothing in it, used as a seed or run seed with the library, gives a secret puzzle back', () => {
    const tries = candidates();
    expect(tries.length).toBeGreaterThan(200); // the whole folder, not a sample
    const reproduces = (seed: string, runSeed: string, request: PuzzleRequest, kind: AnyKind) =>
      Array.from({ length: CANDIDATES_PER_SLOT }, (_, k) => kind.puzzleSeed(runSeed, request, k)).some((s) => isAttemptSeed(seed, s));
    for (const p of result.index.puzzles) {
      const kind = kindNamed(p.kind);
      const request = kind.parseRequest(p.request);
      // the control: with the key, the slot's run seed does give the puzzle back, so the check can see a hit
      expect(reproduces(p.seed, dailySlotSeed(KEY, DATE, p.slot), request, kind), p.slot).toBe(true);
      for (const c of tries) {
        // as the puzzle's own seed (generate(request, c)), or one of its attempt seeds
        expect(isAttemptSeed(p.seed, c), `${p.slot}: ${c}`).toBe(false);
        // as a run seed: every candidate puzzle of the slot (puzzleSeed(c, request, k))
        expect(reproduces(p.seed, c, request, kind), `${p.slot}: ${c}`).toBe(false);
      }
    }
  });

  test('the recipe of before (run seed `daily/DATE`) and the ids as seeds make other puzzles, checked by generating them', () => {
    for (const p of result.index.puzzles) {
      const kind = kindNamed(p.kind);
      const request = kind.parseRequest(p.request);
      const secret = JSON.parse(secretFiles[p.file]!).secret;
      for (const seed of [kind.puzzleSeed(`daily/${DATE}`, request, 0), p.id]) {
        let made;
        try {
          made = kind.generate(request, seed);
        } catch {
          continue; // no puzzle from this seed at all: nothing reproduced
        }
        expect(made.secret.solution, `${p.slot} from ${seed}`).not.toEqual(secret.solution);
      }
    }
  });

  test('is usable as it is: every player form verifies, the index is bookkeeping, the preview follows its slots', () => {
    for (const [name, text] of Object.entries(publicFiles)) {
      const report = verifyInput({ where: { source: name }, value: JSON.parse(text) });
      expect(report.status, name).toBe(name === 'index.json' ? 'skipped' : 'ok');
    }
    const page = corpusPage(result.publicDir, { solution: false, lang: 'en' }, dailyPageIndex);
    expect(page.count).toBe(result.index.puzzles.length);
    const headings = [...page.html.matchAll(/<li><a href="#p\d+">([^<]+)<\/a>/g)].map((m) => m[1]);
    expect(headings).toEqual(dailyPlan(DATE).map((s) => s.slot));
  });
});

/**
 * Mutation fuzzing of every reader, in-process (issue 17, "Done when"): each sample file kind is
 * mutated MUTANTS_PER_SAMPLE times (seeded: FUZZ_SEED, default below) and every mutant goes
 * through the readers of its kind and one reader of another kind. A reader must return or throw
 * a one-line-report error (InputError, NotABoard, GenerationError); any other exception is the
 * CLI's exit 70. A call slower than SLOW_MS is a hang. Failures name the seed, sample, mutant index
 * and mutation steps, so `FUZZ_SEED=… FUZZ_ONLY=kind:index` replays one.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { InputError } from '../../src/core/errors.ts';
import { Rng } from '../../src/core/rng.ts';
import { importPuzzle, verify } from '../../src/index.ts';
import lzString from 'lz-string';
import { readDominoRecord } from '../../src/games/domino/files.ts';
import { replay as replayDomino } from '../../src/games/domino/replay.ts';
import { reportLine } from '../../src/pipeline/verify-batch.ts';
import { SUDOKUPAD_URL } from '../../src/render/interchange/fpuzzles.ts';
import { fromIpuz } from '../../src/render/interchange/ipuz.ts';
import { exportBoard } from '../../src/render/interchange/index.ts';
import { pictureOf } from '../../src/render/pictures.ts';
import { boardBlitz6, boardIrregular6, murderCase } from '../render/samples.ts';
import { mutate } from './mutate.ts';
import { READERS, readersFor } from './readers.ts';
import { samples, type Sample } from './samples.ts';

const SEED = process.env.FUZZ_SEED ?? 'puzzlemill-fuzz-1';
const MUTANTS_PER_SAMPLE = Number(process.env.FUZZ_MUTANTS ?? 100);
const ONLY = process.env.FUZZ_ONLY; // "kind" or "kind:index"
/** A reader call slower than this is reported as a hang. */
const SLOW_MS = 5_000;

let dir: string;
let all: Sample[];
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'puzzlemill-fuzz-'));
  all = await samples();
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Finding {
  where: string;
  error: string;
}

async function fuzzSample(sample: Sample, stats: { calls: number; ms: number; slowest: { ms: number; where: string } }): Promise<Finding[]> {
  const found: Finding[] = [];
  const names = Object.keys(READERS);
  const file = join(dir, sample.name);
  const scratch = join(dir, 'scratch');
  const onlyIndex = ONLY?.includes(':') ? Number(ONLY.split(':')[1]) : undefined;
  for (let i = 0; i < MUTANTS_PER_SAMPLE; i++) {
    if (onlyIndex !== undefined && i !== onlyIndex) continue;
    const rng = new Rng('fuzz', SEED, sample.kind, i);
    const mutant = mutate(sample, rng);
    writeFileSync(file, Buffer.from(mutant.text, 'latin1'));
    const readers = [...readersFor(sample.kind), rng.pick(names)];
    for (const reader of new Set(readers)) {
      const where = `FUZZ_SEED=${SEED} FUZZ_ONLY=${sample.kind}:${i} reader "${reader}", ${mutant.family}: ${mutant.steps.join('; ')}`;
      const t0 = performance.now();
      try {
        await READERS[reader]!({ file, scratch, png: i % 10 === 0 });
      } catch (e) {
        const err = e as Error;
        found.push({ where, error: `${err?.name}: ${String(err?.message).slice(0, 200)} ${(err?.stack ?? '').split('\n').slice(1, 4).join(' | ')}` });
      }
      const ms = performance.now() - t0;
      stats.calls++;
      stats.ms += ms;
      if (ms > stats.slowest.ms) stats.slowest = { ms, where };
      if (ms > SLOW_MS) found.push({ where, error: `took ${ms.toFixed(0)} ms (a hang?)` });
    }
  }
  return found;
}

describe('every reader survives mutated files of every kind', () => {
  const kinds = [
    'numbridge-board', 'numbridge-board.irregular', 'numbridge-board.player', 'numbridge-board.run', 'murder-case', 'murder-case.player',
    'line-0', 'line-1', 'line-2', 'line-3', 'line-4', 'line-many', 'kosmos-deal', 'kosmos-deal.public', 'kosmos-record',
    'domino-deal', 'domino-record', 'domino-position', 'domino-sheet', 'numbridge-deal', 'numbridge-deal.public', 'numbridge-record',
    'daily-index', 'daily-public-index', 'run-manifest', 'ipuz', 'fpuzzles', 'fpuzzles-url', 'sudokupad-url',
  ];
  test('the sample list covers every kind named here', () => {
    expect(all.map((s) => s.kind).sort()).toEqual([...kinds].sort());
  });
  for (const kind of kinds) {
    test.skipIf(ONLY !== undefined && ONLY.split(':')[0] !== kind)(`${kind}: ${MUTANTS_PER_SAMPLE} mutants`, async () => {
      const stats = { calls: 0, ms: 0, slowest: { ms: 0, where: '' } };
      const found = await fuzzSample(all.find((s) => s.kind === kind)!, stats);
      if (process.env.FUZZ_STATS) console.log(`${kind}: ${stats.calls} reader calls, ${stats.ms.toFixed(0)} ms, slowest ${stats.slowest.ms.toFixed(0)} ms (${stats.slowest.where})`);
      expect(found.map((f) => `${f.where}\n    → ${f.error}`).join('\n')).toBe('');
    }, 120_000);
  }
});

/** Text nested `depth` levels deep: far past the call stack of a recursive walker. */
const deepText = (depth: number) => '[{"a":'.repeat(depth / 2) + '0' + '}]'.repeat(depth / 2);
const withDeepField = (file: object, depth: number) => JSON.stringify(file).replace('"public":{', `"public":{"extra":${deepText(depth)},`);

/**
 * What the fuzzers found, kept as fixed cases (each failed before its fix). Library callers hand
 * over parsed values or text that no 64-level limit guarded (the CLI's readers refuse such text
 * before parsing it, so the CLI was not affected).
 */
describe('found by fuzzing', () => {
  test.each([
    ['a Numbridge board', () => boardBlitz6()],
    ['a Murder case', () => murderCase(5)],
  ])('library verify() of %s with an unknown field nested 20,000 deep: bad input, not "internal error … call stack" (the leak scan recursed)', (_what, file) => {
    for (const input of [withDeepField(file(), 20_000), JSON.parse(withDeepField(file(), 20_000)) as object]) {
      const report = verify(input);
      expect(report.status).toBe('bad-input');
      expect(report.problems).toEqual(['JSON nested deeper than 64 levels']);
    }
    // the limit is the CLI's: 64 levels are read as before
    expect(verify(withDeepField(file(), 60)).problems.join()).not.toMatch(/nested|internal/);
  });

  test('a reason or verify report quoting input with a line break stays one line', () => {
    expect(new InputError({ source: 'a.json', pointer: '/format' }, 'found a\nb\u001b[0m').message).toBe('a.json /format: found a\\nb\\u001b[0m');
    const report = verify({ format: 'a\nb', version: 1 });
    expect(reportLine(report)).toBe('<argument> /format: bad input: unknown format "a\\nb" (known: "puzzlemill/numbridge-board", "puzzlemill/murder-case")');
    expect(reportLine({ where: { source: 'x' }, status: 'fail', problems: ['names "Ann\nB"'] })).toBe('x: FAIL: names "Ann\\nB"');
  });

  test('a SudokuPad link whose f-puzzles data nests a cell value 20,000 deep: an InputError, not a RangeError (import, exit 70 before; FUZZ_SEED=hunt-5 FUZZ_ONLY=sudokupad-url:202)', () => {
    const data = JSON.parse(exportBoard(boardBlitz6(), 'fpuzzles', { solution: false })) as { grid: Array<Array<Record<string, unknown>>> };
    data.grid[1]![5] = { given: true, value: 0 };
    const text = JSON.stringify(data).replace('"value":0', `"value":${deepText(20_000)}`);
    const link = SUDOKUPAD_URL + encodeURIComponent(lzString.compressToBase64(text));
    expect(() => importPuzzle(link)).toThrow('the decompressed data is JSON nested deeper than 64 levels');
    expect(() => importPuzzle(JSON.parse(text) as object)).toThrow('JSON nested deeper than 64 levels');
  });

  test('a Domino record with no moves whose leftover could be placed: a contradiction, not "RangeError: no domino -1" (replay domino, complete domino and render exited 70; FUZZ_ONLY=domino-record:186)', () => {
    const record = {
      format: 'puzzlemill/domino-record',
      version: 1,
      id: 'no-moves',
      public: { players: ['A', 'B'], hands: [[[1, 2]], [[7, 8]]], moves: [], leftovers: [{ player: 'B', domino: [7, 8] }] },
    };
    const report = replayDomino(readDominoRecord(record, { source: 'no-moves.json' }));
    const placeable = report.contradictions.find((c) => c.kind === 'unplaceable-but-placeable');
    expect(placeable?.detail).toMatch(/^no domino is on the board yet, and \[7\/8\] fits/);
  });

  test.each(['__proto__', 'constructor', 'toString'])('format %j is an unknown format, not a table entry (verify said "skipped" or "internal error", render exited 70; FUZZ_SEED=hunt-7 FUZZ_ONLY=domino-position:166)', (format) => {
    const file = { format, version: 1, id: 'x', public: {} };
    expect(verify(file)).toMatchObject({ status: 'bad-input', problems: [expect.stringMatching(/^unknown format/)] });
    expect(() => pictureOf(file, { source: 'x.json' }, { solution: false, lang: 'en' })).toThrow(InputError);
  });

  test('library importPuzzle() of an ipuz cell { given: … } nested 20,000 deep: an InputError, not a RangeError (FUZZ_ONLY=ipuz:62)', () => {
    const ipuz = JSON.parse(exportBoard(boardIrregular6(), 'ipuz', { solution: false })) as { puzzle: unknown[][] };
    const cells: unknown[] = [
      JSON.parse('{"given":'.repeat(20_000) + '1' + '}'.repeat(20_000)), // unwrapped: a given 1
      JSON.parse('{"given":'.repeat(10) + deepText(20_000) + '}'.repeat(10)), // an array is no digit
    ];
    const reasons = cells.map((cell) => {
      ipuz.puzzle[1]![1] = cell;
      // the library refuses the depth before reading; the ipuz reader on its own unwraps cells without recursion
      expect(() => importPuzzle(ipuz)).toThrow('JSON nested deeper than 64 levels');
      try {
        fromIpuz(ipuz, { source: 'x.ipuz' });
        return 'read';
      } catch (e) {
        expect(e).toBeInstanceOf(InputError);
        return (e as InputError).reason;
      }
    });
    expect(reasons[0]).not.toMatch(/not a digit/);
    expect(reasons[1]).toBe('an array (1 items) is not a digit of this 6×6 board');
  });
});

/**
 * Mutated files through the real binary (issue 17, "Done when"): a smaller sample than the
 * in-process fuzzer (readers.fuzz.test.ts), but the whole path — argument parsing, streaming
 * input, workers, output, exit codes. Every run must end within its time limit with exit 0, 1
 * or 2, and stderr must be one line per problem: no stack trace ("    at …"), no "internal
 * error", no blank line. Multi-file commands take many mutants in one process (a process start
 * costs ~0.7 s); the single-file ones (replay domino|kosmos, complete domino, --out resume,
 * render --html) get a few runs each. Seeded like the in-process fuzzer: FUZZ_SEED.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lzString from 'lz-string';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Rng } from '../../src/core/rng.ts';
import { runCli, type CliResult } from '../helpers/cli.ts';
import { mutate } from './mutate.ts';
import { MANIFEST_RUN, samples, type Sample } from './samples.ts';

const SEED = process.env.FUZZ_SEED ?? 'puzzlemill-fuzz-1';
/** Mutants per sample kind in each multi-file run. */
const PER_KIND = Number(process.env.FUZZ_CLI_PER_KIND ?? 4);
/** Runs of each single-file command. */
const SINGLE_RUNS = Number(process.env.FUZZ_CLI_SINGLE ?? 3);
/** A run slower than this is a hang (a multi-file run reads ~170 files). */
const TIMEOUT_MS = 60_000;

let dir: string;
let all: Sample[];
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'puzzlemill-cli-fuzz-'));
  all = await samples();
}, 60_000);
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  if (process.env.FUZZ_STATS) console.log(`cli fuzz: ${runs.processes} processes, ${runs.inputs} mutated inputs`);
});

const runs = { processes: 0, inputs: 0 };

interface MutantFile {
  path: string;
  what: string;
}

/** Mutants of the samples whose kind passes `pick`, written under `sub/`, each named after its sample (extension kept). */
function mutants(label: string, pick: (s: Sample) => boolean, perKind: number): MutantFile[] {
  const sub = join(dir, label.replace(/[^a-z0-9]+/gi, '-'));
  mkdirSync(sub, { recursive: true });
  const out: MutantFile[] = [];
  for (const sample of all.filter(pick)) {
    for (let i = 0; i < perKind; i++) {
      const m = mutate(sample, new Rng('fuzz-cli', SEED, label, sample.kind, i));
      const path = join(sub, `${i}-${sample.name}`);
      writeFileSync(path, Buffer.from(m.text, 'latin1'));
      out.push({ path, what: `${sample.kind} #${i} (${m.family}: ${m.steps.join('; ')})` });
    }
  }
  return out;
}

/** The problems of one run: anything but exit 0/1/2 with one-line reports. */
function problemsOf(r: CliResult): string[] {
  const problems: string[] = [];
  if (r.timedOut) problems.push(`did not end within ${TIMEOUT_MS} ms`);
  else if (![0, 1, 2].includes(r.code)) problems.push(`exit ${r.code}`);
  if (/internal error/.test(r.stdout)) problems.push(`stdout: ${/.*internal error.*/.exec(r.stdout)![0].slice(0, 300)}`);
  const lines = r.stderr.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  lines.forEach((line, i) => {
    if (/^\s+at\s/.test(line)) problems.push(`stack line ${i + 1}: ${line.trim()}`);
    else if (/internal error/.test(line)) problems.push(`stderr line ${i + 1}: ${line}`);
    else if (line.trim() === '') problems.push(`stderr line ${i + 1} is blank`);
    // a report names puzzlemill or the input (solve and grade start with the file's path): a raw newline from the input would split one
    else if (!/^(puzzlemill: |\/)/.test(line)) problems.push(`stderr line ${i + 1} is no report: ${line.slice(0, 200)}`);
  });
  return problems;
}

function expectClean(args: string[], files: MutantFile[], extra: string[] = []): CliResult {
  const r = runCli([...args, ...files.map((f) => f.path), ...extra], { timeoutMs: TIMEOUT_MS });
  runs.processes++;
  runs.inputs += Math.max(1, files.length);
  const problems = problemsOf(r);
  const context = problems.length === 0 ? '' : `FUZZ_SEED=${SEED} puzzlemill ${args.join(' ')} on\n  ${files.map((f) => `${f.path}: ${f.what}`).join('\n  ')}\nstderr:\n${r.stderr.slice(0, 4000)}`;
  expect(problems, context).toEqual([]);
  return r;
}

const isJson = (s: Sample) => s.value !== undefined;
const isBoard = (s: Sample) => s.kind.startsWith('numbridge-board');
const everyKind = () => true;

describe('the checks catch what they look for', () => {
  test('a stack trace, exit 70, a blank line and a timeout are problems; one-line reports are not', () => {
    expect(problemsOf({ code: 2, stdout: '', stderr: 'puzzlemill: a.json:1:2: not valid JSON (ends too early: truncated?)\n/tmp/b.txt:3:7: bad character\n' })).toEqual([]);
    expect(problemsOf({ code: 70, stdout: '', stderr: 'puzzlemill: internal error: x is undefined\n' })).toEqual(['exit 70', 'stderr line 1: puzzlemill: internal error: x is undefined']);
    expect(problemsOf({ code: 1, stdout: '', stderr: 'puzzlemill: TypeError: x\n    at f (a.ts:1:1)\n\n' })).toEqual(['stack line 2: at f (a.ts:1:1)', 'stderr line 3 is blank']);
    expect(problemsOf({ code: 2, stdout: '', stderr: 'puzzlemill: a.json: unknown format "a\nb"\n' })).toEqual(['stderr line 2 is no report: b"']);
    expect(problemsOf({ code: -1, stdout: '', stderr: '', timedOut: true })).toEqual([`did not end within ${TIMEOUT_MS} ms`]);
  });
});

describe('mutated files through the real binary: exit 0/1/2, one line per problem, no hang', () => {
  test('verify (one thread, and the worker pool)', () => {
    const r = expectClean(['verify', '-j', '1'], mutants('verify', everyKind, PER_KIND));
    expect(r.stderr).toMatch(/verified \d+/);
    expectClean(['verify', '-j', '2', '--json'], mutants('verify-pool', everyKind, 2));
  }, 180_000);

  test('solve --count and grade', () => {
    const files = mutants('solve', (s) => s.line === true || isBoard(s), PER_KIND);
    expectClean(['solve', '--count', '--max-nodes', '200000'], files);
    expectClean(['grade', '--json'], files);
  }, 180_000);

  test('import (auto) and export', () => {
    expectClean(['import'], mutants('import', (s) => s.line === true || s.url !== undefined || ['ipuz', 'fpuzzles'].includes(s.kind), PER_KIND));
    const boards = mutants('export', isBoard, PER_KIND);
    expectClean(['export', '--to', 'sudokupad', '--solution'], boards);
    expectClean(['export', '--to', 'ipuz'], boards);
  }, 180_000);

  test('render, SVG and PNG', () => {
    expectClean(['render', '--out', join(dir, 'pictures'), '--solution', '--lang', 'de'], mutants('render', isJson, PER_KIND));
    expectClean(['render', '--format', 'png', '--out', join(dir, 'png'), '--turn', '2'], mutants('render-png', isJson, 1));
  }, 180_000);

  test('replay numbridge', () => {
    expectClean(['replay', 'numbridge', '--json'], mutants('replay-numbridge', (s) => s.kind.startsWith('numbridge-'), PER_KIND * 2));
  }, 180_000);

  test('replay domino, replay kosmos, complete domino: one file a run', () => {
    const rng = new Rng('fuzz-cli', SEED, 'single');
    const runs: Array<[string[], (s: Sample) => boolean]> = [
      [['replay', 'domino'], (s) => s.kind.startsWith('domino-')],
      [['replay', 'kosmos', '--json'], (s) => s.kind.startsWith('kosmos-')],
      [['complete', 'domino', '--max-nodes', '200000'], (s) => s.kind.startsWith('domino-')],
    ];
    for (const [args, pick] of runs) {
      const files = mutants(args.join('-'), pick, SINGLE_RUNS);
      for (let k = 0; k < SINGLE_RUNS; k++) expectClean(args, [rng.pick(files)]);
    }
  }, 180_000);

  test('generate --out resumes over a mutated manifest or puzzle file', () => {
    const files = mutants('resume', (s) => s.kind === 'run-manifest' || s.kind === 'numbridge-board.run', SINGLE_RUNS);
    const rng = new Rng('fuzz-cli', SEED, 'resume');
    for (let k = 0; k < SINGLE_RUNS; k++) {
      const f = rng.pick(files);
      const out = join(dir, `out-${k}`);
      mkdirSync(out, { recursive: true });
      copyFileSync(f.path, join(out, f.path.endsWith('manifest.json') ? 'manifest.json' : 'numbridge-000000.json'));
      expectClean(['generate', 'numbridge', '--size', '6', '--blocks', 'regular', '--givens', '14', '--count', String(MANIFEST_RUN.count), '--seed', MANIFEST_RUN.seed, '--player', '-j', '1', '-q', '--out', out], [], []);
    }
  }, 180_000);

  test('render --html over a folder with a mutated daily index', () => {
    const files = mutants('html', (s) => s.kind.startsWith('daily-'), 2);
    files.forEach((f, k) => {
      const folder = join(dir, `html-${k}`);
      mkdirSync(folder, { recursive: true });
      copyFileSync(f.path, join(folder, 'index.json'));
      expectClean(['render', '--html', folder], []);
    });
  }, 180_000);
});

/** What the fuzzers found through the binary, kept as fixed cases (each failed before its fix). */
describe('found by fuzzing', () => {
  test('a "format" or id with a line break is quoted on one line (render, replay, complete, export said it raw, over two lines)', () => {
    const sub = join(dir, 'found');
    mkdirSync(sub, { recursive: true });
    const odd = join(sub, 'odd-format.json');
    writeFileSync(odd, JSON.stringify({ format: 'a\nb', version: 1, id: 'x', public: {} }) + '\n');
    for (const args of [['render', '--out', join(sub, 'pictures')], ['replay', 'numbridge'], ['replay', 'kosmos'], ['replay', 'domino'], ['complete', 'domino'], ['export', '--to', 'line']]) {
      const r = expectClean(args, [{ path: odd, what: 'format "a\\nb"' }]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(/^puzzlemill: .*a\\nb.*\n$/);
    }
    // a SudokuPad link (a line: no JSON depth limit had seen its data) with a cell value nested 20,000 deep was exit 70
    const pad = all.find((s) => s.kind === 'sudokupad-url')!.text.trim();
    const packed = pad.slice(pad.indexOf('fpuzzles') + 'fpuzzles'.length);
    const data = lzString.decompressFromBase64(decodeURIComponent(packed))!.replace(/"value":\d/, `"value":${'['.repeat(20_000)}${']'.repeat(20_000)}`);
    const deepLink = join(sub, 'deep-link.txt');
    writeFileSync(deepLink, pad.slice(0, pad.length - packed.length) + encodeURIComponent(lzString.compressToBase64(data)) + '\n');
    const imported = expectClean(['import'], [{ path: deepLink, what: 'a SudokuPad link, a value nested 20,000 deep' }]);
    expect(imported.code).toBe(2);
    expect(imported.stderr).toMatch(/nested deeper than 64 levels\n$/);
    // grade's report line names the board's id
    const board = { ...all.find((s) => s.kind === 'numbridge-board')!.value as object, id: 'x\ny' };
    const withId = join(sub, 'odd-id.json');
    writeFileSync(withId, JSON.stringify(board) + '\n');
    const graded = expectClean(['grade'], [{ path: withId, what: 'id "x\\ny"' }]);
    expect(graded.stdout.split('\n').filter(Boolean)).toHaveLength(1);
    expect(graded.stdout).toContain(' x\\ny ');
  }, 120_000);
});

/**
 * Every reader of puzzlemill input, called in-process the way its command or library function
 * calls it (same modules, same order), for the fuzzers. A reader either returns or throws one of
 * the error types the CLI turns into a one-line report (InputError → exit 2; NotABoard,
 * GenerationError → exit 1); anything else thrown is what the CLI reports as "internal error",
 * exit 70. Searches get a node budget (reaching it is a normal "undecided" answer): unbounded
 * searches on foreign input are issue 17 item 14's, not this fuzzer's.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GenerationError, InputError, type InputPosition } from '../../src/core/errors.ts';
import { assertReadable } from '../../src/core/schema.ts';
import { readItems, type InputItem } from '../../src/cli/input.ts';
import { completionQuestion } from '../../src/cli/commands/complete-domino.ts';
import { formatOf, readGameFile } from '../../src/cli/commands/game-file.ts';
import { assertOwnOutput } from '../../src/cli/commands/own-output.ts';
import { readDominoGame } from '../../src/cli/commands/replay-domino.ts';
import { completeDominoes } from '../../src/games/domino/completion.ts';
import { readDominoDeal, readDominoPosition } from '../../src/games/domino/files.ts';
import { recordFromText } from '../../src/games/domino/record.ts';
import { parseRecordText } from '../../src/games/domino/record-text.ts';
import { formatReplay as formatDominoReplay, replay as replayDomino, replayJson as dominoReplayJson } from '../../src/games/domino/replay.ts';
import { DominoReplayJson } from '../../src/games/domino/schema.ts';
import { readKosmosDeal, readKosmosRecord } from '../../src/games/kosmos/files.ts';
import { kosmosReplayJson, replayKosmos } from '../../src/games/kosmos/replay.ts';
import { KosmosReplayJson } from '../../src/games/kosmos/schema.ts';
import { readNumbridgeDeal, readNumbridgeRecord } from '../../src/games/numbridge/files.ts';
import { formatReplay as formatNumbridgeReplay, replayJson as numbridgeReplayJson, replayNumbridge } from '../../src/games/numbridge/replay.ts';
import { NumbridgeReplayJson } from '../../src/games/numbridge/schema.ts';
import * as library from '../../src/index.ts';
import { gradeSudokuBoard, solveBoard } from '../../src/kinds/board-checks.ts';
import type { AnyFormat, PuzzleFile } from '../../src/kinds/kind.ts';
import { kindForFormat, kindNamed } from '../../src/kinds/registry.ts';
import { playerForm, readBoardFile } from '../../src/numbridge-board/board-file.ts';
import { OutDir } from '../../src/pipeline/out-dir.ts';
import { reportJson, reportLine, verifyInput, type VerifyInput } from '../../src/pipeline/verify-batch.ts';
import { corpusPage } from '../../src/render/html.ts';
import { dailyPageIndex } from '../../src/pipeline/daily-page.ts';
import { boardFileOf, NotABoard } from '../../src/render/interchange/board.ts';
import { exportBoard, importItem, SOURCES, TARGETS } from '../../src/render/interchange/index.ts';
import { dominoRecordPicture } from '../../src/render/games/domino.ts';
import { pictureOf } from '../../src/render/pictures.ts';
import { svgToPng } from '../../src/render/png.ts';
import { LineError, parseLine } from '../../src/sudoku/line-format.ts';
import type { Board } from '../../src/sudoku/types.ts';
import { MANIFEST_RUN } from './samples.ts';

/** Search nodes a fuzzed search may use before it is "undecided" (a normal answer). */
export const FUZZ_MAX_NODES = 200_000;

/** The errors a command reports in one line (everything else is exit 70). */
export function isReportedError(e: unknown): boolean {
  return e instanceof InputError || e instanceof NotABoard || e instanceof GenerationError;
}

export interface ReaderContext {
  /** The mutated file, written under the sample's name. */
  file: string;
  /** A scratch directory this reader may use (emptied by the reader). */
  scratch: string;
  /** render: also make the PNG (resvg; slower, so only for some mutants). */
  png?: boolean;
}

export type Reader = (ctx: ReaderContext) => Promise<void> | void;

/** One input item's error as the command reports it: fine, it is a one-line report. */
function drop(item: InputItem): item is Extract<InputItem, { kind: 'error' }> {
  if (item.kind !== 'error') return false;
  if (!(item.error instanceof InputError)) throw new Error('readItems yielded a non-InputError');
  return true;
}

/** Every item, each handled by `each`; a reported error of one item does not stop the others (as in the commands). */
async function eachItem(file: string, each: (item: Exclude<InputItem, { kind: 'error' }>) => void): Promise<void> {
  for await (const item of readItems([file])) {
    if (drop(item)) continue;
    try {
      each(item);
    } catch (e) {
      if (!isReportedError(e)) throw e;
    }
  }
}

/** The format of a JSON item, which must have the capability (puzzle-input.ts refuses it otherwise). */
function capable(item: Extract<InputItem, { kind: 'json' }>, capability: 'solve' | 'grade'): AnyFormat {
  const format = kindForFormat(String((item.value as { format?: unknown } | null)?.format));
  if (!format || typeof format[capability] !== 'function') throw new InputError(item.where, `no ${capability} for this format`);
  return format;
}

/** The item as its format's reader accepts it, placed as the commands place it. */
function readable(item: Extract<InputItem, { kind: 'json' }>): PuzzleFile {
  const value: unknown = item.value;
  const format = kindForFormat(String((value as { format?: unknown }).format))!;
  assertReadable<PuzzleFile>(format.schema, value, item.where);
  return value;
}

/** A line-format puzzle's board, as src/cli/puzzle-input.ts reads it (without its stderr line and exit code). */
function boardOf(item: Extract<InputItem, { kind: 'line' }>): Board {
  try {
    return parseLine(item.text);
  } catch (e) {
    if (e instanceof LineError) throw new InputError({ ...item.where, column: e.column }, e.message);
    throw e;
  }
}

function verifyOne(input: VerifyInput): void {
  const report = verifyInput(input);
  if (!['ok', 'fail', 'bad-input', 'skipped'].includes(report.status)) throw new Error(`verify status ${report.status}`);
  // verify catches a crashing checker so that the other puzzles are still checked: still a bug
  const crash = report.problems.find((p) => p.startsWith('internal error'));
  if (crash) throw new Error(`verify reported: ${crash}`);
  reportLine(report);
  reportJson(report);
}

function freshDir(dir: string): string {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

export const READERS: Readonly<Record<string, Reader>> = {
  verify: (c) =>
    eachItem(c.file, (item) => verifyOne(item.kind === 'line' ? { where: item.where, line: item.text } : { where: item.where, value: item.value })),

  // as solve and grade run them (src/cli/puzzle-input.ts): a line, or any format's capability
  solve: (c) =>
    eachItem(c.file, (item) => {
      const options = { maxNodes: FUZZ_MAX_NODES, count: true };
      const report = item.kind === 'line' ? solveBoard(boardOf(item), options) : capable(item, 'solve').solve!(readable(item), options);
      if (report.solutions !== null && report.solutions > 0 && typeof report.line !== 'string') throw new Error('a solution without its line');
    }),

  grade: (c) =>
    eachItem(c.file, (item) => {
      const options = { maxNodes: FUZZ_MAX_NODES, proof: true };
      const report = item.kind === 'line' ? gradeSudokuBoard(boardOf(item), options) : capable(item, 'grade').grade!(readable(item), options);
      if (!report.guessFree && !report.verdict?.reason) throw new Error('no grade and no reason');
      for (const step of report.steps ?? []) void step.text.de;
    }),

  import: (c) =>
    eachItem(c.file, (item) => {
      for (const from of SOURCES) {
        try {
          const file = boardFileOf(importItem(item, from), item.where);
          JSON.stringify(playerForm(file));
        } catch (e) {
          if (!isReportedError(e)) throw e;
        }
      }
    }),

  export: (c) =>
    eachItem(c.file, (item) => {
      if (item.kind === 'line') return;
      if (formatOf(item.value) !== 'puzzlemill/numbridge-board') return;
      const { file } = readBoardFile(item.value, item.where);
      for (const target of TARGETS) for (const solution of [false, true]) exportBoard(file, target, { solution, url: target === 'fpuzzles' && solution });
    }),

  render: async (c) => {
    const head = readRaw(c.file).subarray(0, 4096).toString('utf8').replace(/^\uFEFF/, '');
    const first = head.search(/\S/);
    if (first >= 0 && head[first] !== '{' && head[first] !== '[') {
      // the sheet's notation, read whole (render.ts's isSheetText and sheetRecord)
      try {
        const input = readGameFile(c.file);
        if (input.kind !== 'text') throw new Error('internal: expected a text record');
        const picture = dominoRecordPicture(recordFromText(parseRecordText(input.text, input.source)), 'sheet', { solution: false, lang: 'de' });
        if (c.png) svgToPng(picture.svg, { scale: 1 });
      } catch (e) {
        if (!isReportedError(e)) throw e;
      }
      return;
    }
    await eachItem(c.file, (item) => {
      if (item.kind === 'line') return;
      for (const solution of [false, true]) {
        const drawn = pictureOf(item.value, item.where, { solution, lang: solution ? 'de' : 'en', ...(solution ? { turn: 3 } : {}) });
        if (c.png && solution) svgToPng(drawn.picture.svg, { scale: 1 });
      }
    });
  },

  'render --html': (c) => {
    // the mutated file in a corpus folder, beside a daily index's reader
    const dir = freshDir(join(c.scratch, 'html'));
    writeFileSync(join(dir, c.file.endsWith('.txt') ? 'index.json' : c.file.replace(/^.*[\\/]/, '')), readRaw(c.file));
    const page = corpusPage(dir, { solution: true, lang: 'en' }, dailyPageIndex);
    if (typeof page.html !== 'string') throw new Error('no page');
  },

  'replay numbridge': (c) =>
    eachItem(c.file, (item) => {
      if (item.kind === 'line') return;
      if (formatOf(item.value) !== 'puzzlemill/numbridge-record') return;
      const { file: record, setup, dealFile } = readNumbridgeRecord(item.value, item.where);
      const report = replayNumbridge(record, setup, dealFile);
      assertOwnOutput(NumbridgeReplayJson, numbridgeReplayJson(report, record.id), 'the replay report');
      formatNumbridgeReplay(report);
    }),

  'replay domino': (c) => {
    try {
      const report = replayDomino(readDominoGame(c.file));
      assertOwnOutput(DominoReplayJson, dominoReplayJson(report), 'the replay report');
      formatDominoReplay(report);
    } catch (e) {
      if (!isReportedError(e)) throw e;
    }
  },

  'replay kosmos': (c) => {
    try {
      const input = readGameFile(c.file);
      if (input.kind !== 'json' || formatOf(input.value) !== 'puzzlemill/kosmos-record') return;
      const report = replayKosmos(readKosmosRecord(input.value, input.where));
      assertOwnOutput(KosmosReplayJson, kosmosReplayJson(report), 'the replay report');
    } catch (e) {
      if (!isReportedError(e)) throw e;
    }
  },

  'complete domino': (c) => {
    try {
      completeDominoes(completionQuestion(c.file), { maxNodes: FUZZ_MAX_NODES });
    } catch (e) {
      if (!isReportedError(e)) throw e;
    }
  },

  'generate --out resume': (c) => {
    // the mutated file as the run's manifest or as its puzzle 0, then prepare and resume as a rerun does
    const dir = freshDir(join(c.scratch, 'out'));
    const isManifest = /manifest\.json$/.test(c.file);
    writeFileSync(join(dir, isManifest ? 'manifest.json' : 'numbridge-000000.json'), readRaw(c.file));
    const kind = kindNamed('numbridge');
    const out = new OutDir(dir, { kind, request: kind.parseRequest({ size: 6, blocks: 'regular', givens: 14 }), seed: MANIFEST_RUN.seed, count: MANIFEST_RUN.count, shard: { index: 0, of: 1 }, player: true });
    try {
      out.prepare();
    } catch (e) {
      if (!isReportedError(e)) throw e;
      return;
    }
    try {
      for (const k of out.present()) out.resume(k, MANIFEST_RUN.seed);
      out.finish(false);
    } finally {
      out.release();
    }
  },

  library: (c) => {
    const text = readRaw(c.file).toString('utf8');
    const where: InputPosition = { source: '<argument>' };
    const call = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        if (!isReportedError(e)) throw e;
      }
    };
    const verified = (r: library.VerifyReport) => {
      const crash = r.problems.find((p) => p.startsWith('internal error'));
      if (crash) throw new Error(`verify reported: ${crash}`);
    };
    call(() => verified(library.verify(text)));
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      const line = text.split('\n')[0]!;
      call(() => library.solve(line, { limit: 2, maxNodes: FUZZ_MAX_NODES }));
      call(() => library.grade(line, { steps: true }));
      call(() => library.importPuzzle(line));
      return;
    }
    if (value === null || typeof value !== 'object') return;
    call(() => verified(library.verify(value as object)));
    const format = formatOf(value);
    if (format === 'puzzlemill/numbridge-board') {
      call(() => library.solve(value as never, { limit: 2, maxNodes: FUZZ_MAX_NODES }));
      call(() => library.grade(value as never));
      call(() => library.exportPuzzle(value as never, 'sudokupad', { solution: true }));
    }
    call(() => library.renderSvg(value as object, { solution: true }));
    call(() => library.importPuzzle(value as object));
    call(() => readKosmosDeal(value, where));
    call(() => readDominoDeal(value, where));
    call(() => readDominoPosition(value, where));
    call(() => readNumbridgeDeal(value, where));
    if (format === 'puzzlemill/kosmos-record') call(() => replayKosmos(readKosmosRecord(value, where)));
    if (format === 'puzzlemill/numbridge-record') call(() => {
      const r = readNumbridgeRecord(value, where);
      replayNumbridge(r.file, r.setup, r.dealFile);
    });
  },
};

function readRaw(file: string): Buffer {
  return readFileSync(file);
}

/** Which readers take which sample kinds (by the kind's first word); every reader also gets other kinds now and then. */
export function readersFor(kind: string): string[] {
  const base = kind.split('.')[0]!;
  const always = ['verify', 'library'];
  if (base === 'numbridge-board') return [...always, 'solve', 'grade', 'export', 'render', 'generate --out resume', 'render --html'];
  if (base === 'murder-case') return [...always, 'solve', 'grade', 'render', 'render --html'];
  if (base.startsWith('line')) return [...always, 'solve', 'grade', 'import'];
  if (base === 'kosmos-deal') return [...always, 'render'];
  if (base === 'kosmos-record') return [...always, 'render', 'replay kosmos'];
  if (base.startsWith('domino')) return [...always, 'render', 'replay domino', 'complete domino'];
  if (base === 'numbridge-deal') return [...always];
  if (base === 'numbridge-record') return [...always, 'replay numbridge'];
  if (base.startsWith('daily')) return [...always, 'render --html'];
  if (base === 'run-manifest') return [...always, 'generate --out resume'];
  return [...always, 'import']; // ipuz, f-puzzles, SudokuPad
}

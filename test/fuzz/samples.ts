/**
 * One valid sample of every file kind a reader takes, made in-process from fixed seeds (the
 * fuzzers mutate these): Numbridge boards (full and player form), a Murder case (full and player),
 * line-format puzzles (plain, with a block map, with count and solution), Kosmos deal and record,
 * Domino deal, record (JSON and the sheet's notation) and position, a Numbridge deal and record,
 * the daily indexes (secret and public), a generate manifest, and the import formats (ipuz,
 * f-puzzles JSON and URL, SudokuPad URL). Each sample says which file name it is read under
 * (the extension decides how `readItems` reads it).
 */
import { readFileSync } from 'node:fs';
import { validator } from '../../src/core/schema.ts';
import { dealDomino } from '../../src/games/domino/files.ts';
import { dealNumbridge } from '../../src/games/numbridge/deal.ts';
import { playGame } from '../../src/games/numbridge/selfplay.ts';
import { kindNamed } from '../../src/kinds/registry.ts';
import { playerForm as boardPlayerForm } from '../../src/numbridge-board/board-file.ts';
import { generateRun } from '../../src/pipeline/generate-run.ts';
import { DailyIndex, DailyPublicIndex, RunManifest } from '../../src/pipeline/schema.ts';
import { exportBoard } from '../../src/render/interchange/index.ts';
import { toLine } from '../../src/render/interchange/line.ts';
import { boardBlitz6, boardIrregular6, DOMINO_EXAMPLE, kosmosDeal, kosmosRecord, murderCase } from '../render/samples.ts';

export interface Sample {
  /** What it is, for messages: `numbridge-board`, `murder-case.player`, … */
  kind: string;
  /** The file name it is read under (the extension matters: `.json` is JSON whatever it holds). */
  name: string;
  text: string;
  /** Parsed JSON (absent for text samples), for the JSON-aware mutations. */
  value?: unknown;
  /** A line-format sample: the line mutations apply. */
  line?: boolean;
  /** A URL sample: its payload is f-puzzles JSON, mutated and packed again. */
  url?: 'fpuzzles' | 'sudokupad';
}

const json = (kind: string, value: unknown, name = `${kind}.json`): Sample => ({ kind, name, text: JSON.stringify(value) + '\n', value });

/** The generate run a manifest sample belongs to (the --out resume fuzzer opens an OutDir for it). */
export const MANIFEST_RUN = { seed: 'fuzz-run', count: 2 } as const;

let cached: Sample[] | undefined;

export async function samples(): Promise<Sample[]> {
  if (cached) return cached;
  const board = boardBlitz6();
  const irregular = boardIrregular6();
  const kase = murderCase(5);
  const dominoDeal = dealDomino(2, 'fuzz');
  const nbDeal = dealNumbridge({ variant: 'blitz' }, 'fuzz');
  const nbRecord = playGame(nbDeal, { bots: ['logic', 'random'], errorRate: 0.2, timeoutRate: 0.1, maxPlies: 40 }, 'fuzz').record;
  const kosmos = kosmosDeal();
  const { public: kosmosPublic, id: kosmosId, format: kosmosFormat, version: kosmosVersion } = kosmos;
  const nbPublicDeal = { format: nbDeal.format, version: nbDeal.version, id: nbDeal.id, public: nbDeal.public };

  const dominoRecord = {
    format: 'puzzlemill/domino-record',
    version: 1,
    id: 'fuzz-domino',
    public: {
      players: ['A', 'B'],
      hands: [[[1, 2], [2, 3], [5, 6]], [[3, 4], [4, 5], [7, 8]]],
      moves: [
        { player: 'A', kind: 'place', domino: [1, 2], cells: [[0, 0], [0, 1]] },
        { player: 'B', kind: 'place', domino: [3, 4], cells: [[4, 4], [4, 5]] },
        { player: 'A', kind: 'place', domino: [2, 3], cells: [[1, 1], [2, 1]] },
        { player: 'B', kind: 'pass' },
      ],
      leftovers: [{ player: 'B', domino: [7, 8] }],
      totals: { A: 0, B: -15 },
      winner: 'A',
    },
  };
  const position = {
    format: 'puzzlemill/domino-position',
    version: 1,
    id: 'fuzz-position',
    public: {
      board: Array.from({ length: 9 }, (_, r) => Array.from({ length: 9 }, (_, c) => (r === 0 && c < 4 ? c + 1 : 0))),
      remaining: [[5, 6], [7, 8], [6, 9]],
      last: [3, 4],
    },
  };

  const secretIndex = {
    format: 'puzzlemill/daily-index',
    version: 1,
    date: '2026-01-01',
    keyId: '0123456789abcdef',
    puzzles: [
      { slot: 'numbridge-6-regular', kind: 'numbridge', format: board.format, request: { size: 6, blocks: 'regular', givens: 14 }, file: 'numbridge-6-regular.json', playerFile: 'numbridge-6-regular.player.json', id: board.id, seed: board.secret!.seed, fingerprint: 'f0', summary: '6×6 regular' },
      { slot: 'murder-5', kind: 'murder', format: kase.format, request: { size: 5, level: 'easy', robust: false }, file: 'murder-5.json', playerFile: 'murder-5.player.json', id: kase.id, seed: kase.secret!.seed, fingerprint: 'f1', summary: '5×5 easy' },
    ],
  };
  const publicIndex = {
    format: 'puzzlemill/daily-public-index',
    version: 1,
    date: '2026-01-01',
    puzzles: [
      { slot: 'numbridge-6-regular', kind: 'numbridge', format: board.format, id: board.id, file: 'numbridge-6-regular.player.json', size: 6, level: board.public.grade.level, summary: '6×6 regular' },
      { slot: 'murder-5', kind: 'murder', format: kase.format, id: kase.id, file: 'murder-5.player.json', size: 5, level: kase.public.level.level, summary: '5×5 easy' },
    ],
  };
  const kind = kindNamed('numbridge');
  const request = kind.parseRequest({ size: 6, blocks: 'regular', givens: 14 });
  // puzzle 0 of the manifest's run: the file a resumed run finds and reads
  const made: string[] = [];
  await generateRun({ kind, request, seed: MANIFEST_RUN.seed, count: 1, workers: 1, writeLine: (l) => void made.push(l) });
  const runBoard = JSON.parse(made[0]!) as { id: string; secret: { seed: string } };
  const manifest = {
    format: 'puzzlemill/run-manifest',
    version: 1,
    kind: 'numbridge',
    puzzleFormat: kind.format,
    request,
    paramsKey: kind.paramsKey(request),
    seed: MANIFEST_RUN.seed,
    count: MANIFEST_RUN.count,
    shard: { index: 0, of: 1 },
    range: { start: 0, end: MANIFEST_RUN.count },
    player: true,
    complete: false,
    puzzles: [{ index: 0, file: 'numbridge-000000.json', playerFile: 'numbridge-000000.player.json', id: runBoard.id, seed: runBoard.secret.seed, fingerprint: 'f0' }],
    failed: [{ index: 1, reason: 'no board' }],
  };
  for (const [schema, value] of [[DailyIndex, secretIndex], [DailyPublicIndex, publicIndex], [RunManifest, manifest]] as const) {
    if (!validator(schema)(value)) throw new Error(`fuzz sample ${(value as { format: string }).format} fails its schema: fix the sample`);
  }

  const classic = readFileSync(new URL('../data/classic/17-clue.txt', import.meta.url), 'utf8').split('\n').find((l) => /^[0-9.]{81}$/.test(l.trim()))!.trim();
  const lines = [
    toLine(board, { solution: false }),
    toLine(irregular, { solution: false }),
    toLine(irregular, { solution: true }),
    toLine(board, { solution: true }),
    classic,
  ];

  cached = [
    json('numbridge-board', board),
    json('numbridge-board.irregular', irregular),
    json('numbridge-board.player', boardPlayerForm(board)),
    json('murder-case', kase),
    json('murder-case.player', kindNamed('murder').playerForm(kase)),
    ...lines.map((text, i): Sample => ({ kind: `line-${i}`, name: `line-${i}.txt`, text: text + '\n', line: true })),
    { kind: 'line-many', name: 'lines.txt', text: lines.join('\n') + '\n', line: true },
    json('kosmos-deal', kosmos),
    json('kosmos-deal.public', { format: kosmosFormat, version: kosmosVersion, id: kosmosId, public: kosmosPublic }),
    json('kosmos-record', kosmosRecord(12)),
    json('domino-deal', dominoDeal),
    json('domino-record', dominoRecord),
    json('domino-position', position),
    { kind: 'domino-sheet', name: 'domino-sheet.txt', text: readFileSync(DOMINO_EXAMPLE, 'utf8') },
    json('numbridge-deal', nbDeal),
    json('numbridge-deal.public', nbPublicDeal),
    json('numbridge-record', nbRecord),
    json('daily-index', secretIndex),
    json('daily-public-index', publicIndex),
    json('run-manifest', manifest, 'manifest.json'),
    json('numbridge-board.run', runBoard, 'numbridge-000000.json'),
    json('ipuz', JSON.parse(exportBoard(irregular, 'ipuz', { solution: true })), 'board.ipuz'),
    json('fpuzzles', JSON.parse(exportBoard(irregular, 'fpuzzles', { solution: false })), 'board.fpuzzles.json'),
    { kind: 'fpuzzles-url', name: 'fpuzzles-url.txt', text: exportBoard(irregular, 'fpuzzles', { solution: false, url: true }) + '\n', url: 'fpuzzles' },
    { kind: 'sudokupad-url', name: 'sudokupad-url.txt', text: exportBoard(board, 'sudokupad', { solution: true }) + '\n', url: 'sudokupad' },
  ];
  return cached;
}

/**
 * `puzzlemill complete domino FILE`: can every remaining domino still be placed? From a position
 * file, a deal (the empty board), or a record (its final position, sheet text or JSON).
 */
import type { Argv, CommandModule } from 'yargs';
import { InputError } from '../../core/errors.ts';
import { completeDominoes, type CompletionQuestion } from '../../games/domino/completion.ts';
import { dominoId, dominoLabel } from '../../games/domino/dominoes.ts';
import { readDominoDeal, readDominoPosition } from '../../games/domino/files.ts';
import { positionText } from '../../games/domino/notation.ts';
import { replay } from '../../games/domino/replay.ts';
import { CELLS, SIZE } from '../../games/sudoku-board.ts';
import { EXIT_FAILED, raiseExitCode, warn } from '../exit.ts';
import { flushOutput, writeLine } from '../output.ts';
import { formatOf, readGameFile } from './game-file.ts';
import { readDominoGame } from './replay-domino.ts';
import { DOMINO_DEAL, DOMINO_POSITION, DOMINO_RECORD } from '../../core/formats.ts';

interface CompleteArgs {
  file: string;
  json: boolean;
  maxNodes: number;
  stats: boolean;
}

/** The question a file asks: the board and the dominoes still to place (a position, a deal, or a record replayed). */
export function completionQuestion(file: string): CompletionQuestion {
  const input = readGameFile(file);
  if (input.kind === 'json') {
    const format = formatOf(input.value);
    if (format === DOMINO_POSITION) return readDominoPosition(input.value, input.where);
    if (format === DOMINO_DEAL) {
      readDominoDeal(input.value, input.where);
      return { board: new Uint8Array(CELLS), remaining: Array.from({ length: 36 }, (_, i) => i), last: -1 };
    }
    if (format !== DOMINO_RECORD) {
      throw new InputError({ ...input.where, pointer: '/format' }, `expected a puzzlemill/domino-position, -deal or -record, found ${format ?? 'no format'}`);
    }
  }
  const report = replay(readDominoGame(file));
  const final = report.final;
  const faults = report.contradictions.length;
  if (faults > 0) {
    // the question is still answered, for the board as the record leaves it; say that it is a faulty record's board
    const missing = report.contradictions.filter((c) => c.kind === 'domino-missing').length;
    warn(`puzzlemill: ${input.kind === 'json' ? input.where.source : input.source}: the record contradicts the rules in ${faults} place${faults === 1 ? '' : 's'} (see replay domino); the question is asked of its final board${missing > 0 ? `, and the ${missing} domino${missing === 1 ? '' : 'es'} the record never names ${missing === 1 ? 'is' : 'are'} left out` : ''}`);
  }
  const remaining: number[] = [];
  for (let id = 0; id < 36; id++) if (final.holder[id]! >= 0) remaining.push(id);
  return { board: final.board, remaining, last: final.last };
}

export const completeDominoCommand: CommandModule<object, CompleteArgs> = {
  command: 'domino <file>',
  describe: 'Can all remaining dominoes still be placed under the Sudoku rule? (exact cover; DO order checked apart)',
  builder: (y: Argv) =>
    y
      .positional('file', { type: 'string', demandOption: true, describe: 'a domino-position, -deal (empty board) or -record (its final position; sheet text too); - for stdin' })
      .option('json', { type: 'boolean', default: false, describe: 'print one JSON object' })
      .option('max-nodes', { type: 'number', default: 5_000_000, describe: 'search budget; past it the answer is "undecided" (exit 1)' })
      .option('stats', { type: 'boolean', default: false, describe: 'print the search time to stderr' })
      .check((a) => (Number.isInteger(a['max-nodes']) && (a['max-nodes'] as number) >= 1) || '--max-nodes must be a whole number ≥ 1')
      .example('$0 complete domino deal.json', 'can all 36 dominoes be placed on the empty board?') as unknown as Argv<CompleteArgs>,
  handler: (args) => {
    const q = completionQuestion(args.file);
    const t0 = performance.now();
    const a = completeDominoes(q, { maxNodes: args.maxNodes });
    const ms = performance.now() - t0;
    // listed in the DO order when there is one: then the list is a whole legal sequence of moves
    const byDomino = new Map(a.arrangement?.map((p) => [dominoId(p.first, p.second), p]) ?? []);
    const ordered = a.arrangement && a.doOrder ? a.doOrder.map((id) => byDomino.get(id)!) : a.arrangement;
    const arrangement = ordered?.map((p) => `[${p.first}/${p.second}] ${positionText(p.cells)}`) ?? null;
    if (args.json) {
      writeLine(JSON.stringify({ remaining: q.remaining.length, placeable: a.placeable, arrangement, doOrderable: a.doOrderable, doOrder: a.doOrder?.map(dominoLabel) ?? null, nodes: a.nodes, mems: a.mems, runs: a.runs, options: a.options }));
    } else {
      const n = q.remaining.length;
      const verdict = a.placeable === true ? `yes: all ${n} remaining dominoes fit` : a.placeable === false ? `no: the ${n} remaining dominoes cannot all be placed` : 'undecided: the search budget ran out';
      writeLine(`placeable: ${verdict}`);
      if (a.arrangement) {
        const board = Uint8Array.from(q.board);
        for (const p of a.arrangement) {
          board[p.cells[0]] = p.first;
          board[p.cells[1]] = p.second;
        }
        for (let r = 0; r < SIZE; r++) {
          const row = Array.from(board.subarray(r * SIZE, r * SIZE + SIZE), (d) => (d === 0 ? '.' : String(d)));
          writeLine(`  ${row.slice(0, 3).join(' ')} | ${row.slice(3, 6).join(' ')} | ${row.slice(6).join(' ')}`);
          if (r === 2 || r === 5) writeLine('  ------+-------+------');
        }
        writeLine(`  ${arrangement!.join(' ')}`);
      }
      const start = q.last >= 0 ? ` after ${dominoLabel(q.last)}` : '';
      if (a.doOrderable === true) writeLine(`DO rule: an order exists${start}: ${a.doOrder!.map(dominoLabel).join(' ')}`);
      else if (a.doOrderable === false) writeLine(`DO rule: no order of the remaining dominoes${start} lets each share a number with the one before`);
      else writeLine('DO rule: undecided (ordering budget spent)');
      writeLine(`search: ${a.nodes} nodes, ${a.mems} mems, ${a.runs} run${a.runs === 1 ? '' : 's'}, ${a.options} options`);
    }
    flushOutput();
    if (args.stats) warn(`complete domino: ${ms.toFixed(1)} ms`);
    if (a.placeable === null) raiseExitCode(EXIT_FAILED);
  },
};

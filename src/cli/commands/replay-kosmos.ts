/** `puzzlemill replay kosmos FILE [--json]`: replay a Kosmos SuDoku record (puzzlemill/kosmos-record JSON). */
import type { Argv, CommandModule } from 'yargs';
import { InputError } from '../../core/errors.ts';
import { readKosmosRecord } from '../../games/kosmos/files.ts';
import { kosmosReplayJson, replayKosmos } from '../../games/kosmos/replay.ts';
import { KosmosReplayJson } from '../../games/kosmos/schema.ts';
import { cellLabel } from '../../games/sudoku-board.ts';
import { EXIT_FAILED, raiseExitCode } from '../exit.ts';
import { flushOutput, writeLine } from '../output.ts';
import { formatOf, readGameFile } from './game-file.ts';
import { assertOwnOutput } from './own-output.ts';
import { KOSMOS_RECORD } from '../../core/formats.ts';

interface ReplayArgs {
  file: string;
  json: boolean;
}

export const replayKosmosCommand: CommandModule<object, ReplayArgs> = {
  command: 'kosmos <file>',
  describe: 'Replay a Kosmos SuDoku game record; exit 1 when it contradicts the rules',
  builder: (y: Argv) =>
    y
      .positional('file', { type: 'string', demandOption: true, describe: 'a puzzlemill/kosmos-record JSON file; - for stdin' })
      .option('json', { type: 'boolean', default: false, describe: 'print one JSON object' }) as unknown as Argv<ReplayArgs>,
  handler: (args) => {
    const input = readGameFile(args.file);
    if (input.kind !== 'json') throw new InputError({ source: input.source, line: 1, column: 1 }, 'expected a puzzlemill/kosmos-record JSON file');
    if (formatOf(input.value) !== KOSMOS_RECORD) throw new InputError({ ...input.where, pointer: '/format' }, `expected a ${KOSMOS_RECORD}, found ${formatOf(input.value) ?? 'no format'}`);
    const report = replayKosmos(readKosmosRecord(input.value, input.where));
    if (args.json) {
      const json = kosmosReplayJson(report);
      assertOwnOutput(KosmosReplayJson, json, 'the replay report');
      writeLine(JSON.stringify(json));
    } else {
      for (const t of report.turns) {
        writeLine(`${String(t.turn).padStart(4)}  seat ${t.player + 1}  ${t.tile} ${t.cell === null ? 'fits nowhere?' : 'on ' + cellLabel(t.cell)}  ${t.says}`);
      }
      writeLine(`scores: ${report.scores.map((s, i) => `seat ${i + 1} ${s}`).join(', ')}; winner: ${report.winners.map((w) => `seat ${w + 1}`).join(' and ')}`);
      const over = report.over;
      writeLine(over === null ? 'the record ends while the game is still running' : over.reason === 'all-placed' ? 'game over: all tiles played' : `game over: seat ${over.by! + 1}'s tile fit nowhere`);
      writeLine(`the final board ${report.completable ? 'can still' : 'can no longer'} be completed to a full Sudoku`);
      for (const p of report.problems) writeLine(`problem: ${p}`);
    }
    flushOutput();
    if (report.problems.length > 0) raiseExitCode(EXIT_FAILED);
  },
};

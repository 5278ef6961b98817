/** `puzzlemill replay domino FILE [--json]`: replay a Domino-SUDOKU record (sheet notation or JSON). */
import type { Argv, CommandModule } from 'yargs';
import { InputError } from '../../core/errors.ts';
import { readDominoRecord } from '../../games/domino/files.ts';
import type { GameRecord } from '../../games/domino/record.ts';
import { recordFromText } from '../../games/domino/record.ts';
import { parseRecordText } from '../../games/domino/record-text.ts';
import { formatReplay, replay, replayJson } from '../../games/domino/replay.ts';
import { DominoReplayJson } from '../../games/domino/schema.ts';
import { EXIT_FAILED, raiseExitCode } from '../exit.ts';
import { flushOutput, writeLine } from '../output.ts';
import { formatOf, readGameFile } from './game-file.ts';
import { assertOwnOutput } from './own-output.ts';
import { DOMINO_RECORD } from '../../core/formats.ts';

interface ReplayArgs {
  file: string;
  json: boolean;
}

/** A Domino-SUDOKU record from a file: the sheet's text layout, or a puzzlemill/domino-record JSON file. */
export function readDominoGame(file: string): GameRecord {
  const input = readGameFile(file);
  if (input.kind === 'text') return recordFromText(parseRecordText(input.text, input.source));
  const format = formatOf(input.value);
  if (format !== DOMINO_RECORD) throw new InputError({ ...input.where, pointer: '/format' }, `expected a ${DOMINO_RECORD} (or the sheet's text notation), found ${format ?? 'no format'}`);
  return readDominoRecord(input.value, input.where);
}

export const replayDominoCommand: CommandModule<object, ReplayArgs> = {
  command: 'domino <file>',
  describe: 'Replay a Domino-SUDOKU game record; exit 1 when it contradicts the rules',
  builder: (y: Argv) =>
    y
      .positional('file', { type: 'string', demandOption: true, describe: 'the record: sheet notation (text) or puzzlemill/domino-record JSON; - for stdin' })
      .option('json', { type: 'boolean', default: false, describe: 'print one JSON object (moves, scores, winner, contradictions)' })
      .example('$0 replay domino test/fixtures/domino-example.txt', 'the sheet\'s example game') as unknown as Argv<ReplayArgs>,
  handler: (args) => {
    const report = replay(readDominoGame(args.file));
    if (args.json) {
      const json = replayJson(report);
      assertOwnOutput(DominoReplayJson, json, 'the replay report');
      writeLine(JSON.stringify(json));
    } else {
      writeLine(formatReplay(report));
    }
    flushOutput();
    if (report.contradictions.length > 0) raiseExitCode(EXIT_FAILED);
  },
};

/** `puzzlemill replay numbridge FILE [--json]`: re-run a Numbridge record through the referee from its deal. */
import type { Argv, CommandModule } from 'yargs';
import { InputError } from '../../core/errors.ts';
import { readNumbridgeRecord } from '../../games/numbridge/files.ts';
import { formatReplay, replayJson, replayNumbridge } from '../../games/numbridge/replay.ts';
import { NumbridgeReplayJson } from '../../games/numbridge/schema.ts';
import { EXIT_FAILED, raiseExitCode } from '../exit.ts';
import { flushOutput, writeLine } from '../output.ts';
import { formatOf, readGameFile } from './game-file.ts';
import { assertOwnOutput } from './own-output.ts';

interface ReplayArgs {
  file: string;
  json: boolean;
}

export const replayNumbridgeCommand: CommandModule<object, ReplayArgs> = {
  command: 'numbridge <file>',
  describe: 'Replay a Numbridge game record from its deal; exit 1 when it contradicts the rules',
  builder: (y: Argv) =>
    y
      .positional('file', { type: 'string', demandOption: true, describe: 'a puzzlemill/numbridge-record JSON file; - for stdin' })
      .option('json', { type: 'boolean', default: false, describe: 'print one JSON object (entries, mistakes, result, contradictions)' })
      .example('$0 selfplay numbridge --games 1 --seed 7 > game.json && $0 replay numbridge game.json', 'a self-played game, replayed') as unknown as Argv<ReplayArgs>,
  handler: (args) => {
    const input = readGameFile(args.file);
    if (input.kind !== 'json') throw new InputError({ source: input.source, line: 1, column: 1 }, 'expected a puzzlemill/numbridge-record JSON file');
    const format = formatOf(input.value);
    if (format !== 'puzzlemill/numbridge-record') throw new InputError({ ...input.where, pointer: '/format' }, `expected a puzzlemill/numbridge-record, found ${format ?? 'no format'}`);
    const { file, setup, dealFile } = readNumbridgeRecord(input.value, input.where);
    const report = replayNumbridge(file, setup, dealFile);
    if (args.json) {
      const json = replayJson(report);
      assertOwnOutput(NumbridgeReplayJson, json, 'the replay report');
      writeLine(JSON.stringify(json));
    } else {
      writeLine(formatReplay(report));
    }
    flushOutput();
    if (report.contradictions.length > 0) raiseExitCode(EXIT_FAILED);
  },
};

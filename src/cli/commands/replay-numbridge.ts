/**
 * `puzzlemill replay numbridge [FILE…] [--json]`: re-run Numbridge records through the referee
 * from their deals. A file may hold one record (pretty or not) or many (NDJSON, as `selfplay
 * numbridge` writes them); stdin when no file or `-`. Exit 1 when a record contradicts the rules,
 * 2 when an input cannot be read as a record (one line each; the other records are still replayed).
 */
import type { Argv, CommandModule } from 'yargs';
import { atPosition, InputError, inside } from '../../core/errors.ts';
import { readNumbridgeRecord } from '../../games/numbridge/files.ts';
import { formatReplay, replayJson, replayNumbridge } from '../../games/numbridge/replay.ts';
import { NumbridgeReplayJson } from '../../games/numbridge/schema.ts';
import { EXIT_BAD_INPUT, EXIT_FAILED, raiseExitCode, warn } from '../exit.ts';
import { readItems } from '../input.ts';
import { withMaxNodes } from '../max-nodes.ts';
import { flushOutput, writeLine } from '../output.ts';
import { formatOf } from './game-file.ts';
import { assertOwnOutput } from './own-output.ts';
import { NUMBRIDGE_RECORD } from '../../core/formats.ts';

interface ReplayArgs {
  files: string[];
  json: boolean;
  maxNodes: number;
}

export const replayNumbridgeCommand: CommandModule<object, ReplayArgs> = {
  command: 'numbridge [files..]',
  describe: 'Replay Numbridge game records from their deals; exit 1 when one contradicts the rules',
  builder: (y: Argv) =>
    withMaxNodes(y)
      .positional('files', { type: 'string', array: true, default: [], describe: 'puzzlemill/numbridge-record JSON: one record per file, or NDJSON; stdin when none or -' })
      .option('json', { type: 'boolean', default: false, describe: 'print one JSON object per record (entries, mistakes, result, contradictions)' })
      .example('$0 replay numbridge game.json', 'one record, move by move')
      .example('$0 selfplay numbridge --games 20 --seed 7 | $0 replay numbridge --json', 'twenty self-played games, replayed') as unknown as Argv<ReplayArgs>,
  handler: async (args) => {
    // yargs hands a positional "-" over as "" (its parser reads a lone dash as an empty flag)
    const files = args.files.map((f) => (f === '' ? '-' : f));
    let first = true;
    for await (const item of readItems(files)) {
      if (item.kind === 'error') {
        warn(`puzzlemill: ${item.error.message}`);
        raiseExitCode(EXIT_BAD_INPUT);
        continue;
      }
      // an item of a JSON array carries its index as a pointer: keep it in front of the record's own pointers
      const { pointer: index = '', ...where } = item.where;
      try {
        if (item.kind === 'line') throw new InputError(where, 'expected a puzzlemill/numbridge-record JSON object');
        const format = formatOf(item.value);
        if (format !== NUMBRIDGE_RECORD) throw new InputError(inside(where, '/format'), `expected a ${NUMBRIDGE_RECORD}, found ${format ?? 'no format'}`);
        const { file: record, setup, dealFile } = readNumbridgeRecord(item.value, where);
        const report = replayNumbridge(record, setup, dealFile, { maxNodes: args.maxNodes });
        if (args.json) {
          const json = replayJson(report, record.id);
          assertOwnOutput(NumbridgeReplayJson, json, 'the replay report');
          writeLine(JSON.stringify(json));
        } else {
          writeLine((first ? '' : '\n') + formatReplay(report));
        }
        first = false;
        if (report.contradictions.length > 0) raiseExitCode(EXIT_FAILED);
      } catch (e) {
        if (!(e instanceof InputError)) throw e;
        const at = atPosition(e, where);
        warn(`puzzlemill: ${new InputError({ ...at.position, pointer: index + (at.position.pointer ?? '') || undefined }, e.reason).message}`);
        raiseExitCode(EXIT_BAD_INPUT);
      }
    }
    flushOutput();
  },
};

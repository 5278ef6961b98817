/**
 * The batch options every `generate <kind>` command shares, and the one handler that runs them
 * through the pipeline: count, seed, workers, shard, output directory, player forms, time budget,
 * progress and the summary. A kind's command only adds its own request options.
 */
import { randomBytes } from 'node:crypto';
import type { Argv, CommandModule, Options } from 'yargs';
import type { AnyKind, PuzzleRequest } from '../kinds/kind.ts';
import { kindModulesFromEnv } from '../kinds/kind-modules.ts';
import { defaultWorkers } from '../pipeline/executor.ts';
import { generateRun, MAX_COUNT } from '../pipeline/generate-run.ts';
import { parseShard, shardLabel, WHOLE_RUN } from '../pipeline/shard.ts';
import { formatSummary } from '../pipeline/summary.ts';
import { EXIT_FAILED, raiseExitCode } from './exit.ts';
import { onInterrupt } from './interrupt.ts';
import { flushOutput, writeLine } from './output.ts';
import { progressBar } from './progress.ts';
import { seedProblem } from './seed.ts';

export interface BatchArgs {
  count: number;
  seed?: string;
  workers: number;
  shard?: string;
  out?: string;
  player: boolean;
  maxSeconds?: number;
  attempts: number;
  quiet: boolean;
}

/** Add the shared batch options to a `generate <kind>` command. */
export function withBatchOptions<T>(y: Argv<T>): Argv<T & BatchArgs> {
  return y
    .option('count', { alias: 'n', type: 'number', default: 1, describe: 'puzzles in the run (all shards together)' })
    .option('seed', { type: 'string', describe: 'run seed: the same seed writes the same bytes (default: a random one, printed)' })
    .option('workers', { alias: 'j', type: 'number', default: defaultWorkers(), describe: 'worker threads (1 = in this thread)' })
    .option('shard', { type: 'string', describe: 'make only slice i of n (0-based, contiguous): i/n, or auto/n for the index a batch engine sets ($JOB_COMPLETION_INDEX, $AWS_BATCH_JOB_ARRAY_INDEX)' })
    .option('out', { alias: 'o', type: 'string', describe: 'write one file per puzzle and a manifest into DIR (resumes) instead of NDJSON on stdout' })
    .option('player', { type: 'boolean', default: false, describe: 'also write player forms (no secret); on stdout: player forms instead' })
    .option('max-seconds', { type: 'number', describe: 'stop cleanly after this many seconds (what is finished is written)' })
    .option('attempts', { type: 'number', default: 3, describe: 'seeds tried per puzzle before it counts as failed' })
    .option('quiet', { alias: 'q', type: 'boolean', default: false, describe: 'no progress bar and no summary' })
    .check((a) => {
      // A returned string (not a thrown error) is how yargs reports a usage problem: exit 2, one line.
      const args = a as unknown as BatchArgs;
      const seed = seedProblem(args.seed);
      if (seed) return seed;
      // Above 2^53 − 1 indices stop being exact integers; below it a run is limited by disk only.
      if (!Number.isSafeInteger(args.count) || args.count < 0) return `--count must be a whole number from 0 to ${MAX_COUNT}`;
      if (!Number.isInteger(args.workers) || args.workers < 1) return '--workers must be a whole number ≥ 1';
      if (!Number.isInteger(args.attempts) || args.attempts < 1) return '--attempts must be a whole number ≥ 1';
      if (args.maxSeconds !== undefined && !(args.maxSeconds > 0)) return '--max-seconds must be positive';
      if (args.shard !== undefined) {
        try {
          parseShard(args.shard, process.env);
        } catch (e) {
          return (e as Error).message;
        }
      }
      return true;
    }) as unknown as Argv<T & BatchArgs>;
}

/** Run a batch for `kind` with its request, parsed once by the command's check (`kindCommand`). */
export async function runBatch(kind: AnyKind, request: PuzzleRequest, args: BatchArgs): Promise<void> {
  const shard = args.shard === undefined ? WHOLE_RUN : parseShard(args.shard, process.env);
  const seed = args.seed ?? randomBytes(6).toString('hex');
  const bar = progressBar(kind.name, args.quiet);
  if (args.seed === undefined && !args.quiet) bar.log(`puzzlemill: seed ${seed}`);
  const interrupt = onInterrupt();
  try {
    const summary = await generateRun({
      kind,
      request,
      seed,
      count: args.count,
      shard,
      workers: Math.min(args.workers, Math.max(1, args.count)),
      out: args.out,
      writeLine,
      player: args.player,
      attempts: args.attempts,
      maxSeconds: args.maxSeconds,
      signal: interrupt.signal,
      syncGuard: interrupt.syncGuard,
      kindModules: kindModulesFromEnv(),
      onProgress: (done, total) => bar.update(done, total),
      onWarning: (line) => bar.log(`puzzlemill: ${line}`),
    });
    flushOutput();
    bar.stop();
    if (!args.quiet) {
      const where = shard.of > 1 ? ` (shard ${shardLabel(shard)})` : '';
      bar.log(`puzzlemill: ${kind.name}${where}: ${formatSummary(summary)}`);
    }
    if (summary.failed.length > 0) raiseExitCode(EXIT_FAILED);
    if (summary.stopped === 'signal') raiseExitCode(interrupt.exitCode);
  } finally {
    bar.stop();
    interrupt.dispose();
  }
}

/** The request part of parsed arguments: the kind's own options, nothing else. */
export function requestOf(kind: AnyKind, args: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.keys(kind.options).map((key) => [key, args[key]]));
}

/**
 * The `generate <kind>` subcommand of a kind: its request options plus the batch options. A
 * request the kind can never meet (parseRequest's RangeError: 5×5 regular, hard on 4×4 …) is a
 * usage error — one line, exit 2, before any work; one the generator could not meet within its
 * budget is reported per puzzle (exit 1).
 */
export function kindCommand(kind: AnyKind, examples: ReadonlyArray<readonly [string, string]> = []): CommandModule<object, BatchArgs> {
  // The request as the check parsed it, for the handler: yargs hands both the same arguments object.
  const parsed = new WeakMap<object, PuzzleRequest>();
  return {
    command: kind.name,
    describe: kind.describe,
    builder: (y: Argv) => {
      let built = withBatchOptions(y.options(kind.options as Record<string, Options>)).check((args) => {
        try {
          parsed.set(args, kind.parseRequest(requestOf(kind, args)));
          return true;
        } catch (e) {
          if (e instanceof RangeError) return e.message;
          throw e;
        }
      });
      for (const [command, description] of examples) built = built.example(command, description);
      return built as unknown as Argv<BatchArgs>;
    },
    handler: (args) => {
      const request = parsed.get(args);
      if (request === undefined) throw new Error(`generate ${kind.name}: the handler ran without the request check`);
      return runBatch(kind, request, args);
    },
  };
}

/** `puzzlemill bench [NAME…]`: run benchmarks and write bench/RESULTS.md. */
import type { Argv, CommandModule } from 'yargs';
import { importModule } from '../../core/load-module.ts';
import { RequestError, warn } from '../exit.ts';

/** The names in bench/run.ts (kept here so --help needs no dev dependency; a test keeps them equal). */
export const BENCHMARK_NAMES = ['solver', 'solver-check', 'numbridge', 'practice', 'pool', 'games', 'murder', 'murder-clues', 'prover', 'render', 'selfplay', 'scores', 'startup', 'serve', 'serve-postgres', 'serve-faults'];

interface BenchArgs {
  names: string[];
}

export const benchCommand: CommandModule<object, BenchArgs> = {
  command: 'bench [names..]',
  describe: 'Run the benchmarks (all, or the named ones) and write bench/RESULTS.md',
  builder: (y: Argv) =>
    y
      .positional('names', { type: 'string', array: true, default: [] as string[], describe: `benchmark names (default: all): ${BENCHMARK_NAMES.join(', ')}` })
      .example('$0 bench solver', 'our solver beside the npm peers on the classic sets (about 2 minutes)')
      .epilogue('Run on a quiet machine: each section of bench/RESULTS.md records the machine and date.') as unknown as Argv<BenchArgs>,
  handler: async (args) => {
    // The benchmarks live outside src/ and use the peer solvers from devDependencies.
    // Found from this module, not compiled with it: bench/ is TypeScript run through tsx.
    let runner: { runBenchmarks(names: string[], onWarning: (message: string) => void): Promise<void> };
    try {
      runner = (await importModule(new URL('../../../bench/run.ts', import.meta.url).href)) as typeof runner;
    } catch (e) {
      throw new RequestError(`benchmarks need the dev dependencies (npm install): ${(e as Error).message.split('\n')[0]}`);
    }
    try {
      await runner.runBenchmarks(args.names, warn);
    } catch (e) {
      if (e instanceof RangeError) throw new RequestError(e.message);
      throw e;
    }
  },
};

/**
 * CLI start-up (`npm run bench -- startup`): short commands as a user runs them, the bundled bin
 * (dist/cli/puzzlemill.js, src/cli/bundle.mjs) beside the same CLI from tsc's unbundled modules
 * (dist/cli/main.js, what the bin was before the bundle), interleaved run by run. Whole-process
 * wall time and CPU time (user + system, from /usr/bin/time), medians. Short commands are where
 * start-up is the whole cost: a refusal, a one-line solve, a small generate, a picture.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCompiled, median, table } from './results.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BUNDLED = join(ROOT, 'dist/cli/puzzlemill.js');
const RUNS = 15;
const LINE = '000000010400000000020000000000050407008000300001090000300400200050100000000806000';

interface Sample {
  wallMs: number;
  cpuMs: number;
}

function timed(argv: string[], cwd: string, input: string): Sample {
  const r = spawnSync('/usr/bin/time', ['-f', '%e %U %S', process.execPath, ...argv], { cwd, input, encoding: 'utf8' });
  const [wall, user, sys] = r.stderr.trim().split('\n').at(-1)!.split(' ').map(Number);
  return { wallMs: wall! * 1000, cpuMs: (user! + sys!) * 1000 };
}

export async function run(): Promise<string> {
  buildCompiled();
  const dir = mkdtempSync(join(tmpdir(), 'puzzlemill-bench-startup-'));
  try {
    const unbundled = join(dir, 'unbundled.mjs');
    writeFileSync(unbundled, `const { main } = await import(${JSON.stringify(join(ROOT, 'dist/cli/main.js'))});\nawait main(process.argv.slice(2));\n`);
    const board = spawnSync(process.execPath, [BUNDLED, 'generate', 'numbridge', '--size', '6', '--seed', 'startup', '-q'], { encoding: 'utf8' }).stdout;
    writeFileSync(join(dir, 'board.json'), board);
    const commands: Array<[string, string[], string]> = [
      ['--version', ['--version'], ''],
      ['a refusal (verify of a missing file)', ['verify', 'missing.json'], ''],
      ['solve one line (stdin)', ['solve'], LINE + '\n'],
      ['grade one line (stdin)', ['grade'], LINE + '\n'],
      ['verify one board file', ['verify', 'board.json'], ''],
      ['generate numbridge --size 6, one board', ['generate', 'numbridge', '--size', '6', '--seed', 's', '-q'], ''],
      ['render one board (SVG)', ['render', '--out', 'pictures', 'board.json'], ''],
    ];
    const rows: Array<Array<string | number>> = [];
    for (const [label, args, input] of commands) {
      const bundled: Sample[] = [];
      const plain: Sample[] = [];
      for (let i = 0; i < RUNS; i++) {
        bundled.push(timed([BUNDLED, ...args], dir, input));
        plain.push(timed([unbundled, ...args], dir, input));
      }
      const m = (s: Sample[], k: keyof Sample) => median(s.map((x) => x[k]));
      rows.push([label, Math.round(m(plain, 'wallMs')), Math.round(m(bundled, 'wallMs')), Math.round(m(plain, 'cpuMs')), Math.round(m(bundled, 'cpuMs')), (m(plain, 'cpuMs') / m(bundled, 'cpuMs')).toFixed(2)]);
    }
    return [
      '## CLI start-up (`bench/startup.ts`)',
      '',
      `Whole process, medians of ${RUNS} interleaved runs: tsc's unbundled modules (dist/cli/main.js) against the bundled bin (dist/cli/puzzlemill.js). CPU = user + system.`,
      '',
      table(['command', 'unbundled wall ms', 'bundled wall ms', 'unbundled CPU ms', 'bundled CPU ms', 'CPU ratio'], rows),
    ].join('\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

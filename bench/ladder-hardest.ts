/**
 * forum-hardest-1106 with the whole ladder as `grade`, `verify` and `import` run it by default
 * (issue 27 §1): per board the grading run judgeBoard makes for a board counted unique — the
 * ladder on the digits renamed by first appearance, uniqueness rungs allowed, nested forcing
 * chains, fast mode — with no branch budget, so the table shows how far under the default
 * (DEFAULT_MAX_BRANCHES) every board stays. One line per board on stdout (line, finished,
 * branches, ms), the summary on stderr. Branches are a count (the same on every machine); ms is
 * wall time on whatever machine runs it, one board at a time, one core.
 *
 *   npx tsx bench/ladder-hardest.ts > per-board.tsv
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEFAULT_MAX_BRANCHES } from '../src/core/budget.ts';
import { isSkippableLine, parseLine } from '../src/sudoku/line-format.ts';
import { digitsInFirstOrder, prove } from '../src/sudoku/logic/index.ts';

const FILE = fileURLToPath(new URL('../test/data/classic/forum-hardest-1106.txt', import.meta.url));
const lines = readFileSync(FILE, 'utf8').split('\n').filter((l) => !isSkippableLine(l));

const branches: number[] = [];
const ms: number[] = [];
let finished = 0;
for (const [i, line] of lines.entries()) {
  const board = parseLine(line);
  const t0 = performance.now();
  const r = prove(digitsInFirstOrder(board), { collectSteps: false, uniqueness: true, nested: true });
  const t = performance.now() - t0;
  if (r.solved) finished++;
  branches.push(r.branches);
  ms.push(t);
  console.log(`${i + 1}\t${r.solved}\t${r.branches}\t${t.toFixed(1)}`);
}

const quantile = (xs: number[], q: number) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
};
process.stderr.write(
  [
    `boards ${lines.length}, finished ${finished}`,
    `branches: median ${quantile(branches, 0.5)}, p90 ${quantile(branches, 0.9)}, max ${Math.max(...branches)} (default budget ${DEFAULT_MAX_BRANCHES})`,
    `ms per board: median ${quantile(ms, 0.5).toFixed(0)}, p90 ${quantile(ms, 0.9).toFixed(0)}, max ${Math.max(...ms).toFixed(0)}`,
  ].join('\n') + '\n',
);

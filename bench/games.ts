/**
 * Games benchmark (issue 6): the Domino-SUDOKU completion proof on the empty board (time, nodes,
 * mems; the deterministic run and the spread of seeded runs) and the Kosmos solo players' scores
 * over 1,000 seeded deals.
 */
import { Rng } from '../src/core/rng.ts';
import { ALL_DOMINOES, completeDominoes, completionProblem } from '../src/games/domino/completion.ts';
import { dealKosmos } from '../src/games/kosmos/deal.ts';
import { fullBoardScore, playSolo, SOLO_PLAYERS } from '../src/games/kosmos/players.ts';
import { median, table } from './results.ts';

const DEALS = 1000;
const REPEATS = 5;
const SEEDED_RUNS = 20;

function completionSection(): string {
  const question = { board: new Uint8Array(81), remaining: ALL_DOMINOES, last: -1 };
  const times: number[] = [];
  let answer = completeDominoes(question);
  for (let k = 0; k < REPEATS; k++) {
    const t0 = performance.now();
    answer = completeDominoes(question);
    times.push(performance.now() - t0);
  }
  // one seeded run each, no budget: how heavy is the tail of the search time?
  const { problem } = completionProblem(question);
  const seeded: Array<{ ms: number; nodes: number }> = [];
  for (let k = 1; k <= SEEDED_RUNS; k++) {
    const t0 = performance.now();
    const r = problem.solve({ limit: 1, rng: new Rng('bench-complete', k) });
    if (r.count !== 1) throw new Error('a seeded run found no arrangement');
    seeded.push({ ms: performance.now() - t0, nodes: r.nodes });
  }
  const ms = seeded.map((s) => s.ms);
  const nodes = seeded.map((s) => s.nodes);
  return [
    '### Domino-SUDOKU: can all 36 dominoes be placed on the empty board?',
    '',
    `Exact cover (src/core/exact-cover.ts): 36 primary items (dominoes), 324 secondary (cells, row-, column-, block-digits), ${answer.options} options.`,
    '',
    table(
      ['search', 'answer', 'median ms', 'nodes', 'mems'],
      [
        [`\`completeDominoes\` (build + deterministic run; median of ${REPEATS})`, answer.placeable ? 'yes, arrangement found' : String(answer.placeable), median(times).toFixed(0), answer.nodes, answer.mems],
        [`one seeded random order, ${SEEDED_RUNS} seeds: median`, 'yes (all)', median(ms).toFixed(0), median(nodes), '—'],
        [`… fastest / slowest of the ${SEEDED_RUNS}`, '', `${Math.min(...ms).toFixed(0)} / ${Math.max(...ms).toFixed(0)}`, `${Math.min(...nodes)} / ${Math.max(...nodes)}`, '—'],
      ],
    ),
  ].join('\n');
}

function soloSection(): string {
  const rows: Array<Array<string | number>> = [];
  const deals = Array.from({ length: DEALS }, (_, k) => dealKosmos(1, `bench-${k + 1}`));
  const ceiling = deals.map((d) => fullBoardScore(d));
  for (const player of SOLO_PLAYERS) {
    const t0 = performance.now();
    const results = deals.map((d) => playSolo(d, player));
    const ms = (performance.now() - t0) / DEALS;
    const scores = results.map((r) => r.score);
    const mean = scores.reduce((a, b) => a + b, 0) / scores.length;
    const sd = Math.sqrt(scores.reduce((a, b) => a + (b - mean) ** 2, 0) / (scores.length - 1));
    const filled = results.filter((r) => r.filled).length;
    const placed = results.reduce((a, r) => a + r.placed, 0) / results.length;
    rows.push([player, mean.toFixed(1), sd.toFixed(1), median(scores), Math.min(...scores), Math.max(...scores), `${((100 * filled) / DEALS).toFixed(1)} %`, placed.toFixed(1), ms.toFixed(1)]);
  }
  const ceilingMean = ceiling.reduce((a, b) => a + b, 0) / ceiling.length;
  return [
    `### Kosmos SuDoku, solo variant: ${DEALS} seeded deals (\`bench-1\` … \`bench-${DEALS}\`), standard scoring`,
    '',
    table(['player', 'mean', 'sd', 'median', 'min', 'max', 'board filled', 'tiles placed (of 72)', 'ms/game'], rows),
    '',
    `A filled board scores 810 − (gold pairs sharing a block), whatever the order of play (every peer pair is counted once): mean ${ceilingMean.toFixed(1)} over these deals, ` +
      'the ceiling. The solver player (keeps the board completable, foundation solver) reaches it every time; greedy takes the best cell now; lookahead is greedy plus a no-guessing check ' +
      '(no dead cell, no digit without a place, no contradiction by singles). src/games/kosmos/players.ts.',
  ].join('\n');
}

export async function run(): Promise<string> {
  return [completionSection(), '', soloSection()].join('\n');
}

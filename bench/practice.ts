/**
 * Practice sets (issue 27 §3): `generate numbridge --technique ID` per technique and layout — the
 * share of puzzle seeds that yield a board whose hardest step is ID within a reduced budget, and
 * boards per second over all the time spent (the failed seeds included), in one thread. Techniques
 * practiceProblem refuses on a layout are listed as refused. Small counts: `PRACTICE_SEEDS=N`
 * (default 3) seeds per technique and layout, `PRACTICE_GRIDS=N` (default 20) grids per seed (the
 * CLI's default is 60 grids, and it tries 3 seeds a puzzle: its rates are higher than these). The
 * requests leave out the givens, as the CLI does with --technique alone.
 */
import { emptyGenerateStats, generateBoard } from '../src/numbridge-board/generate.ts';
import type { BlockKind } from '../src/numbridge-board/request.ts';
import { LADDER, practiceProblem } from '../src/sudoku/logic/index.ts';
import { table } from './results.ts';

const LAYOUTS: Array<{ label: string; size: number; blocks: BlockKind }> = [
  { label: '9×9 regular', size: 9, blocks: 'regular' },
  { label: '9×9 irregular', size: 9, blocks: 'irregular' },
  { label: '6×6 regular', size: 6, blocks: 'regular' },
];

export async function run(): Promise<string> {
  const seeds = Number(process.env.PRACTICE_SEEDS ?? 3);
  const grids = Number(process.env.PRACTICE_GRIDS ?? 20);
  const rows: Array<Array<string | number>> = [];
  const cells = new Map<string, string[]>();
  for (const layout of LAYOUTS) {
    for (const t of LADDER) {
      const refused = practiceProblem(t.id, { size: layout.size, irregular: layout.blocks === 'irregular', uniqueness: true });
      if (refused) {
        (cells.get(t.id) ?? cells.set(t.id, []).get(t.id)!).push('refused');
        continue;
      }
      const stats = emptyGenerateStats();
      let made = 0;
      const givens: number[] = [];
      const t0 = performance.now();
      for (let k = 0; k < seeds; k++) {
        try {
          // as the CLI asks without --givens: any number, near the room's usual count
          const file = generateBoard({ size: layout.size, blocks: layout.blocks, technique: t.id, budget: { grids } }, `practice/${layout.label}/${t.id}/${k}`, stats);
          givens.push(file.public.givens.flat().filter((d) => d !== 0).length);
          made++;
        } catch (e) {
          if (!(e instanceof Error) || e.name !== 'GenerationError') throw e;
        }
      }
      const seconds = (performance.now() - t0) / 1000;
      const perSecond = made / seconds;
      const rate = made === 0 ? '0' : perSecond >= 10 ? perSecond.toFixed(0) : perSecond >= 0.1 ? perSecond.toFixed(2) : perSecond.toPrecision(2);
      const range = made === 0 ? '' : `, ${Math.min(...givens)}${Math.max(...givens) > Math.min(...givens) ? `–${Math.max(...givens)}` : ''} givens`;
      (cells.get(t.id) ?? cells.set(t.id, []).get(t.id)!).push(`${made}/${seeds}, ${rate}/s${range}`);
      process.stderr.write(`practice ${layout.label} ${t.id}: ${made}/${seeds} in ${seconds.toFixed(1)} s\n`);
    }
  }
  for (const t of LADDER) rows.push([`\`${t.id}\``, t.tier, t.cost, ...cells.get(t.id)!]);
  return [
    '## Practice sets: `generate numbridge --technique ID` per technique and layout',
    '',
    `Per technique and layout: boards made of ${seeds} puzzle seeds (each within ${grids} grids × 4 removal orders, each order with its walk over unique boards; the CLI gives a seed 60 grids and a puzzle 3 seeds), boards per second over all the time spent, failed seeds included (one thread; \`npm run bench -- practice\`, \`PRACTICE_SEEDS\`, \`PRACTICE_GRIDS\`), and the givens of the boards made. Requests as the CLI makes them without \`--givens\`: any number of givens, aiming at the room's usual count (9×9: 30, 6×6: 14; src/numbridge-board/README.md, "Practice boards"). "refused": practiceProblem says the technique can never be the hardest step there (exit 2 in the CLI). Small counts: rates to compare techniques, not to quote to a decimal.`,
    '',
    table(['technique', 'tier', 'cost', ...LAYOUTS.map((l) => l.label)], rows),
  ].join('\n');
}

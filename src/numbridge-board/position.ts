/**
 * A player's position on a Numbridge board, judged against the board's secret solution (the
 * server's checks and hints, src/kinds/kind.ts `PositionRules`): pure, and never more than asked.
 *
 *   check  each submitted digit → right or wrong; nothing about cells not submitted
 *   hint   the position → the first wrong digit or pencil mark ("r3c4 is wrong"), or the prover's
 *          steps from that position up to and including the next placement
 *
 * A position holds placed digits (a grid, single cells, or both) and, optionally, the player's
 * pencil marks: candidates removed, [row, column, digit]. A step the position already holds — all
 * its eliminations made, nothing new placed — is skipped, so a frontend that applies a hint's
 * steps gets the next ones, never the same again.
 */
import { Type, type Static } from '@sinclair/typebox';
import { PositionError } from '../core/errors.ts';
import { prove } from '../sudoku/logic/index.ts';
import { ProofStep } from '../sudoku/logic/step-schema.ts';
import { cellName } from '../sudoku/logic/texts.ts';
import type { NumbridgeBoardInput } from './schema.ts';

const Index = Type.Integer({ minimum: 0, maximum: 8 });
const Digit = Type.Integer({ minimum: 1, maximum: 9 });

export const NumbridgePosition = Type.Object(
  {
    grid: Type.Optional(Type.Array(Type.Array(Type.Integer({ minimum: 0, maximum: 9 }), { maxItems: 9 }), { maxItems: 9, description: 'N×N digits, 0 = empty (givens may be repeated)' })),
    cells: Type.Optional(Type.Array(Type.Object({ row: Index, column: Index, digit: Digit }, { additionalProperties: false }), { maxItems: 81, description: 'single cells, 0-based row and column' })),
    eliminations: Type.Optional(
      Type.Array(Type.Tuple([Index, Index, Digit]), { maxItems: 729, description: "(hint) the player's pencil marks, candidates removed as [row, column, digit] (a hint step's eliminations)" }),
    ),
  },
  { additionalProperties: false, title: 'NumbridgePosition', description: 'a position on a Numbridge board: placed digits and pencil marks' },
);
export type NumbridgePosition = Static<typeof NumbridgePosition>;

export const NumbridgeCheck = Type.Object(
  {
    right: Type.Boolean({ description: 'every submitted digit is right' }),
    solved: Type.Boolean({ description: 'every cell is a given or submitted, and everything submitted is right' }),
    cells: Type.Array(Type.Object({ row: Type.Integer(), column: Type.Integer(), digit: Type.Integer(), right: Type.Boolean() }, { additionalProperties: false })),
  },
  { additionalProperties: false, title: 'NumbridgeCheck' },
);
export type NumbridgeCheck = Static<typeof NumbridgeCheck>;

export const NumbridgeHint = Type.Object(
  {
    solved: Type.Boolean({ description: 'the position is already complete and right' }),
    step: Type.Union([ProofStep, Type.Null()], { description: 'the first of steps, null when solved (kept for clients of the first version)' }),
    steps: Type.Array(ProofStep, { description: "the prover's steps from this position up to and including the next placement, leaving out the position's own eliminations; empty when solved" }),
  },
  { additionalProperties: false, title: 'NumbridgeHint' },
);
export type NumbridgeHint = Static<typeof NumbridgeHint>;

interface Placed {
  cell: number;
  digit: number;
}

/** The submitted digits, in the order given: a grid's non-zero cells, then `cells`. */
function placedDigits(file: NumbridgeBoardInput, position: NumbridgePosition): Placed[] {
  const n = file.public.size;
  const placed: Placed[] = [];
  const digit = (d: number, at: string) => {
    if (d > n) throw new PositionError('unreadable', `body${at}: digit ${d} exceeds size ${n}`);
  };
  if (position.grid !== undefined) {
    if (position.grid.length !== n) throw new PositionError('unreadable', `body/grid: has ${position.grid.length} rows, expected ${n}`);
    position.grid.forEach((row, r) => {
      if (row.length !== n) throw new PositionError('unreadable', `body/grid/${r}: has ${row.length} entries, expected ${n}`);
      row.forEach((d, c) => {
        digit(d, `/grid/${r}/${c}`);
        if (d !== 0) placed.push({ cell: r * n + c, digit: d });
      });
    });
  }
  (position.cells ?? []).forEach((x, i) => {
    if (x.row >= n || x.column >= n) throw new PositionError('unreadable', `body/cells/${i}: [${x.row}, ${x.column}] is off the ${n}×${n} board`);
    digit(x.digit, `/cells/${i}/digit`);
    placed.push({ cell: x.row * n + x.column, digit: x.digit });
  });
  return placed;
}

function solutionOf(file: NumbridgeBoardInput): number[] {
  if (!file.secret) throw new PositionError('conflict', `puzzle ${file.id} has no solution on this server`);
  return file.secret.solution.flat();
}

export function checkBoardPosition(file: NumbridgeBoardInput, position: NumbridgePosition): NumbridgeCheck {
  const n = file.public.size;
  const solution = solutionOf(file);
  const placed = placedDigits(file, position);
  const cells = placed.map((p) => ({ row: Math.floor(p.cell / n), column: p.cell % n, digit: p.digit, right: solution[p.cell] === p.digit }));
  const right = cells.every((c) => c.right);
  // solved: every cell is a given or submitted, and everything submitted is right
  const covered = new Set(placed.map((p) => p.cell));
  file.public.givens.flat().forEach((d, cell) => d !== 0 && covered.add(cell));
  return { right, solved: right && covered.size === n * n, cells };
}

export function boardHint(file: NumbridgeBoardInput, position: NumbridgePosition): NumbridgeHint {
  const n = file.public.size;
  const solution = solutionOf(file);
  const grid = Uint8Array.from(file.public.givens.flat());
  // the first wrong cell in reading order: one cell named, nothing about the others
  const placed = placedDigits(file, position);
  const wrong = placed.filter((p) => solution[p.cell] !== p.digit).sort((a, b) => a.cell - b.cell)[0];
  if (wrong) throw new PositionError('conflict', `${cellName(n, wrong.cell)} is wrong`);
  for (const p of placed) grid[p.cell] = p.digit;
  // the player's pencil marks: removing the right digit is wrong (the cell named, not the digit)
  const removed = new Set<number>();
  (position.eliminations ?? []).forEach(([row, column, digit], i) => {
    if (row >= n || column >= n) throw new PositionError('unreadable', `body/eliminations/${i}: [${row}, ${column}] is off the ${n}×${n} board`);
    if (digit > n) throw new PositionError('unreadable', `body/eliminations/${i}: digit ${digit} exceeds size ${n}`);
    // a mark in a filled cell (a given, a placed digit) means nothing: ignored, not judged
    if (grid[row * n + column] === 0) removed.add((row * n + column) * 16 + digit);
  });
  const wrongMark = [...removed].filter((key) => solution[key >> 4] === (key & 15)).sort((a, b) => a - b)[0];
  if (wrongMark !== undefined) throw new PositionError('conflict', `${cellName(n, wrongMark >> 4)}: a removed candidate is wrong`);
  if (grid.every((d) => d !== 0)) return { solved: true, step: null, steps: [] };
  const regions = Uint8Array.from(file.public.regions.flat());
  // uniqueness: a stored board passed verify (exactly one solution) and every placed digit is the solution's
  const proof = prove({ size: n, regions, givens: grid }, { collectSteps: true, uniqueness: true });
  // placed cells are givens of this proof, so no step places or clears one of them
  const steps: ProofStep[] = [];
  for (const step of proof.steps) {
    const isNew = step.placements.length > 0 || step.eliminations.some(([r, c, d]) => !removed.has((r * n + c) * 16 + d));
    if (!isNew) continue;
    steps.push(step);
    if (step.placements.length > 0) break;
  }
  return { solved: false, step: steps[0] ?? null, steps };
}

/**
 * What a room asks for: a board request. Its shape is a TypeBox schema (the TypeScript type comes
 * from it, and board files record the request in `secret.request`), plus the checks a schema
 * cannot express, the canonical text of a request and the derivation of puzzle seeds.
 *
 * Puzzle k of a run gets its seed from (run seed, "numbridge", canonical request, k) only, so a
 * run's output does not depend on how it is split over workers, batches or machines.
 */
import { Type, type Static } from '@sinclair/typebox';
import { hashSeed } from '../core/rng.ts';
import { LADDER, practiceProblem, techniqueById, TIERS } from '../sudoku/logic/index.ts';
import { unknownNameText } from '../core/suggest.ts';
import { regularBlockShape } from '../sudoku/regions.ts';
import { MAX_SIZE, MIN_SIZE } from '../sudoku/types.ts';
import { SYMMETRIES, symmetryProblem, type Symmetry } from './symmetry.ts';

export const BLOCK_KINDS = ['regular', 'irregular'] as const;
export type BlockKind = (typeof BLOCK_KINDS)[number];

export const SymmetrySchema = Type.Union(SYMMETRIES.map((s) => Type.Literal(s)), {
  description: 'symmetry of the pattern of givens: none, rot180, diag (r=c), antidiag (r+c=N−1) or all three',
});

/** The request as recorded in a board file (no budget: the budget never changes which board is made). */
export const BoardRequestRecord = Type.Object(
  {
    size: Type.Integer({ minimum: MIN_SIZE, maximum: MAX_SIZE }),
    blocks: Type.Union(BLOCK_KINDS.map((b) => Type.Literal(b))),
    givens: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_SIZE * MAX_SIZE, description: 'exact number of givens; absent (practice boards only: --technique without --givens) = any number' })),
    grade: Type.Optional(Type.Integer({ minimum: 1, description: 'exact grade level; absent = any guess-free grade' })),
    symmetry: SymmetrySchema,
    uniqueness: Type.Optional(
      Type.Literal(false, { description: 'made with --no-uniqueness: graded without the techniques that assume one solution; absent = allowed' }),
    ),
    technique: Type.Optional(
      Type.String({ minLength: 1, description: "a practice board: this technique (its id) is the proof's hardest step and used at least once; absent = any" }),
    ),
  },
  { additionalProperties: false },
);
export type BoardRequestRecord = Static<typeof BoardRequestRecord>;

/**
 * How hard the generator tries before it gives up with a GenerationError: full grids (with their
 * layouts) to try, each with ORDERS_PER_GRID removal orders. Grid g always comes from the same
 * stream, so the budget decides only WHETHER a seed yields a board, never WHICH board.
 */
export interface Budget {
  grids?: number;
}

/** Removal orders tried on each grid (fixed: it is part of the search order, not of the budget). */
export const ORDERS_PER_GRID = 4;

export interface BoardRequest {
  size: number;
  blocks: BlockKind;
  /** Exact number of givens; undefined only for a practice board (`technique`): any number. */
  givens?: number;
  /** Exact grade level (1 = singles only …); absent = any guess-free grade. */
  grade?: number;
  symmetry?: Symmetry;
  /** False: the grade and proof never use the uniqueness techniques (unique rectangles, BUG+1). */
  uniqueness?: boolean;
  /** A practice board: this technique id is the hardest step of the proof (hardestTechnique) and used at least once; its tier is the grade. */
  technique?: string;
  budget?: Budget;
}

export const DEFAULT_BUDGET: Required<Budget> = { grids: 60 };

/** The board sizes a request may ask for. */
export const SIZES = [4, 5, 6, 7, 8, 9] as const;

/**
 * A request as a caller poses it (the CLI's `generate numbridge` options and the library): the
 * kind derives its options and parser from this schema (src/kinds/request-schema.ts); the
 * defaults that depend on the size and the rules between fields are requestProblem's.
 */
export const BoardRequestInput = Type.Object(
  {
    size: Type.Optional(Type.Union(SIZES.map((n) => Type.Literal(n)), { description: 'N: an N×N board (5 and 7 have irregular blocks only)', default: 9 })),
    blocks: Type.Optional(
      Type.Union(BLOCK_KINDS.map((b) => Type.Literal(b)), { description: 'regular blocks (9×9: 3×3 rhombi, 6×6 Blitz: 2×3) or irregular hex-connected ones [default: regular where N has them]' }),
    ),
    givens: Type.Optional(Type.Integer({ description: 'exact number of givens [default: 30 on 9×9, 14 on 6×6, ~38 % of the cells otherwise; with --technique: any number, at most those where the technique allows it]' })),
    grade: Type.Optional(
      Type.Union([...TIERS.map((t) => Type.Literal(t.tier)), ...TIERS.map((t) => Type.Literal(t.name))], { description: 'exact grade: level or name (1 easy … 5 extreme); default: any guess-free grade' }),
    ),
    symmetry: Type.Optional(
      Type.Union(SYMMETRIES.map((s) => Type.Literal(s)), { description: 'symmetric pattern of givens: rot180, diag (r = c), antidiag (r + c = N−1), all', default: 'none' }),
    ),
    uniqueness: Type.Optional(
      Type.Boolean({ description: 'grade with the techniques that assume one solution (unique rectangles, BUG+1); --no-uniqueness excludes them', default: true }),
    ),
    technique: Type.Optional(
      Type.String({
        description: `practice boards: this technique is the hardest step of the proof and used at least once (its tier is the grade). The ids (English / German name): ${LADDER.map((t) => `${t.id} (${t.name.en} / ${t.name.de})`).join(', ')}`,
      }),
    ),
  },
  { additionalProperties: false },
);

/** How a command line may name a grade: its level or its name (`--grade 1` or `--grade easy`). */
export const GRADE_CHOICES: readonly string[] = [...TIERS.map((t) => String(t.tier)), ...TIERS.map((t) => t.name)];

/** The level of a grade given as a level (1, "1") or a tier name ("easy"); a RangeError otherwise. */
export function gradeLevel(value: unknown): number {
  const named = TIERS.find((t) => t.name === value);
  if (named) return named.tier;
  const n = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof n === 'number' && Number.isInteger(n)) return n; // the range is requestProblem's to check
  throw new RangeError(`grade must be a level 1..${TIERS.length} or one of ${TIERS.map((t) => t.name).join(', ')}, not ${JSON.stringify(value)}`);
}

/** Givens a room gets when it names none: about 37–40 % of the cells (30 on 9×9, 14 on Blitz 6×6). */
export const DEFAULT_GIVENS: Readonly<Record<number, number>> = { 4: 6, 5: 10, 6: 14, 7: 19, 8: 25, 9: 30 };

/**
 * The givens count a request records when it was given `asked` (maybe none): the count asked for;
 * else none for a practice request (`technique`: any number, the carve aims at DEFAULT_GIVENS);
 * else the room's usual count. Every request maker (CLI, library, deals, tables) reads it here.
 */
export function requestGivens(size: number, asked: number | undefined, technique: string | undefined): number | undefined {
  return asked ?? (technique === undefined ? DEFAULT_GIVENS[size] : undefined);
}

/**
 * Proven lower bounds on the givens of a unique regular Sudoku (9×9: 17, McGuire et al. 2012;
 * 6×6: 8; 4×4: 4). Elsewhere the general bound applies: at least N−1 distinct digits must appear.
 */
const MIN_REGULAR_GIVENS: Readonly<Record<number, number>> = { 4: 4, 6: 8, 9: 17 };

export function minimumGivens(size: number, blocks: BlockKind): number {
  return (blocks === 'regular' ? MIN_REGULAR_GIVENS[size] : undefined) ?? size - 1;
}

/**
 * Why a request can never be met (one line), or null. `maxGrade` is the prover's top tier.
 * 4×4 regular boards above grade 1 are refused up front rather than searched for until the budget
 * runs out: singles solve every unique 4×4 Sudoku (test/numbridge-board/four-by-four.test.ts checks all
 * of them), and the houses of a regular Numbridge board are those of a Sudoku.
 */
export function requestProblem(request: BoardRequest, maxGrade: number): string | null {
  const { size, blocks, givens, grade } = request;
  const symmetry = request.symmetry ?? 'none';
  if (!Number.isInteger(size) || size < MIN_SIZE || size > MAX_SIZE) return `size ${size} is outside ${MIN_SIZE}..${MAX_SIZE}`;
  if (!BLOCK_KINDS.includes(blocks)) return `blocks must be regular or irregular, not ${JSON.stringify(blocks)}`;
  if (blocks === 'regular' && !regularBlockShape(size)) return `${size}×${size} has no regular blocks (use --blocks irregular)`;
  if (!SYMMETRIES.includes(symmetry)) return `unknown symmetry ${JSON.stringify(symmetry)}`;
  const cells = size * size;
  const least = minimumGivens(size, blocks);
  if (givens === undefined) {
    if (request.technique === undefined) return 'givens: a number is needed (only a practice request, --technique, may leave it out)';
  } else if (!Number.isInteger(givens) || givens < least || givens >= cells) {
    return `givens ${givens} is outside ${least}..${cells - 1} for ${size}×${size} ${blocks} (no unique board has fewer; a game needs an empty cell)`;
  }
  if (grade !== undefined && (!Number.isInteger(grade) || grade < 1 || grade > maxGrade)) return `grade ${grade} is outside 1..${maxGrade}`;
  if (grade !== undefined && grade > 1 && size === 4 && blocks === 'regular') {
    return `4×4 regular boards never need more than singles: every unique one is grade 1 (ask for --grade 1 or --blocks irregular)`;
  }
  if (request.technique !== undefined) {
    const problem = techniqueProblem(request.technique, request);
    if (problem) return problem;
  }
  const budget = request.budget ?? {};
  for (const [key, value] of Object.entries(budget)) {
    if (value !== undefined && (!Number.isInteger(value) || value < 1)) return `budget.${key} must be a positive integer`;
  }
  return givens === undefined ? null : symmetryProblem(size, symmetry, givens);
}

/**
 * Why a practice request for technique `id` can never be met: an unknown id (the nearest ids
 * named), a grade other than its tier, or a technique that cannot be the hardest step on the
 * layout (practiceProblem: src/sudoku/logic/ladder.ts).
 */
function techniqueProblem(id: string, request: BoardRequest): string | null {
  const t = techniqueById(id);
  if (!t) return unknownNameText('technique', id, LADDER.map((x) => x.id));
  if (request.grade !== undefined && request.grade !== t.tier) return `technique ${id} is a tier ${t.tier} (${TIERS[t.tier - 1]?.name ?? '?'}) technique: its boards are grade ${t.tier}, not ${request.grade} (leave out --grade)`;
  const problem = practiceProblem(id, { size: request.size, irregular: request.blocks === 'irregular', uniqueness: request.uniqueness !== false });
  if (problem) return problem;
  if (t.tier > 1 && request.size === 4 && request.blocks === 'regular') {
    return `${id} can't be the hardest step on 4×4 regular boards: singles solve every unique one (use --blocks irregular)`;
  }
  // Full houses alone fill each empty cell from a house none of the cells filled after it lies
  // in, so the empty cells use distinct houses; the last one filled is still empty while every
  // other cell is filled, so its two other houses serve no cell: at most 3N − 2 empty cells.
  const fewest = request.size * request.size - 3 * request.size + 2;
  if (id === 'full-house' && request.givens !== undefined && request.givens < fewest) {
    return `full-house can't be the hardest step with ${request.givens} givens on ${request.size}×${request.size}: full houses alone fill at most one empty cell per house, and none from the two other houses of the last cell filled, so such a board has at least ${fewest} givens (leave out --givens)`;
  }
  return null;
}

/** The request as recorded in a file: defaults filled in, budget left out. */
export function requestRecord(request: BoardRequest): BoardRequestRecord {
  // keys in the order files have always had them (a practice request may leave givens out)
  const record: BoardRequestRecord = { size: request.size, blocks: request.blocks, ...(request.givens === undefined ? {} : { givens: request.givens }), symmetry: request.symmetry ?? 'none' };
  if (request.grade !== undefined) record.grade = request.grade;
  if (request.uniqueness === false) record.uniqueness = false;
  if (request.technique !== undefined) record.technique = request.technique;
  return record;
}

/** The canonical text of a request's parameters: equal requests, equal text. */
export function canonicalRequest(request: BoardRequest): string {
  const r = requestRecord(request);
  // uniqueness only when excluded, technique only when asked: the text (and so every seed) of earlier requests stays as it was
  return `size=${r.size},blocks=${r.blocks},givens=${r.givens ?? 'any'},grade=${r.grade ?? 'any'},symmetry=${r.symmetry}${r.uniqueness === false ? ',uniqueness=no' : ''}${r.technique === undefined ? '' : `,technique=${r.technique}`}`;
}

/**
 * The seed of puzzle k of a run: from the run seed, the kind, the canonical request and k only.
 * 32 hex digits (128 bits of the seed hash).
 */
export function puzzleSeed(runSeed: string, request: BoardRequest, k: number): string {
  return hashSeed(runSeed, 'numbridge', canonicalRequest(request), k)
    .map((w) => w.toString(16).padStart(8, '0'))
    .join('');
}

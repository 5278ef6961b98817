/**
 * The proof-step vocabulary of the logic prover, as TypeBox schemas (the single source of the
 * types and of the JSON Schema fragments). It lives in the Sudoku core because every game's proof
 * uses it; game file schemas (e.g. src/numbridge/schema.ts) import it.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Tuple } from '../../core/schema-parts.ts';

export { Tuple };
const Index = () => Type.Integer({ minimum: 0, maximum: 8 });
/** [row, column], 0-based. */
export const CellRef = Tuple<[number, number]>([Index(), Index()], '[row, column], 0-based');
/** [row, column, digit]: a candidate. */
export const CandidateRef = Tuple<[number, number, number]>([Index(), Index(), Type.Integer({ minimum: 1, maximum: 9 })], '[row, column, digit]');

export const Text = Type.Object({ de: Type.String(), en: Type.String() }, { additionalProperties: false });

/** One application of a solving technique. */
export const ProofStep = Type.Object(
  {
    technique: Type.String({ description: 'technique id, e.g. "hidden-single", "x-wing"' }),
    tier: Type.Integer({ minimum: 1 }),
    cells: Type.Array(CellRef, { description: 'the cells the deduction rests on' }),
    digits: Type.Array(Type.Integer({ minimum: 1, maximum: 9 })),
    eliminations: Type.Array(CandidateRef, { description: 'candidates removed' }),
    placements: Type.Array(CandidateRef, { description: 'digits placed' }),
    text: Text,
    chain: Type.Optional(
      Type.Array(CandidateRef, { description: 'chain techniques: the nodes in order; links alternate strong, weak, strong …, starting and ending strong' }),
    ),
    als: Type.Optional(
      Type.Array(Type.Array(CellRef), { description: 'almost locked set techniques: the sets in order (ALS-XZ: A, B; ALS-XY-Wing: A, B, pivot C; ALS chain: A1 … Ak)' }),
    ),
    assumesUniqueness: Type.Optional(
      Type.Literal(true, { description: 'the step is sound only because the puzzle has exactly one solution (unique rectangles, BUG+1)' }),
    ),
  },
  { additionalProperties: false },
);

export type ProofStep = Static<typeof ProofStep>;
export type Text = Static<typeof Text>;

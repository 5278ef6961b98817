/**
 * The proof-step vocabulary of the logic prover, as TypeBox schemas (the single source of the
 * types and of the JSON Schema fragments). It lives in the Sudoku core because every game's proof
 * uses it; game file schemas (e.g. src/numbridge-board/schema.ts) import it.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Tuple } from '../../core/schema-parts.ts';

export { Tuple };
const Index = () => Type.Integer({ minimum: 0, maximum: 8 });
/** [row, column], 0-based. */
export const CellRef = Tuple<[number, number]>([Index(), Index()], '[row, column], 0-based');
/** [row, column, digit]: a candidate. */
export const CandidateRef = Tuple<[number, number, number]>([Index(), Index(), Type.Integer({ minimum: 1, maximum: 9 })], '[row, column, digit]');

/** [row, column, digit, 1 = true / 0 = false]: a fact a forcing-chain branch derives. */
export const ImpliedRef = Tuple<[number, number, number, number]>(
  [Index(), Index(), Type.Integer({ minimum: 1, maximum: 9 }), Type.Integer({ minimum: 0, maximum: 1 })],
  '[row, column, digit, 1 = the digit is there / 0 = it is not]',
);

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
    groupedChain: Type.Optional(
      Type.Array(Type.Array(CandidateRef, { minItems: 1 }), {
        description:
          'grouped chains and nice loops (tier 5): the nodes in order, each a list of candidates of one digit (one candidate, or a group: the digit\'s places in a line-region intersection); links alternate strong, weak, strong …, starting and ending strong; a continuous loop links its last node weakly back to its first, a discontinuous loop placing a digit starts and ends with that candidate',
      }),
    ),
    branches: Type.Optional(
      Type.Array(
        Type.Object(
          {
            assume: CandidateRef,
            implies: Type.Array(ImpliedRef, { description: 'what follows, in order: each fact from the position and the facts before it' }),
            nested: Type.Optional(
              Type.Array(
                Type.Object(
                  {
                    assume: CandidateRef,
                    implies: Type.Array(ImpliedRef, { description: 'what follows inside the inner branch, in order, from the position, the enclosing facts before and the inner facts before; the last ones contradict' }),
                  },
                  { additionalProperties: false },
                ),
                {
                  description:
                    'nested forcing chains (tier 5): inner branches, each assuming a candidate inside this branch and reaching a contradiction (a candidate both true and false, a cell or a house-digit with no place) by plain forcing-chain moves; it shows the fact of `implies` that this candidate is false (0), from the facts listed before that fact',
                },
              ),
            ),
          },
          { additionalProperties: false },
        ),
        { description: 'forcing chains (tier 5): one branch per assumption (every candidate of a cell, every place of a digit in a house, or the one assumption that leads to a contradiction)' },
      ),
    ),
  },
  { additionalProperties: false },
);

export type ProofStep = Static<typeof ProofStep>;
export type Text = Static<typeof Text>;

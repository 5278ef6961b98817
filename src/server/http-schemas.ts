/**
 * The HTTP shapes, once, in TypeBox: Fastify validates requests with them, the routes get their
 * types from them, and @fastify/swagger turns them into /openapi.json. Puzzle files themselves are
 * described in docs/FORMATS.md and schemas/; here a player form is only "a file without secret".
 */
import { Type, type Static } from '@sinclair/typebox';
import { ProofStep as MurderStep } from '../murder/schema.ts';
import { ProofStep as NumbridgeStep } from '../sudoku/logic/step-schema.ts';

const Index = Type.Integer({ minimum: 0, maximum: 8 });

export const ErrorResponse = Type.Object({ error: Type.String({ description: 'one line: the input, its position and what is wrong' }) }, { $id: 'Error' });

export const PlayerForm = Type.Object(
  {
    format: Type.String(),
    version: Type.Integer(),
    id: Type.String(),
    public: Type.Object({}, { additionalProperties: true }),
  },
  { additionalProperties: true, description: 'a puzzle file of docs/FORMATS.md without its "secret" (the player form)' },
);

export const DateParams = Type.Object({ date: Type.String({ description: 'YYYY-MM-DD, or "today" (the server\'s local date)' }) });
export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) });

export const DailyResponse = Type.Object({
  date: Type.String(),
  index: Type.Object({}, { additionalProperties: true, description: 'the puzzlemill/daily-public-index of that date' }),
  puzzles: Type.Array(PlayerForm, { description: 'the player forms, in the index order' }),
});

export const PuzzleSummary = Type.Object({
  id: Type.String(),
  kind: Type.String(),
  format: Type.String(),
  size: Type.Union([Type.Integer(), Type.Null()]),
  level: Type.Union([Type.Integer(), Type.Null()]),
  summary: Type.String(),
});

export const ListQuery = Type.Object(
  {
    kind: Type.Optional(Type.String({ maxLength: 64, description: 'numbridge, murder, …' })),
    size: Type.Optional(Type.Integer({ minimum: 4, maximum: 9 })),
    grade: Type.Optional(Type.String({ maxLength: 16, description: 'a level 1..5 or its name (easy, medium, hard, fiendish, extreme)' })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, description: '1-based page number' })),
    cursor: Type.Optional(Type.String({ maxLength: 200, description: 'the `next` of the page before (faster than page= for deep pages)' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  },
  { additionalProperties: false },
);

export const ListResponse = Type.Object({
  puzzles: Type.Array(PuzzleSummary),
  next: Type.Union([Type.String(), Type.Null()], { description: 'pass as cursor= for the next page; null on the last' }),
});

const Cell = Type.Object({ row: Index, column: Index, digit: Type.Integer({ minimum: 1, maximum: 9 }) }, { additionalProperties: false });

export const PositionBody = Type.Object(
  {
    grid: Type.Optional(Type.Array(Type.Array(Type.Integer({ minimum: 0, maximum: 9 }), { maxItems: 9 }), { maxItems: 9, description: 'Numbridge: N×N digits, 0 = empty (givens may be repeated)' })),
    cells: Type.Optional(Type.Array(Cell, { maxItems: 81, description: 'Numbridge: single cells, 0-based row and column' })),
    positions: Type.Optional(
      Type.Record(Type.String({ pattern: '^[a-z0-9][a-z0-9-]*$', maxLength: 64 }), Type.Tuple([Index, Index]), { description: 'Murder: person id → [row, column], 0-based' }),
    ),
    murderer: Type.Optional(Type.String({ maxLength: 64, description: 'Murder (check only): the person accused' })),
    eliminations: Type.Optional(
      Type.Array(Type.Tuple([Index, Index, Type.Integer({ minimum: 1, maximum: 9 })]), { maxItems: 729, description: "Numbridge (hint): the player's pencil marks, candidates removed as [row, column, digit] (a hint step's eliminations)" }),
    ),
    removed: Type.Optional(
      Type.Array(
        Type.Object({ person: Type.String({ pattern: '^[a-z0-9][a-z0-9-]*$', maxLength: 64 }), cells: Type.Array(Type.Tuple([Index, Index]), { maxItems: 81 }) }, { additionalProperties: false }),
        { maxItems: 81, description: "Murder (hint): the cells the player has ruled out, per person (a hint step's removed)" },
      ),
    ),
  },
  { additionalProperties: false },
);
export type PositionBody = Static<typeof PositionBody>;

export const CheckResponse = Type.Object({
  right: Type.Boolean({ description: 'every submitted item is right' }),
  solved: Type.Boolean({ description: 'the submission is the whole answer, and right' }),
  cells: Type.Optional(Type.Array(Type.Object({ row: Type.Integer(), column: Type.Integer(), digit: Type.Integer(), right: Type.Boolean() }))),
  people: Type.Optional(Type.Array(Type.Object({ person: Type.String(), row: Type.Integer(), column: Type.Integer(), right: Type.Boolean() }))),
  murderer: Type.Optional(Type.Object({ person: Type.String(), right: Type.Boolean() })),
});

export const HintResponse = Type.Object({
  solved: Type.Boolean({ description: 'the position is already complete and right' }),
  step: Type.Union([NumbridgeStep, MurderStep, Type.Null()], { description: 'the first of steps (docs/FORMATS.md proof steps), null when solved or none' }),
  steps: Type.Array(Type.Union([NumbridgeStep, MurderStep]), {
    description: "the prover's steps from this position up to and including the next placement, leaving out what the position holds (placed items, its eliminations/removed); empty when solved",
  }),
});

export const VerifyResponse = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('fail'), Type.Literal('bad-input'), Type.Literal('skipped')]),
  kind: Type.Union([Type.String(), Type.Null()]),
  summary: Type.Union([Type.String(), Type.Null()]),
  pointer: Type.Union([Type.String(), Type.Null()]),
  problems: Type.Array(Type.String()),
  report: Type.String({ description: 'the line `puzzlemill verify` prints' }),
});

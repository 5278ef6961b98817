/**
 * The HTTP shapes, once, in TypeBox: Fastify validates requests with them, the routes get their
 * types from them, and @fastify/swagger turns them into /openapi.json. Puzzle files themselves are
 * described in docs/FORMATS.md and schemas/; here a player form is only "a file without secret".
 * Position bodies and answers are each kind's own (PositionRules): `positionSchemas` gathers them.
 */
import { Type, type TSchema } from '@sinclair/typebox';
import type { AnyFormat } from '../kinds/kind.ts';

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
    kind: Type.Optional(Type.String({ maxLength: 64, description: 'a puzzle kind (the `kind` of a list entry)' })),
    size: Type.Optional(Type.Integer({ minimum: 4, maximum: 9 })),
    grade: Type.Optional(Type.String({ maxLength: 16, description: "a level (1 = easiest) or a level's name (easy, medium, hard, …)" })),
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

/**
 * One body and one answer per kind with position rules, for the OpenAPI document and the
 * serialiser: a union (each member titled by its kind). The server validates a body against its
 * puzzle's kind alone (answers.ts), so the union is never what refuses a body.
 */
export function positionSchemas(kinds: readonly AnyFormat[]): { body: TSchema; check: TSchema; hint: TSchema } {
  const rules = kinds.flatMap((k) => (k.position ? [k.position] : []));
  const union = (schemas: object[], description: string) => (schemas.length === 1 ? Type.Unsafe({ ...schemas[0], description }) : Type.Union(schemas as TSchema[], { description }));
  return {
    body: union(rules.map((r) => r.schema), "a player's position, in the shape of the puzzle's kind"),
    check: union(rules.map((r) => r.checkSchema), 'right or wrong for each submitted item, in the shape of the puzzle\'s kind'),
    hint: union(rules.flatMap((r) => (r.hintSchema ? [r.hintSchema] : [])), "the prover's next steps, in the shape of the puzzle's kind"),
  };
}

export const VerifyResponse = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('fail'), Type.Literal('bad-input'), Type.Literal('skipped')]),
  kind: Type.Union([Type.String(), Type.Null()]),
  summary: Type.Union([Type.String(), Type.Null()]),
  pointer: Type.Union([Type.String(), Type.Null()]),
  problems: Type.Array(Type.String()),
  report: Type.String({ description: 'the line `puzzlemill verify` prints' }),
});

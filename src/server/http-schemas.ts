/**
 * The HTTP shapes, once, in TypeBox: Fastify validates requests with them, the routes get their
 * types from them, and @fastify/swagger turns them into /openapi.json (openapi.ts: the shared ones
 * as named components). Puzzle files are the kinds' own schemas (schemas/*.json): `kindSchemas`
 * gathers them, the player forms (a file without its secret), and each kind's position bodies
 * and answers (PositionRules), for the kinds known when the server is built.
 */
import { Type } from '@sinclair/typebox';
import type { AnyFormat } from '../kinds/kind.ts';
import { DailyPublicIndex } from '../pipeline/schema.ts';
import { component, formatComponentName } from './openapi.ts';

export const ErrorResponse = component(
  'Error',
  Type.Object({ error: Type.String({ description: 'one line: the input, its position and what is wrong' }) }, { description: 'refused: one line naming the input and what is wrong', examples: [{ error: 'body/cells/0/row must be <= 8' }] }),
);

export const DateParams = Type.Object({ date: Type.String({ description: 'YYYY-MM-DD, or "today" (the server\'s local date)' }) });
export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) });

export const PuzzleSummary = Type.Object({
  id: Type.String(),
  kind: Type.String(),
  format: Type.String(),
  size: Type.Union([Type.Integer(), Type.Null()]),
  level: Type.Union([Type.Integer(), Type.Null()]),
  technique: Type.Union([Type.String(), Type.Null()], { description: "the hardest technique of the puzzle's grade (its id), where the kind and file name one (Numbridge boards written since grade.technique); else null" }),
  summary: Type.String(),
});

export const ListQuery = Type.Object(
  {
    kind: Type.Optional(Type.String({ maxLength: 64, description: 'a puzzle kind (the `kind` of a list entry)' })),
    size: Type.Optional(Type.Integer({ minimum: 4, maximum: 9 })),
    grade: Type.Optional(Type.String({ maxLength: 16, description: "a level (1 = easiest) or a level's name (easy, medium, hard, …)" })),
    technique: Type.Optional(Type.String({ maxLength: 64, description: 'a technique id (x-wing, …): puzzles whose grade names it as the hardest step (practice sets)' })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, description: '1-based page number' })),
    cursor: Type.Optional(Type.String({ maxLength: 200, description: 'the `next` of the page before (faster than page= for deep pages)' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  },
  { additionalProperties: false },
);

export const ListResponse = Type.Object(
  {
    puzzles: Type.Array(PuzzleSummary),
    next: Type.Union([Type.String(), Type.Null()], { description: 'pass as cursor= for the next page; null on the last' }),
  },
  { description: 'one page of summaries, in id order', examples: [{ puzzles: [{ id: 'nb6r-c84efb54a86f784b', kind: 'numbridge', format: 'puzzlemill/numbridge-board', size: 6, level: 1, technique: 'hidden-single', summary: '6×6 regular, 14 givens, grade 1 (easy)' }], next: 'nb6r-c84efb54a86f784b' }] },
);

/**
 * A union of the kinds' schemas (none: nothing matches). `oneOf` where exactly one kind's can match
 * (files and player forms by their `format`, check answers by `cells` / `people`); `anyOf` where
 * several may (`{}` is every kind's empty position, a solved hint looks alike in every kind).
 */
const union = (keyword: 'oneOf' | 'anyOf', schemas: object[], options: object) => Type.Unsafe(schemas.length === 0 ? { not: {}, ...options } : { [keyword]: schemas, ...options });

/**
 * The shapes that depend on the kinds: files, player forms, position bodies and answers, for the
 * OpenAPI document and the serialisers, each a union of the kinds' own schemas. The server validates a position
 * against its puzzle's kind alone (answers.ts), and a verified file in the verify task, so no
 * union here is what refuses a request.
 */
export function kindSchemas(kinds: readonly AnyFormat[]) {
  const file = (k: AnyFormat) => component(formatComponentName(k.format), k.schema);
  // the file's schema with `secret` ruled out: one source for both forms
  const player = (k: AnyFormat) =>
    component(`${formatComponentName(k.format)}Player`, { description: `${k.name}: the player form (a ${k.format} file without its secret)`, allOf: [file(k)], properties: { secret: false } });
  const rules = kinds.flatMap((k) => (k.position ? [k.position] : []));
  const named = (schema: object) => component((schema as { title: string }).title, schema);
  const playerForm = union('oneOf', kinds.map(player), { description: 'a puzzle file of docs/FORMATS.md without its "secret" (the player form)' });
  return {
    playerForm,
    daily: Type.Object({
      date: Type.String({ examples: ['2026-12-01'] }),
      index: component('DailyPublicIndex', DailyPublicIndex),
      puzzles: Type.Array(playerForm, { description: 'the player forms, in the index order' }),
    }, { description: "a day's set: its public index and the player forms in its order" }),
    /** A puzzle file as `POST /verify` takes it: any kind's (with or without its secret). */
    file: union('oneOf', kinds.map(file), { description: 'a puzzle file of docs/FORMATS.md (with its secret or without)' }),
    positions: {
      body: union('anyOf', rules.map((r) => named(r.schema)), { description: "a player's position, in the shape of the puzzle's kind", examples: [{ cells: [{ row: 0, column: 2, digit: 4 }] }] }),
      check: union('oneOf', rules.map((r) => named(r.checkSchema)), {
        description: "right or wrong for each submitted item, in the shape of the puzzle's kind",
        examples: [{ right: false, solved: false, cells: [{ row: 0, column: 2, digit: 4, right: false }] }],
      }),
      hint: union('anyOf', rules.flatMap((r) => (r.hintSchema ? [named(r.hintSchema)] : [])), { description: "the prover's next steps, in the shape of the puzzle's kind" }),
    },
  };
}

export const VerifyResponse = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('fail'), Type.Literal('bad-input'), Type.Literal('skipped')]),
  kind: Type.Union([Type.String(), Type.Null()]),
  summary: Type.Union([Type.String(), Type.Null()]),
  pointer: Type.Union([Type.String(), Type.Null()]),
  problems: Type.Array(Type.String()),
  report: Type.String({ description: 'the line `puzzlemill verify` prints' }),
}, { description: "puzzlemill verify's report", examples: [{ status: 'ok', kind: 'numbridge', summary: '6×6 regular, 14 givens, grade 1 (easy)', pointer: null, problems: [], report: 'body: ok: numbridge 6×6 regular, 14 givens, grade 1 (easy)' }] });

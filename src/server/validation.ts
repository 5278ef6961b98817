/**
 * How requests are validated, once for every route (app.ts) and for the per-kind position bodies
 * (answers.ts), and how a refusal is worded: the first problem, naming the field —
 * "body/cells/0/row must be <= 8", "body: unknown field "solution"".
 *
 * Bodies are JSON and are taken as typed: no coercion, so "1" is no row and [1], true and null
 * are no digits (Fastify's default, coerceTypes 'array', accepted all four; the tables plugin has
 * always refused them). A querystring and path parameters are text by nature, so "20" may become
 * 20 there. In both, unknown fields are refused, not silently dropped: a client's typo should not
 * look accepted.
 *
 * A closed choice (a union of constants, an enum, a discriminator's tag) names every value it
 * allows: "body/variant must be one of "bridge", "blitz", "domains" (not "classic")", where ajv
 * alone says "must be equal to constant". Every validator of a request (these two, the tables
 * plugin's) is `verbose`, so an error keeps the refused value and the schema it broke.
 */
import { Ajv, type ErrorObject } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { oneOfText } from '../core/errors.ts';
import { getOrMake } from '../core/memo.ts';
import { refusedChoice, type SchemaErrorParts } from '../core/schema.ts';

const ajvOptions = { useDefaults: true, removeAdditional: false, allErrors: false, addUsedSchema: false, strict: false, verbose: true } as const;
export const bodyAjv = new Ajv({ ...ajvOptions, coerceTypes: false });
export const textAjv = new Ajv({ ...ajvOptions, coerceTypes: 'array' });

/** The one line of a request that breaks its schema: the first problem, at its field. */
export function schemaErrorText(errors: readonly (SchemaErrorParts & Pick<ErrorObject, 'message'>)[], dataVar: string): string {
  const e = errors[0]!;
  const extra = (e.params as { additionalProperty?: string }).additionalProperty;
  if (extra !== undefined) return `${dataVar}${e.instancePath}: unknown field ${JSON.stringify(extra)}`;
  const choice = refusedChoice(errors);
  if (choice) return `${dataVar}${choice.path} ${oneOfText(choice.values, choice.given)}`;
  return `${dataVar}${e.instancePath} ${e.message ?? 'is invalid'}`;
}

/** `schemaErrorText` as Fastify's schemaErrorFormatter (the app's, and the tables plugin's own). */
export function schemaError(errors: readonly (SchemaErrorParts & Pick<ErrorObject, 'message'>)[], dataVar: string): Error {
  return new Error(schemaErrorText(errors, dataVar));
}

/**
 * Answers held to their declared schemas: the kinds' answers (position checks and hints) are
 * described in JSON Schema 2020-12 (fixed tuples as `prefixItems`), which Fastify's own
 * serialiser cannot pick a union member by. An answer outside its schema is a bug (a 500), never
 * sent. `heldTo` checks one kind's answer against that kind's own schema (answers.ts: cheaper than
 * the union of every kind's, which the route declares); `declaredJson` is a route serialiser.
 */
const answers = new Ajv2020({ strict: false, allErrors: false, addUsedSchema: false });
const answerChecks = new WeakMap<object, ReturnType<typeof answers.compile>>();

export function heldTo<T>(schema: object, answer: T): T {
  const validate = getOrMake(answerChecks, schema, (declared) => answers.compile(declared));
  if (!validate(answer)) throw new Error(`answer outside its declared schema: ${schemaErrorText(validate.errors!, 'answer')}`);
  return answer;
}

export function declaredJson(schema: object): (data: unknown) => string {
  return (data) => JSON.stringify(heldTo(schema, data));
}

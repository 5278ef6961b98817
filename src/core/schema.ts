/**
 * JSON Schema validation with ajv (draft 2020-12). Schemas are written once, as TypeBox values in
 * each kind's folder: the TypeScript types come from them (`Static<typeof X>`) and
 * `schemas/*.schema.json` is generated from them (`npm run schemas`), so there is one source of
 * truth. Every file puzzlemill writes or reads passes through `validator(...)` here.
 *
 * Writers are strict, readers lenient (docs/FORMATS.md: fields may be added freely). A file schema is
 * written once, strict: every object closed (`additionalProperties: false`), every field we
 * write required. That is what we validate our own output with and what `schemas/` publishes.
 * `readerSchema(schema)` derives the reading form from it: objects open (unknown fields are
 * accepted and ignored by the code that reads the file), and fields marked `OptionalOnRead`
 * (schema-parts.ts) no longer required.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { InputError, inside, oneOfText, type InputPosition } from './errors.ts';
import { OPTIONAL_ON_READ } from './schema-parts.ts';

// verbose: an error keeps the value it refused, which a refused choice shows ("(not "x")")
const ajv = new Ajv2020({ strict: true, allErrors: false, allowUnionTypes: true, verbose: true });
const compiled = new WeakMap<object, ValidateFunction>();

/** The compiled validator for a schema object (compiled once per schema). */
export function validator<T>(schema: object): (data: unknown) => data is T {
  let v = compiled.get(schema);
  if (!v) {
    v = ajv.compile(schema);
    compiled.set(schema, v);
  }
  return v as unknown as (data: unknown) => data is T;
}

/** Validate or throw an InputError naming the first failing field. */
export function assertValid<T>(schema: object, data: unknown, where: InputPosition): asserts data is T {
  const validate = validator<T>(schema);
  if (validate(data)) return;
  const errors = (compiled.get(schema)!.errors ?? []) as ErrorObject[];
  const choice = refusedChoice(errors);
  const at = inside(where, choice?.path ?? errors[0]?.instancePath ?? '');
  throw new InputError(at.pointer ? at : { ...at, pointer: '/' }, choice ? oneOfText(choice.values, choice.given) : describeSchemaError(errors[0]));
}

/** What refusedChoice reads of an ajv error (Fastify's validation errors are typed with less than ajv keeps). */
export type SchemaErrorParts = Pick<ErrorObject, 'instancePath' | 'schemaPath' | 'keyword' | 'params'> & { parentSchema?: unknown; data?: unknown };

/** A closed choice that a value missed: where (an instance path), what it may be, and what it was when ajv kept it. */
export interface RefusedChoice {
  path: string;
  values: unknown[];
  given?: { value: unknown };
}

/**
 * The closed choice ajv's first error refuses, if it is one, with every allowed value: an `enum`;
 * a union of constants (TypeBox's Union of Literals, an anyOf with a `const` per branch, which ajv
 * reports as one "must be equal to constant" per branch and then "must match a schema in anyOf",
 * naming no value); a lone `const`; a discriminator's tag (its values read from the oneOf
 * branches, which only an ajv with `verbose` puts in the error). The refused value is there when
 * ajv is `verbose`.
 */
export function refusedChoice(errors: readonly SchemaErrorParts[]): RefusedChoice | undefined {
  const first = errors[0];
  if (!first) return undefined;
  const given = 'data' in first ? { value: first.data } : undefined;
  const params = first.params as { allowedValues?: unknown[]; allowedValue?: unknown; error?: string; tag?: string; tagValue?: unknown };
  if (first.keyword === 'enum') return { path: first.instancePath, values: params.allowedValues!, ...(given && { given }) };
  if (first.keyword === 'discriminator') {
    const branches = (first.parentSchema as { oneOf?: Array<{ properties?: Record<string, { const?: unknown }> }> } | undefined)?.oneOf;
    const values = branches?.map((branch) => branch.properties?.[params.tag!]?.const);
    if (!values || values.some((v) => v === undefined)) return undefined;
    // a tag of no branch ("mapping") or not a string ("tag"); a missing tag is `required`'s
    return { path: `${first.instancePath}/${params.tag}`, values, ...(params.tagValue !== undefined && { given: { value: params.tagValue } }) };
  }
  const union = constantUnion(errors);
  if (union) return { path: first.instancePath, values: union, ...(given && { given }) };
  if (first.keyword === 'const') return { path: first.instancePath, values: [params.allowedValue], ...(given && { given }) };
  return undefined;
}

/**
 * The values of the union of constants the first error is a branch of, or undefined: the errors
 * before the union's own must all be its branches' at the same value, and each branch must have
 * refused the value by its `const` (a branch of another shape is no constant).
 */
function constantUnion(errors: readonly SchemaErrorParts[]): unknown[] | undefined {
  const first = errors[0]!;
  const branch = /^(.*\/(?:anyOf|oneOf))\/\d+\/[^/]+$/.exec(first.schemaPath);
  if (!branch) return undefined;
  const unionPath = branch[1]!;
  const end = errors.findIndex((e) => e.schemaPath === unionPath);
  if (end < 0) return undefined;
  const constants = new Map<number, unknown>();
  const branches = new Set<number>();
  for (const e of errors.slice(0, end)) {
    // "<union>/<branch>/<keyword>": an error deeper in a branch is no constant's
    const [index, keyword, ...deeper] = e.schemaPath.slice(unionPath.length + 1).split('/');
    if (!e.schemaPath.startsWith(unionPath + '/') || deeper.length > 0 || keyword === undefined || e.instancePath !== first.instancePath) return undefined;
    branches.add(Number(index));
    if (keyword === 'const') constants.set(Number(index), (e.params as { allowedValue: unknown }).allowedValue);
  }
  if (constants.size !== branches.size) return undefined;
  return [...constants.keys()].sort((a, b) => a - b).map((i) => constants.get(i));
}

/** One readable sentence for an ajv error (a refused choice is `refusedChoice`'s). */
export function describeSchemaError(e: ErrorObject | undefined): string {
  if (!e) return 'does not match the schema';
  switch (e.keyword) {
    case 'required':
      return `missing field "${(e.params as { missingProperty: string }).missingProperty}"`;
    case 'additionalProperties':
      return `unknown field "${(e.params as { additionalProperty: string }).additionalProperty}"`;
    case 'minItems':
      return `has fewer than ${(e.params as { limit: number }).limit} items`;
    case 'maxItems':
      return `has more than ${(e.params as { limit: number }).limit} items`;
    case 'type':
      return `must be ${(e.params as { type: string }).type}`;
    case 'minimum':
    case 'maximum':
      return `must be ${e.keyword === 'minimum' ? '≥' : '≤'} ${(e.params as { limit: number }).limit}`;
    default:
      return e.message ?? 'does not match the schema';
  }
}

const readers = new WeakMap<object, object>();

/**
 * The lenient form of a strict file schema, for reading files from any tool: objects with
 * listed `properties` accept others too, fields marked `OptionalOnRead` may be missing. Maps
 * (`patternProperties`) and tuples stay closed: their keys and lengths carry meaning. The root's
 * `$id` moves under `…/schemas/read/` so that both forms can be compiled side by side.
 */
export function readerSchema(schema: object): object {
  let reader = readers.get(schema);
  if (!reader) {
    reader = relaxed(schema) as Record<string, unknown>;
    const id = (reader as { $id?: unknown }).$id;
    if (typeof id === 'string') (reader as { $id: string }).$id = id.replace(/\/schemas\//, '/schemas/read/');
    readers.set(schema, reader);
  }
  return reader;
}

function relaxed(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(relaxed);
  if (typeof node !== 'object' || node === null) return node;
  const source = node as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) out[key] = relaxed(value);
  const properties = source.properties as Record<string, Record<symbol, unknown>> | undefined;
  if (properties && typeof properties === 'object') {
    if (source.additionalProperties === false) delete out.additionalProperties;
    if (Array.isArray(source.required)) {
      const required = (source.required as string[]).filter((name) => properties[name]?.[OPTIONAL_ON_READ] !== true);
      if (required.length > 0) out.required = required;
      else delete out.required;
    }
  }
  return out;
}

/** Validate a file as a reader (`readerSchema`) or throw an InputError naming the first failing field. */
export function assertReadable<T>(schema: object, data: unknown, where: InputPosition): asserts data is T {
  assertValid<T>(readerSchema(schema), data, where);
}

// Requests come from command lines and callers as strings or loose JSON: coerced to the schema's
// types ("9" → 9, "true" → true), defaults filled in, unknown keys dropped (request schemas are
// closed objects), first error only. A separate instance: coercion must never touch files.
const requests = new Ajv2020({ strict: true, allErrors: false, allowUnionTypes: true, coerceTypes: true, useDefaults: true, removeAdditional: true });
const compiledRequests = new WeakMap<object, ValidateFunction>();

/**
 * Parse a request against its schema: a fresh object, coerced, with defaults and without unknown
 * keys (undefined values count as absent), or the first error (its field's name and an ajv error).
 */
export function coerceRequest(schema: object, input: Readonly<Record<string, unknown>>): { value: Record<string, unknown> } | { field: string; error: ErrorObject } {
  let validate = compiledRequests.get(schema);
  if (!validate) {
    validate = requests.compile(schema);
    compiledRequests.set(schema, validate);
  }
  const value: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(input)) if (v !== undefined) value[key] = v;
  if (validate(value)) return { value };
  const error = validate.errors![0]!;
  const field = error.keyword === 'required' ? (error.params as { missingProperty: string }).missingProperty : error.instancePath.split('/')[1] ?? '';
  return { field, error };
}

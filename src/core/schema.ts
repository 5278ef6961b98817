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
import { InputError, inside, type InputPosition } from './errors.ts';
import { OPTIONAL_ON_READ } from './schema-parts.ts';

const ajv = new Ajv2020({ strict: true, allErrors: false, allowUnionTypes: true });
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
  const at = inside(where, errors[0]?.instancePath ?? '');
  throw new InputError(at.pointer ? at : { ...at, pointer: '/' }, describeSchemaError(errors[0]));
}

/** One readable sentence for an ajv error. */
export function describeSchemaError(e: ErrorObject | undefined): string {
  if (!e) return 'does not match the schema';
  switch (e.keyword) {
    case 'required':
      return `missing field "${(e.params as { missingProperty: string }).missingProperty}"`;
    case 'additionalProperties':
      return `unknown field "${(e.params as { additionalProperty: string }).additionalProperty}"`;
    case 'const':
      return `must be ${JSON.stringify((e.params as { allowedValue: unknown }).allowedValue)}`;
    case 'enum':
      return `must be one of ${(e.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
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

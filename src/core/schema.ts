/**
 * JSON Schema validation with ajv (draft 2020-12). Schemas are written once, as TypeBox values in
 * each kind's folder: the TypeScript types come from them (`Static<typeof X>`) and
 * `schemas/*.schema.json` is generated from them (`npm run schemas`), so there is one source of
 * truth. Every file puzzlemill writes or reads passes through `validator(...)` here.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { InputError, inside, type InputPosition } from './errors.ts';

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

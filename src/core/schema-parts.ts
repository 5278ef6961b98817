/**
 * TypeBox pieces every file schema uses: where our schemas live, the draft-2020-12 root options,
 * and fixed-length arrays in 2020-12 form (TypeBox's own `Type.Tuple` emits the older
 * `items: […]`, which ajv's 2020 mode rejects).
 */
import { Type } from '@sinclair/typebox';

export const SCHEMA_BASE = 'https://puzzlemill.dev/schemas/';
export const DRAFT_2020_12 = 'https://json-schema.org/draft/2020-12/schema';

/** A fixed-length array: `prefixItems` and nothing after them. */
export function Tuple<T extends unknown[]>(items: object[], description: string) {
  return Type.Unsafe<T>({ type: 'array', prefixItems: items, items: false, minItems: items.length, maxItems: items.length, description });
}

/** The options of a published root schema: `$schema`, `$id` (…/NAME.schema.json), title, description, closed. */
export function rootOptions(name: string, title: string, description: string) {
  return {
    $schema: DRAFT_2020_12,
    $id: `${SCHEMA_BASE}${name}.schema.json`,
    title,
    description,
    additionalProperties: false as const,
  };
}

/**
 * TypeBox pieces every file schema uses: where our schemas live, the draft-2020-12 root options,
 * and fixed-length arrays in 2020-12 form (TypeBox's own `Type.Tuple` emits the older
 * `items: […]`, which ajv's 2020 mode rejects), and the mark of a field readers may miss.
 */
import { Type, type TSchema } from '@sinclair/typebox';

export const SCHEMA_BASE = 'https://puzzlemill.dev/schemas/';
export const DRAFT_2020_12 = 'https://json-schema.org/draft/2020-12/schema';

/** A fixed-length array: `prefixItems` and nothing after them. */
/** One of these strings (a union of literals, named in refusals: refusedChoice). */
export function Literals<T extends string>(values: readonly T[]) {
  return Type.Union(values.map((v) => Type.Literal(v)));
}

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

/**
 * Marks a field that we always write but readers accept without (`readerSchema` in schema.ts
 * drops it from `required`): a file from another tool may lack what only we can make, e.g. a
 * proof or our seed. A symbol key, so the published JSON Schema does not show the mark.
 */
export const OPTIONAL_ON_READ = Symbol.for('puzzlemill.optionalOnRead');

export function OptionalOnRead<T extends TSchema>(schema: T): T {
  return { ...schema, [OPTIONAL_ON_READ]: true };
}

/** A file type as readers see it: the `secret` fields K (marked OptionalOnRead) may be missing. */
export type ReadForm<F extends { secret?: object }, K extends keyof NonNullable<F['secret']>> = Omit<F, 'secret'> & {
  secret?: Omit<NonNullable<F['secret']>, K> & Partial<Pick<NonNullable<F['secret']>, K>>;
};

/**
 * TypeBox pieces the game files share: the envelope of docs/FORMATS.md ({ format, version, id, public,
 * secret }), 0-based cell references, 9×9 grids and fixed-length arrays in draft 2020-12 form.
 */
import { Type, type TSchema } from '@sinclair/typebox';
import { formatName } from '../core/formats.ts';
import { rootOptions, SCHEMA_BASE, Tuple } from '../core/schema-parts.ts';

export { rootOptions, SCHEMA_BASE, Tuple };

export const Index9 = () => Type.Integer({ minimum: 0, maximum: 8 });
export const Digit = (description = 'a digit 1..9') => Type.Integer({ minimum: 1, maximum: 9, description });

/** [row, column], 0-based, row 0 at the top (docs/FORMATS.md). */
export const Cell9 = () => Tuple<[number, number]>([Index9(), Index9()], '[row, column], 0-based');

/** A 9×9 grid of digits, 0 = empty (rows of columns). */
export const Grid9 = (min: number, description: string) =>
  Type.Array(Type.Array(Type.Integer({ minimum: min, maximum: 9 }), { minItems: 9, maxItems: 9 }), { minItems: 9, maxItems: 9, description });

const head = (format: string) => ({
  format: Type.Literal(format),
  version: Type.Literal(1),
  id: Type.String({ minLength: 1 }),
});

/** The docs/FORMATS.md envelope: public part for players, optional secret part for the server. */
export function envelope<P extends TSchema, S extends TSchema>(format: string, title: string, description: string, publicPart: P, secretPart: S) {
  return Type.Object({ ...head(format), public: publicPart, secret: Type.Optional(secretPart) }, rootOptions(formatName(format), title, description));
}

/** The envelope of a file with nothing secret in it (records, positions). */
export function publicEnvelope<P extends TSchema>(format: string, title: string, description: string, publicPart: P) {
  return Type.Object({ ...head(format), public: publicPart }, rootOptions(formatName(format), title, description));
}

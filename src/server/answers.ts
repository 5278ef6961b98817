/**
 * Checks and hints without revealing, for any kind with position rules (src/kinds/kind.ts
 * `PositionRules`, each kind's own `position.ts` beside its rules): the stored full file's kind
 * judges the player's position; this module only validates the body against that kind's position
 * schema and turns the kind's refusals into HTTP statuses.
 *
 *   400  the body breaks the kind's schema, or names what the puzzle does not have (PositionError
 *        'unreadable'), or the kind has no position rules
 *   409  a readable position that contradicts the solution (a hint), or no solution stored
 *        (PositionError 'conflict')
 */
import type { ValidateFunction } from 'ajv';
import { PositionError } from '../core/errors.ts';
import { getOrMake } from '../core/memo.ts';
import type { AnyFormat, PositionRules, PuzzleFile } from '../kinds/kind.ts';
import { allFormats, kindForFormat } from '../kinds/registry.ts';
import { bodyAjv, heldTo, schemaErrorText } from './validation.ts';

/** A client's mistake, answered with its status and a one-line reason. */
export class ClientError extends Error {
  constructor(readonly statusCode: number, message: string) {
    super(message);
  }
}

/** Each kind's body validator, compiled on its first body. */
const validators = new WeakMap<object, ValidateFunction>();

export type PositionQuestion = 'check' | 'hint';

/**
 * The answer of the file's kind to a player's position: `check` or `hint`. `charge` runs once the
 * body is valid, before it is judged (the rate limit, in the database on PostgreSQL: a body the
 * schema refuses costs nothing).
 */
export async function answerPosition(file: PuzzleFile, body: unknown, question: PositionQuestion, charge: () => void | Promise<void> = () => undefined): Promise<object> {
  const kind = kindForFormat(file.format);
  const rules = kind?.position;
  if (!rules || (question === 'hint' && !rules.hint)) throw new ClientError(400, `puzzle ${file.id}: ${question === 'check' ? 'checking' : 'hints for'} ${file.format} ${question === 'check' ? 'is' : 'are'} not supported`);
  const validate = getOrMake(validators, rules.schema, (schema) => bodyAjv.compile(schema));
  if (!validate(body)) throw new ClientError(400, schemaErrorText(validate.errors!, 'body') + fieldsNote(kind!, rules, validate));
  await charge();
  try {
    return question === 'check' ? heldTo(rules.checkSchema, rules.check(file, body)) : heldTo(rules.hintSchema!, rules.hint!(file, body));
  } catch (e) {
    if (e instanceof PositionError) throw new ClientError(e.reason === 'unreadable' ? 400 : 409, e.message);
    throw e;
  }
}

/** A top-level field of another kind's position: name the fields this kind's position has. */
function fieldsNote(kind: AnyFormat, rules: PositionRules, validate: ValidateFunction): string {
  const e = validate.errors![0]!;
  const field = (e.params as { additionalProperty?: string }).additionalProperty;
  if (e.instancePath !== '' || field === undefined) return '';
  const fieldsOf = (schema: object) => Object.keys((schema as { properties?: object }).properties ?? {});
  if (!allFormats().some((other) => other !== kind && other.position && fieldsOf(other.position.schema).includes(field))) return '';
  return ` (a ${kind.name} position has ${fieldsOf(rules.schema).map((f) => JSON.stringify(f)).join(', ')})`;
}

/** Our own output passes our schemas too; a failure there is a bug (exit 70), never "bad input". */
import { assertValid } from '../../core/schema.ts';

export function assertOwnOutput(schema: object, value: unknown, what: string): void {
  try {
    assertValid(schema, value, { source: what });
  } catch (e) {
    throw new Error(`${what} failed its own schema: ${(e as Error).message}`);
  }
}

import { randomBytes } from 'node:crypto';

/**
 * A seed for a deal nobody chose: 128 bits from the operating system's CSPRNG, as 32 hex digits.
 * A deal's seed rebuilds its secret (pile, bag, hands, solution), so it must be unguessable: a
 * short seed can be found by trying seeds until the public part matches.
 */
export function strongRandomSeed(): string {
  return randomBytes(16).toString('hex');
}

/** What every deal's `--seed` help says about seeds. */
export const DEAL_SEED_HELP =
  "the deal's seed, a secret: it rebuilds everything hidden (pile, bag, hands, solution), and a short one is found by trying seeds until the public part matches. The same seed gives the same bytes [default: 128 random bits, kept in secret.seed]";

/**
 * The one check every `--seed` option shares. A seed given twice reaches a handler as an array
 * (yargs collects repeats), and an empty seed is what an unset variable in a server's script gives
 * (`--seed "$SEED"`): both would quietly make the same output for every run, so both are usage errors.
 */
export function seedProblem(seed: unknown): string | null {
  if (Array.isArray(seed)) return '--seed is given more than once';
  if (seed === '') return '--seed must not be empty (an unset variable?): the seed decides everything the run makes';
  return null;
}

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

/**
 * The option checks every command shares, run once by main.ts (a yargs middleware before
 * validation) on whatever options the command being run declares:
 *
 *   - a single-valued option given twice is an error: yargs would collect the values into an array
 *     that the command's code reads as one value (`-j 1 -j 2` made verify check nothing), or drop
 *     both (`-j 1 -j 1`); a repeated flag (`-q -q`) is harmless and passes;
 *   - a number option's value must be written as a number (not `abc`, not empty, not missing) and
 *     lie in its range: a whole number ≥ 0 unless NUMBER_RULES says otherwise.
 *
 * Both are usage errors (one line, exit 2), found before any command's own checks or work. A new
 * option is covered without any change here; one that needs another range gets a row below.
 */
import { availableParallelism } from 'node:os';
import { UsageError, warn } from './exit.ts';

export interface NumberRule {
  /** Whole numbers only. */
  integer: boolean;
  min: number;
  /** The minimum itself is not allowed (for "positive"). */
  minExclusive?: boolean;
  max: number;
}

const WHOLE: NumberRule = { integer: true, min: 0, max: Number.MAX_SAFE_INTEGER };
const AT_LEAST_ONE: NumberRule = { integer: true, min: 1, max: Number.MAX_SAFE_INTEGER };
const RATE: NumberRule = { integer: false, min: 0, max: 1 };
const POSITIVE: NumberRule = { integer: false, min: 0, minExclusive: true, max: Number.MAX_SAFE_INTEGER };

/** Ranges of the number options that are not "a whole number ≥ 0" (by option name, any command). */
export const NUMBER_RULES: Readonly<Record<string, NumberRule>> = {
  workers: AT_LEAST_ONE,
  attempts: AT_LEAST_ONE,
  budget: AT_LEAST_ONE,
  'max-tier': AT_LEAST_ONE,
  'max-seconds': POSITIVE,
  // the room limits of src/games/numbridge/room.ts
  'turn-seconds': { integer: true, min: 5, max: 3600 },
  'game-seconds': { integer: true, min: 10, max: 86400 },
  'error-rate': RATE,
  'timeout-rate': RATE,
  // PNG pixels per SVG unit (render's own limit)
  scale: { integer: false, min: 0, minExclusive: true, max: 8 },
  // a TCP port (serve; 0 = any free one)
  port: { integer: true, min: 0, max: 65535 },
  // serve's limits: a request's time; silence past the event streams' 20 s heartbeat
  'request-timeout': { integer: false, min: 0, minExclusive: true, max: 3600 },
  'idle-timeout': { integer: false, min: 30, max: 3600 },
  'connections-per-address': { integer: true, min: 0, max: 1_000_000 },
  // daily --days, overview --days: a year at most
  days: { integer: true, min: 1, max: 366 },
};

export function ruleOf(option: string): NumberRule {
  return NUMBER_RULES[option] ?? WHOLE;
}

/** What yargs' getOptions() tells about the declared options (the part used here). */
export interface DeclaredOptions {
  key: Record<string, unknown>;
  alias: Record<string, string[]>;
  array: string[];
  number: string[];
  boolean: string[];
  default: Record<string, unknown>;
}

/** Option names as the user writes them: a long name `--name`, one letter `-j`. */
function flag(name: string): string {
  return name.length === 1 ? `-${name}` : `--${name}`;
}

/** The declared options that are no alias of another one (yargs lists aliases as keys too). */
function primaryNames(options: DeclaredOptions): string[] {
  const aliases = new Set(Object.values(options.alias).flat());
  return Object.keys(options.key).filter((k) => !aliases.has(k) && k !== 'help' && k !== 'version');
}

function namesOf(option: string, options: DeclaredOptions): string[] {
  return [option, ...(options.alias[option] ?? [])];
}

/** A negative number is a value, not a flag (yargs reads `--count -1` the same way). */
const FLAG_LIKE = /^-(?!\d|\.\d)/;

/**
 * The raw texts given for one option on the command line: `--name V`, `--name=V`, `-j V`, `-jV`;
 * `undefined` for an occurrence with no value. yargs turns an empty value into 0 and a missing one
 * into nothing, so only the raw words show those. Scanning stops at `--`.
 */
export function rawValues(rawArgs: readonly string[], names: readonly string[]): Array<string | undefined> {
  const found: Array<string | undefined> = [];
  for (let i = 0; i < rawArgs.length; i++) {
    const word = rawArgs[i]!;
    if (word === '--') break;
    for (const name of names) {
      const written = flag(name);
      let value: string | undefined;
      if (word === written) {
        const next = rawArgs[i + 1];
        value = next !== undefined && next !== '--' && !FLAG_LIKE.test(next) ? next : undefined;
        if (value !== undefined) i++;
      } else if (word.startsWith(written + '=')) {
        value = word.slice(written.length + 1);
      } else if (name.length === 1 && word.startsWith(written) && word.length > 2 && !word.startsWith('--')) {
        value = word.slice(2).replace(/^=/, '');
      } else {
        continue;
      }
      found.push(value);
      break;
    }
  }
  return found;
}

/** A number as people write one: digits, an optional sign, fraction and exponent. */
const NUMBER_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** Why this value of a number option is wrong, or null. */
export function numberProblem(option: string, value: string | number | undefined): string | null {
  const name = flag(option);
  if (value === undefined) return `${name} needs a number`;
  const text = String(value).trim();
  if (text === '') return `${name} needs a number, got an empty value`;
  if (typeof value === 'string' && !NUMBER_TEXT.test(text)) return `${name} must be a number, got "${value}"`;
  const n = Number(value);
  if (!Number.isFinite(n)) return `${name} must be a number, got "${value}"`;
  const rule = ruleOf(option);
  const range = rule.integer
    ? `a whole number ${rule.max === Number.MAX_SAFE_INTEGER ? `≥ ${rule.min}` : `${rule.min}..${rule.max}`}`
    : `a number ${rule.minExclusive ? '>' : '≥'} ${rule.min}${rule.max === Number.MAX_SAFE_INTEGER ? '' : ` and ≤ ${rule.max}`}`;
  const outside = n < rule.min || (rule.minExclusive && n === rule.min) || n > rule.max;
  if (outside || (rule.integer && !Number.isInteger(n))) return `${name} must be ${range}, got ${text}`;
  return null;
}

/** The first problem with the options of this command line, or null. */
export function optionsProblem(rawArgs: readonly string[], argv: Record<string, unknown>, options: DeclaredOptions): string | null {
  const arrays = new Set(options.array);
  const numbers = new Set(options.number);
  const flags = new Set(options.boolean);
  for (const option of primaryNames(options)) {
    const names = namesOf(option, options);
    // a repeated flag is still the same flag, and list options take many values
    if (names.some((n) => arrays.has(n) || flags.has(n))) continue;
    // counted in the raw words: yargs drops a number given twice with the same value
    const raws = rawValues(rawArgs, names);
    if (raws.length > 1 || Array.isArray(argv[option])) return `${flag(option)} is given more than once`;
    if (!numbers.has(option)) continue;
    if (raws.length === 1) {
      const problem = numberProblem(option, raws[0]);
      if (problem) return problem;
    } else if (typeof argv[option] === 'number' && argv[option] !== options.default[option]) {
      // a value the raw words did not show (e.g. inside a group of short flags): what yargs read
      const problem = numberProblem(option, argv[option] as number);
      if (problem) return problem;
    }
  }
  return null;
}

/**
 * More worker threads than cores only cost memory (each thread holds its own copy of the code and
 * tables: -j 64 took over 3.5 GB) and make nothing faster, so --workers is capped at the cores this
 * process may use, with a one-line warning. Output does not depend on the worker count.
 */
export function cappedWorkers(requested: number, cores = availableParallelism()): number {
  const cap = Math.max(1, cores);
  if (requested <= cap) return requested;
  warn(`puzzlemill: --workers ${requested} is more than the ${cap} cores available: using ${cap}`);
  return cap;
}

/**
 * The yargs middleware main.ts installs: the checks above, then the worker cap. `rawArgs` is the
 * command line as given (yargs' argv no longer shows empty or missing values).
 */
export function checkOptionsMiddleware(rawArgs: readonly string[]) {
  return (argv: Record<string, unknown>, y: { getOptions(): unknown }): Record<string, unknown> => {
    const options = y.getOptions() as DeclaredOptions;
    const problem = optionsProblem(rawArgs, argv, options);
    if (problem) throw new UsageError(problem);
    if (typeof argv.workers === 'number' && (options.number ?? []).includes('workers')) {
      const workers = cappedWorkers(argv.workers);
      if (workers !== argv.workers) {
        for (const name of namesOf('workers', options)) argv[name] = workers;
      }
    }
    return argv;
  };
}

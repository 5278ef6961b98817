/**
 * What every rung of the ladder provides (Tatham's shape): a search that reports each instance it
 * finds through `state.commit` and stops at the first one that changes the state, and a sentence
 * in German and English for the step.
 */
import type { LogicState } from './state.ts';
import type { Text } from './step-schema.ts';

export interface Technique {
  /** Stable id used in proof steps and technique counts, e.g. "hidden-single". */
  readonly id: string;
  /** Position in the registry (ladder.ts); indexes the prover's counters. */
  readonly index: number;
  readonly tier: number;
  /** Score added per application (HoDoKu's figures where it has the technique). */
  readonly cost: number;
  readonly name: Text;
  /** Only used on irregular layouts (Law of Leftovers). */
  readonly irregularOnly?: boolean;
  /**
   * Sound only for a puzzle with exactly one solution (unique rectangles, BUG+1): the prover uses
   * it only when told the board is proven unique (`prove(board, { uniqueness: true })`).
   */
  readonly assumesUniqueness?: boolean;
  /**
   * Runs only when asked for (`prove(board, { nested: true })`, or named in `techniques`): the
   * nested forcing chain, which can take seconds on a board where every other rung fails.
   * judgeBoard asks (grade, verify, import), within a branch budget; generators and bots never
   * do, so their speed and their boards stay as they were.
   */
  readonly onRequest?: boolean;
  /**
   * Search the state. Each instance is written to `state.finding` and passed to `state.commit`;
   * when that returns true the search stops and returns true (progress). Returns false when no
   * instance changed anything. Sets `state.contradiction` when the state has no solution.
   */
  find(state: LogicState): boolean;
  /** The step's sentence, from `state.finding` (called before the finding is applied). */
  describe(state: LogicState): Text;
}

/** A technique as written in its module, before it gets its index. */
export type TechniqueSpec = Omit<Technique, 'index'>;

let nextIndex = 0;
/** All techniques ever defined, by index. */
export const DEFINED: Technique[] = [];

/** Give a technique its counter index (in definition order). */
export function defineTechnique(spec: TechniqueSpec): Technique {
  const t: Technique = { ...spec, index: nextIndex++ };
  DEFINED.push(t);
  return t;
}

/**
 * The prover: a ladder of rules, cheapest first; after any progress it restarts at the bottom
 * (Simon Tatham's design). It never tries a placement and never assumes the case has one solution,
 * so "the ladder places everyone" proves both that the placement is forced and, because every
 * rule is sound, that no other solution exists. The level of a case is the highest tier it needed.
 *
 *   tier 1  clue-filter, naked-single, line-single, only-on-object
 *   tier 2  claiming, victim-room, with-another, alone, one-cell-line,
 *           person-order, same-room, not-same-room, only-with, object-count
 *   tier 3  room-capacity, hall-rows, hall-columns, rectangle, row-column-sets,
 *           empty-rooms, room-company, room-demand
 *
 * The rules of issue 26 come after the older ones of their tier, so a case the older ladder
 * solves takes the same path (same level, same work). All but room-company and room-demand fire
 * only on the new clue kinds and facts; those two can also fire on a sheet case the older ladder
 * leaves stuck, so the generator's ladder (`SHEET_RULES`, the default of `new Prover`) leaves them
 * out and sheet generation keeps its bytes; grading and proofs (`proveCase`, `scoreCase`) use all.
 *
 * The rows-against-columns rules (rules-permutation.ts) come last in their tiers: the fixpoint is
 * the same in any order, and they then run only when the rules about people have nothing.
 */
import { levelScore } from '../../core/level-score.ts';
import { columnOf, firstCell, hasCell, rowOf } from '../cells.ts';
import { canonicalModel, type CaseModel } from '../model.ts';
import { compileBoard, compileClues, type CompiledClue, type ProverBoard } from './board.ts';
import { oneCellLine, rowColumnSets } from './rules-permutation.ts';
import { alone, claiming, victimRoom, withAnother } from './rules-rooms.ts';
import { hallColumns, hallRows, rectangle, roomCapacity } from './rules-sets.ts';
import { clueFilter, lineSingle, nakedSingle, type Rule } from './rules-singles.ts';
import { roomCompany, roomDemand } from './rules-company.ts';
import { emptyRooms, objectCount } from './rules-facts.ts';
import { notSameRoom, onlyOnObject, onlyWith, personOrder, sameRoom } from './rules-relations.ts';
import { CONTRADICTION, PROGRESS, ProverState, type RecordedStep } from './state.ts';
import type { ProofNames } from './texts.ts';

export const RULES: readonly Rule[] = [
  clueFilter, nakedSingle, lineSingle, onlyOnObject,
  claiming, victimRoom, withAnother, alone, oneCellLine, personOrder, sameRoom, notSameRoom, onlyWith, objectCount,
  roomCapacity, hallRows, hallColumns, rectangle, rowColumnSets, emptyRooms, roomCompany, roomDemand,
];

/**
 * The ladder the generator deals against (the default of `new Prover`): every rule but the two
 * that reason about a person's company on a hypothetical cell. They can fire on a sheet case, and
 * a stronger ladder would make the sheet generator stop dealing and minimising at other clue sets.
 */
export const SHEET_RULES: readonly Rule[] = RULES.filter((rule) => rule !== roomCompany && rule !== roomDemand);

export const LEVEL_NAMES = ['', 'easy', 'medium', 'hard'] as const;
export type LevelName = 'easy' | 'medium' | 'hard';

/**
 * The work that lands in the middle of a level's span, per person: about a clue read (4), a
 * placement (4) and two line singles (2 × 14) — what an easy case asks of each person, rounded.
 */
const HALF_WORK_PER_PERSON = 40;

/**
 * A case's score (src/murder/README.md "Score"): the level's span of core/level-score.ts, the work of the
 * path (sum of rule costs) placing it inside; scaled by the people, as the work grows with them.
 */
export function caseScore(level: number, work: number, people: number): number {
  return levelScore(level, work, people * HALF_WORK_PER_PERSON);
}

/**
 * The score of a case the ladder solves, label-free: the work of the ladder on the canonical model
 * (canonicalModel: the same case with rooms, people and clues in an order of their content), so
 * relabelling or reordering a case keeps its score. Null when the ladder (up to maxTier) does not
 * place everyone.
 */
export function scoreCase(model: CaseModel, options: { maxTier?: number } = {}): number | null {
  const proof = proveCase(canonicalModel(model), { maxTier: options.maxTier });
  return proof.status === 'solved' ? caseScore(Math.max(1, proof.level), proof.work, model.people.length) : null;
}

export type ProveStatus = 'solved' | 'stuck' | 'contradiction';

export interface ProveResult {
  status: ProveStatus;
  /** The highest tier used (0 when no rule made progress). */
  level: number;
  /** The work of the path: the sum of the costs of the rule applications (the score's input). */
  work: number;
  /** Per person, the cell placed (`r·9 + c`), when solved. */
  cells: Int8Array | null;
  steps: RecordedStep[];
}

export class Prover {
  private readonly state: ProverState;
  /** The highest tier the last run used. */
  level = 0;
  /** The sum of the costs of the last run's rule applications. */
  work = 0;

  constructor(readonly board: ProverBoard, private readonly rules: readonly Rule[] = SHEET_RULES) {
    this.state = new ProverState(board);
  }

  /**
   * Run the ladder up to `maxTier`. Fast mode (no `names`) allocates nothing and returns only the
   * status; `result()` then gives the placement.
   */
  run(clues: readonly CompiledClue[], maxTier = 3, names: ProofNames | null = null): ProveStatus {
    this.state.reset(clues, names);
    this.level = 0;
    this.work = 0;
    return this.ladder(maxTier);
  }

  /**
   * Continue the last fast run after clues were appended to the same list: every rule is monotone
   * in the clues, so the old fixpoint is a sound start. (Levels and work are only meaningful for `run`.)
   */
  extend(clues: readonly CompiledClue[], maxTier = 3): ProveStatus {
    this.state.setClues(clues);
    return this.ladder(maxTier);
  }

  private ladder(maxTier: number): ProveStatus {
    const s = this.state;
    let i = 0;
    const rules = this.rules;
    while (i < rules.length) {
      const rule = rules[i]!;
      if (rule.tier > maxTier) break;
      const outcome = rule.apply(s);
      if (outcome === CONTRADICTION) return 'contradiction';
      if (outcome === PROGRESS) {
        if (rule.tier > this.level) this.level = rule.tier;
        this.work += rule.cost;
        i = 0;
        continue;
      }
      i++;
    }
    if (s.done !== (1 << s.n) - 1) return 'stuck';
    return placementHolds(s.board, s.cand, s.clues, s.n) ? 'solved' : 'contradiction';
  }

  /** Candidate cells left for person p after the last run (fast mode too). */
  candidateCount(p: number): number {
    return this.state.count(p);
  }

  /** The candidate sets after the last run (cells.ts layout, person p at 3p); read only. */
  get candidates(): Uint32Array {
    return this.state.cand;
  }

  /** The placement and proof of the last run. */
  result(status: ProveStatus): ProveResult {
    const s = this.state;
    let cells: Int8Array | null = null;
    if (status === 'solved') {
      cells = new Int8Array(s.n);
      for (let p = 0; p < s.n; p++) cells[p] = firstCell(s.cand, 3 * p);
    }
    return { status, level: this.level, work: this.work, cells, steps: s.steps.slice() };
  }
}

/**
 * Everyone placed: check every clue and every case fact on the final placement (the prover's own
 * check, from the board's sets). The rules are sound, so a wrong placement here means the clues
 * contradict each other.
 */
function placementHolds(board: ProverBoard, cand: Uint32Array, clues: readonly CompiledClue[], n: number): boolean {
  const cells = new Int8Array(n);
  for (let p = 0; p < n; p++) cells[p] = firstCell(cand, 3 * p);
  const roomAt = (p: number) => board.roomOf[cells[p]!]!;
  const company = (p: number, female: number) => {
    let k = 0;
    for (let q = 0; q < n; q++) if (q !== p && roomAt(q) === roomAt(p) && (female < 0 || board.female[q] === female)) k++;
    return k;
  };
  if (company(board.victim, -1) !== 1) return false;
  for (const clue of clues) {
    const p = clue.person, cell = cells[p]!, other = clue.other;
    if (!hasCell(clue.mask, 0, cell)) return false;
    switch (clue.kind) {
      case 'victim': if (company(p, -1) !== 1) return false; break;
      case 'alone': if (company(p, -1) !== 0) return false; break;
      case 'withAnother': if (roomAt(p) !== clue.room || company(p, clue.female) !== 1) return false; break;
      case 'sameRoomAs': if (roomAt(p) !== roomAt(other)) return false; break;
      case 'notSameRoomAs': if (roomAt(p) === roomAt(other)) return false; break;
      case 'onlyWith': if (roomAt(p) !== roomAt(other) || company(p, -1) !== 1) return false; break;
      case 'above': if (rowOf(cell) >= rowOf(cells[other]!)) return false; break;
      case 'below': if (rowOf(cell) <= rowOf(cells[other]!)) return false; break;
      case 'leftOf': if (columnOf(cell) >= columnOf(cells[other]!)) return false; break;
      case 'rightOf': if (columnOf(cell) <= columnOf(cells[other]!)) return false; break;
      case 'onlyOnObject':
        for (let q = 0; q < n; q++) if (q !== p && clue.object >= 0 && hasCell(board.objects, 3 * clue.object, cells[q]!)) return false;
        break;
      default: break;
    }
  }
  for (const fact of board.facts) {
    if (fact.kind === 'peopleOnObject') {
      let k = 0;
      for (let p = 0; p < n; p++) if (fact.object >= 0 && hasCell(board.objects, 3 * fact.object, cells[p]!)) k++;
      if (fact.exactly ? k !== fact.count : k > fact.count) return false;
    } else {
      let occupied = 0;
      for (let p = 0; p < n; p++) occupied |= 1 << roomAt(p);
      let empty = 0;
      for (let room = 0; room < board.roomCount; room++) if (!(occupied & (1 << room))) empty++;
      if (empty !== fact.count) return false;
    }
  }
  return true;
}

/** Prove a whole case: compile it, run the full ladder, return the placement and (with names) the proof. */
export function proveCase(model: CaseModel, options: { maxTier?: number; names?: ProofNames } = {}): ProveResult {
  const board = compileBoard(model);
  const prover = new Prover(board, RULES);
  const status = prover.run(compileClues(board, model), options.maxTier ?? 3, options.names ?? null);
  return prover.result(status);
}

/**
 * Tier 1 (easy): what a player does first. Apply each clue's own meaning to its person, place a
 * person with one cell left, and give a row or column to the only person who can still reach it.
 */
import { isSingleBit, lowestBit } from '../../core/bits.ts';
import { columnsOf, firstCell, rowsOf } from '../cells.ts';
import { CONTRADICTION, NONE, PROGRESS, type ProverState, type RuleResult } from './state.ts';
import { clueFilterText, lineSingleText, nakedSingleText } from './texts.ts';

export interface Rule {
  id: string;
  tier: 1 | 2 | 3;
  /** Points one application adds to the case's work (README "Score"): cheap within a tier for what a person sees at once. */
  cost: number;
  apply(s: ProverState): RuleResult;
}

/** Each clue's cells, one clue per application, in card order. */
export const clueFilter: Rule = {
  id: 'clue-filter',
  tier: 1,
  cost: 4,
  apply(s) {
    while (s.nextFilter < s.clues.length) {
      const clue = s.clues[s.nextFilter++]!;
      s.snapshot();
      const before = s.recording ? s.count(clue.person) : 0;
      if (s.restrict(clue.person, clue.mask, 0)) {
        if (s.recording) {
          const removed = before - s.count(clue.person);
          s.record('clue-filter', 1, { people: [clue.person], clues: [[clue.person, clue.index]] }, clueFilterText, clue.person, clue.index, removed);
        }
        return PROGRESS;
      }
    }
    return NONE;
  },
};

/** A person with one cell left stands there; the row and column are gone for everyone else. */
export const nakedSingle: Rule = {
  id: 'naked-single',
  tier: 1,
  cost: 4,
  apply(s) {
    for (let p = 0; p < s.n; p++) {
      const k = s.count(p);
      if (k === 0) return CONTRADICTION;
      if (k !== 1 || s.isDone(p)) continue;
      s.snapshot();
      const cell = firstCell(s.cand, 3 * p);
      s.done |= 1 << p;
      s.notePlaced(p, cell);
      for (let q = 0; q < s.n; q++) if (q !== p) s.remove(q, s.board.sees, 3 * cell);
      if (s.recording) s.record('naked-single', 1, { people: [p] }, nakedSingleText, p, cell);
      return PROGRESS;
    }
    return NONE;
  },
};

/** A row (column) only one person can reach is that person's: everyone stands in a different one. */
export const lineSingle: Rule = {
  id: 'line-single',
  tier: 1,
  cost: 14,
  apply(s) {
    const full = (1 << s.n) - 1;
    for (let axis = 0; axis < 2; axis++) {
      // once: lines someone reaches; twice: lines two or more reach; confined: lines already somebody's.
      let once = 0, twice = 0, confined = 0;
      for (let p = 0; p < s.n; p++) {
        const lines = axis === 0 ? rowsOf(s.cand, 3 * p) : columnsOf(s.cand, 3 * p);
        s.lines[p] = lines;
        twice |= once & lines;
        once |= lines;
        if (isSingleBit(lines)) confined |= lines;
      }
      if (once !== full) return CONTRADICTION;
      const singles = once & ~twice & ~confined;
      if (singles === 0) continue;
      const line = lowestBit(singles);
      let who = 0;
      while (!(s.lines[who]! & (1 << line))) who++;
      s.snapshot();
      s.restrict(who, axis === 0 ? s.board.rows : s.board.columns, 3 * line);
      if (s.recording) {
        const kind = axis === 0 ? 'row' : 'column';
        s.record('line-single', 1, axis === 0 ? { people: [who], rows: [line] } : { people: [who], columns: [line] }, lineSingleText, who, kind, line);
      }
      return PROGRESS;
    }
    return NONE;
  },
};

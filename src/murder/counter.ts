/**
 * The exhaustive solution counter: the proof that a case has exactly one solution. It shares no
 * code with the prover: it judges clues with the plain semantics of truth.ts, places people one at
 * a time (the person with the fewest open cells first), prunes only on counts that can never come
 * down again (a room already too full for a victim, alone or withAnother clue), and checks every
 * complete placement against every clue. `limit: 2` is the uniqueness proof.
 */
import { columnOf, rowOf } from './cells.ts';
import { isStandable, type CaseModel } from './model.ts';
import { holdsAt, isSolution, STRICT, type Reading } from './truth.ts';

export interface CountOptions {
  /** Stop after this many solutions (default 2: enough to tell unique from not). */
  limit?: number;
  reading?: Reading;
  /** Give up after this many search nodes (the result is then `complete: false`). */
  maxNodes?: number;
}

export interface CountResult {
  /** Solutions found, at most `limit`. */
  count: number;
  /** The first solutions found: per person, their cell (`r·9 + c`). */
  solutions: Int8Array[];
  nodes: number;
  /** False when the node budget ran out before the search finished. */
  complete: boolean;
}

export function countSolutions(model: CaseModel, options: CountOptions = {}): CountResult {
  const limit = options.limit ?? 2;
  const reading = options.reading ?? STRICT;
  const maxNodes = options.maxNodes ?? Infinity;
  const n = model.people.length;

  // The cells each person's own clues allow, judged cell by cell.
  const allowed: number[][] = model.people.map((person) => {
    const cells: number[] = [];
    for (let r = 0; r < model.size; r++) {
      for (let c = 0; c < model.size; c++) {
        const cell = r * 9 + c;
        if (isStandable(model, cell) && person.clues.every((fact) => holdsAt(model, fact, cell, reading))) cells.push(cell);
      }
    }
    return cells;
  });

  const cells = new Int8Array(n).fill(-1);
  const solutions: Int8Array[] = [];
  let usedRows = 0, usedColumns = 0, placed = 0, nodes = 0, stopped = false;

  const open = (p: number): number => {
    let k = 0;
    for (const cell of allowed[p]!) if (!(usedRows & (1 << rowOf(cell))) && !(usedColumns & (1 << columnOf(cell)))) k++;
    return k;
  };

  const search = (): void => {
    if (solutions.length >= limit || stopped) return;
    if (++nodes > maxNodes) {
      stopped = true;
      return;
    }
    if (placed === n) {
      if (isSolution(model, cells, reading)) solutions.push(cells.slice());
      return;
    }
    let best = -1, bestOpen = Infinity;
    for (let p = 0; p < n; p++) {
      if (cells[p] !== -1) continue;
      const k = open(p);
      if (k < bestOpen) {
        best = p;
        bestOpen = k;
        if (k === 0) return;
      }
    }
    for (const cell of allowed[best]!) {
      const rowBit = 1 << rowOf(cell), columnBit = 1 << columnOf(cell);
      if (usedRows & rowBit || usedColumns & columnBit) continue;
      cells[best] = cell;
      usedRows |= rowBit;
      usedColumns |= columnBit;
      placed++;
      if (!overfull(model, cells, reading)) search();
      placed--;
      usedRows &= ~rowBit;
      usedColumns &= ~columnBit;
      cells[best] = -1;
      if (solutions.length >= limit || stopped) return;
    }
  };
  search();
  return { count: solutions.length, solutions, nodes, complete: !stopped };
}

/**
 * A room already holds more people than some placed person's clue allows. Placing more people can
 * only raise these counts, so the branch is dead.
 */
function overfull(model: CaseModel, cells: Int8Array, reading: Reading): boolean {
  const n = model.people.length;
  for (let p = 0; p < n; p++) {
    if (cells[p] === -1) continue;
    const room = model.roomOf[cells[p]!];
    for (const fact of model.people[p]!.clues) {
      if (fact.kind !== 'victim' && fact.kind !== 'alone' && fact.kind !== 'withAnother') continue;
      let k = 0;
      for (let q = 0; q < n; q++) {
        if (q === p || cells[q] === -1 || model.roomOf[cells[q]!] !== room) continue;
        if (fact.kind === 'victim') k++;
        else if (fact.kind === 'alone') k += reading.aloneCountsVictim || q !== model.victim ? 1 : 0;
        else if (model.people[q]!.gender === fact.gender && (reading.withAnotherCountsVictim || q !== model.victim)) k++;
      }
      const most = fact.kind === 'alone' ? 0 : 1;
      if (k > most) return true;
    }
  }
  return false;
}

/**
 * Tier 1, the singles: full house (the last open cell of a house), naked single (a cell with one
 * candidate) and hidden single (a digit with one place in a house).
 *
 * The prover runs them from work queues (`runSingles`): a full house is taken as soon as a house
 * drops to one open cell, a naked single as soon as a cell drops to one candidate, and a hidden
 * single is searched for (once/twice bit trick over a house, as in the exact-cover solver) only
 * when neither queue has work. The `find` functions are the plain scans, used when one technique
 * is asked for all its instances.
 */
import { bitDigit } from '../../digits.ts';
import type { LogicState } from '../state.ts';
import { defineTechnique } from '../technique.ts';
import { both, cellName, houseName } from '../texts.ts';
import type { Lang } from '../../../core/lang.ts';

export const fullHouse = defineTechnique({
  id: 'full-house',
  tier: 1,
  cost: 4,
  name: { en: 'Full house', de: 'Full House' },
  find(s) {
    for (let h = 0; h < s.houseCount; h++) {
      if (s.houseOpen[h] === 1 && commitFullHouse(s, h)) return true;
    }
    return false;
  },
  describe(s) {
    const f = s.finding;
    const cell = f.cells[0]!;
    const d = bitDigit(f.digits);
    const g = s.geometry;
    return both((lang) =>
      lang === 'en'
        ? `Full house: ${cellName(s.n, cell)} is the last empty cell of ${houseName(g, f.houses[0]!, lang)}, so it takes the missing ${d}.`
        : `Full House: ${cellName(s.n, cell)} ist das letzte freie Feld in ${houseName(g, f.houses[0]!, lang)}, also gehört dort die fehlende ${d} hin.`,
    );
  },
});

/** Place the missing digit of house h, whose one open cell is found here. */
function commitFullHouse(s: LogicState, h: number): boolean {
  const n = s.n;
  const hc = s.geometry.houseCells;
  let cell = -1;
  for (let i = 0; i < n; i++) {
    const c = hc[h * n + i]!;
    if (s.grid[c] === 0) cell = c;
  }
  const missing = s.full & ~s.housePlaced[h]!;
  if (cell < 0 || (s.cand[cell]! & missing) === 0 || (missing & (missing - 1)) !== 0) {
    s.contradiction = true;
    return false;
  }
  const f = s.finding;
  f.clear();
  f.place(cell, bitDigit(missing));
  f.cell(cell);
  f.house(h);
  f.digits = missing;
  return s.commit(fullHouse);
}

export const nakedSingle = defineTechnique({
  id: 'naked-single',
  tier: 1,
  cost: 4,
  name: { en: 'Naked single', de: 'Nackter Single' },
  find(s) {
    for (let c = 0; c < s.cellCount; c++) {
      const m = s.cand[c]!;
      if (m !== 0 && (m & (m - 1)) === 0 && commitNakedSingle(s, c, m)) return true;
    }
    return false;
  },
  describe(s) {
    const f = s.finding;
    const cell = cellName(s.n, f.cells[0]!);
    const d = bitDigit(f.digits);
    return both((lang) =>
      lang === 'en' ? `Naked single: ${d} is the only candidate left in ${cell}.` : `Nackter Single: In ${cell} ist nur noch die ${d} möglich.`,
    );
  },
});

function commitNakedSingle(s: LogicState, cell: number, bit: number): boolean {
  const f = s.finding;
  f.clear();
  f.place(cell, bitDigit(bit));
  f.cell(cell);
  f.digits = bit;
  return s.commit(nakedSingle);
}

export const hiddenSingle = defineTechnique({
  id: 'hidden-single',
  tier: 1,
  cost: 14,
  name: { en: 'Hidden single', de: 'Versteckter Single' },
  find(s) {
    for (let k = 0; k < s.houseCount; k++) {
      if (hiddenSingleIn(s, blocksFirst(s, k), true)) return true;
      if (s.contradiction) return false;
    }
    return false;
  },
  describe(s) {
    const f = s.finding;
    const cell = cellName(s.n, f.cells[0]!);
    const d = bitDigit(f.digits);
    const house = (lang: Lang) => houseName(s.geometry, f.houses[0]!, lang);
    return both((lang) =>
      lang === 'en'
        ? `Hidden single: ${d} can only go in ${cell} within ${house(lang)}.`
        : `Versteckter Single: Die ${d} kann in ${house(lang)} nur in ${cell} stehen.`,
    );
  },
});

/**
 * Look for hidden singles in house h; commit the first (or, in `all` mode, each). A digit with no
 * place at all, or two digits needing the same cell, is a contradiction.
 */
function hiddenSingleIn(s: LogicState, h: number, every: boolean): boolean {
  const n = s.n;
  const hc = s.geometry.houseCells;
  const cand = s.cand;
  const base = h * n;
  let once = 0;
  let twice = 0;
  for (let i = 0; i < n; i++) {
    const m = cand[hc[base + i]!]!;
    twice |= once & m;
    once |= m;
  }
  if ((once | s.housePlaced[h]!) !== s.full) {
    s.contradiction = true;
    return false;
  }
  let hidden = once & ~twice;
  while (hidden !== 0) {
    const bit = hidden & -hidden;
    hidden ^= bit;
    for (let i = 0; i < n; i++) {
      const c = hc[base + i]!;
      const m = cand[c]!;
      if ((m & bit) === 0) continue;
      const f = s.finding;
      f.clear();
      f.place(c, bitDigit(bit));
      f.cell(c);
      f.house(h);
      f.digits = bit;
      if (s.commit(hiddenSingle)) return true;
      break;
    }
    if (!every) break;
  }
  return false;
}

/**
 * The k-th house in the order hidden singles are looked for: regions, then rows, then columns
 * (a hidden single in a block is the easiest to spot; Sudoku Explainer rates it 1.2 against 1.5
 * for a row or column).
 */
function blocksFirst(s: LogicState, k: number): number {
  const n = s.n;
  return k < n ? 2 * n + k : k - n;
}

/**
 * Apply singles until none is left, cheapest first and restarting after each placement (full
 * houses, then naked singles, then hidden singles). Returns true when anything was placed.
 */
export function runSingles(s: LogicState): boolean {
  let progress = false;
  let cursor = 0;
  const houses = s.houseCount;
  for (;;) {
    if (s.contradiction) return progress;
    if (s.fullHouseHead < s.fullHouseTail) {
      const h = s.fullHouseQueue[s.fullHouseHead++]!;
      if (s.houseOpen[h] === 1 && commitFullHouse(s, h)) progress = true;
      continue;
    }
    if (s.nakedHead < s.nakedTail) {
      const c = s.nakedQueue[s.nakedHead++]!;
      if (s.grid[c] !== 0) continue;
      const m = s.cand[c]!;
      if (m === 0) {
        s.contradiction = true;
        continue;
      }
      if (commitNakedSingle(s, c, m)) progress = true;
      continue;
    }
    if (s.open === 0) return progress;
    let found = false;
    for (let k = 0; k < houses; k++) {
      const at = cursor + k < houses ? cursor + k : cursor + k - houses;
      if (hiddenSingleIn(s, blocksFirst(s, at), false)) {
        cursor = at;
        found = true;
        break;
      }
      if (s.contradiction) return progress;
    }
    if (!found) return progress;
    progress = true;
  }
}


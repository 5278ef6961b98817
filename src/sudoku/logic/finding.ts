/**
 * The scratch buffer in which a technique describes one deduction before it is committed:
 * eliminations, placements, the premise cells, the digits, the houses and (for chains) the chain
 * nodes. It is allocated once per layout and reused, so the prover's fast mode allocates nothing
 * per step; a ProofStep object is only built when steps are collected.
 *
 *   candidate code   cell · 16 + (digit − 1)     (fits a Uint16: cell < 81, digit ≤ 9)
 *   chain node       a candidate code; chains alternate strong, weak, strong, … links
 */
import type { Geometry } from '../geometry.ts';
import type { ProofStep, Text } from './step-schema.ts';

export const candidateCode = (cell: number, digit: number): number => (cell << 4) | (digit - 1);
export const codeCell = (code: number): number => code >> 4;
export const codeDigit = (code: number): number => (code & 15) + 1;

export class Finding {
  readonly elims: Uint16Array;
  elimCount = 0;
  readonly places: Uint16Array;
  placeCount = 0;
  readonly cells: Uint8Array;
  cellCount = 0;
  /** DigitSet of the digits the deduction is about. */
  digits = 0;
  readonly houses: Uint8Array;
  houseCount = 0;
  readonly chain: Uint16Array;
  chainCount = 0;
  /** Almost locked sets, in order: set k is setCells[setStart[k] .. setStart[k+1]−1] (they may overlap). */
  readonly setCells: Uint8Array;
  readonly setStart: Uint16Array;
  setCount = 0;
  /** Technique-specific small numbers for the text (e.g. which kind of pattern); not cleared: a
   * technique sets every entry its `describe` reads. */
  readonly note: Int32Array;
  /** Step fields a technique adds beyond the common ones (grouped chains, forcing-chain branches);
   * set only when steps are built, so fast mode allocates nothing. */
  extra: Partial<ProofStep> | null = null;
  /** Marks to keep premise cells unique. */
  private readonly cellMark: Uint8Array;

  constructor(cellCount: number, n: number, houseCount: number) {
    this.elims = new Uint16Array(cellCount * n);
    this.places = new Uint16Array(cellCount);
    this.cells = new Uint8Array(cellCount);
    this.houses = new Uint8Array(houseCount);
    this.chain = new Uint16Array(cellCount * n * 2);
    this.setCells = new Uint8Array(cellCount * 8);
    this.setStart = new Uint16Array(17);
    this.note = new Int32Array(8);
    this.cellMark = new Uint8Array(cellCount);
  }

  clear(): void {
    for (let i = 0; i < this.cellCount; i++) this.cellMark[this.cells[i]!] = 0;
    this.elimCount = this.placeCount = this.cellCount = this.houseCount = this.chainCount = this.setCount = 0;
    this.digits = 0;
    this.extra = null;
  }

  /** Add a premise cell (duplicates are ignored). */
  cell(c: number): void {
    if (this.cellMark[c]) return;
    this.cellMark[c] = 1;
    this.cells[this.cellCount++] = c;
  }

  house(h: number): void {
    this.houses[this.houseCount++] = h;
  }

  /** Record an elimination; the caller checks that the candidate is present. */
  elim(cell: number, digit: number): void {
    this.elims[this.elimCount++] = candidateCode(cell, digit);
  }

  place(cell: number, digit: number): void {
    this.places[this.placeCount++] = candidateCode(cell, digit);
  }

  node(code: number): void {
    this.chain[this.chainCount++] = code;
  }

  /** Add an almost locked set (its cells are also premise cells). */
  set(cells: ArrayLike<number>, count: number): void {
    const start = this.setStart[this.setCount]!;
    for (let i = 0; i < count; i++) {
      this.setCells[start + i] = cells[i]!;
      this.cell(cells[i]!);
    }
    this.setStart[++this.setCount] = start + count;
  }

  /** The finding as a schema ProofStep (allocates: collect mode only). */
  toStep(geometry: Geometry, technique: string, tier: number, text: Text, assumesUniqueness = false): ProofStep {
    // Plain loops: a generated board's proof has some fifty steps, built once per board.
    const n = geometry.size;
    const digits: number[] = [];
    for (let d = 1; d <= n; d++) if (this.digits & (1 << (d - 1))) digits.push(d);
    const eliminations: Array<[number, number, number]> = [];
    if (this.elimCount > 0) {
      const sorted = this.elims.slice(0, this.elimCount).sort(); // a copy: commit applies them in found order
      for (let i = 0; i < sorted.length; i++) eliminations.push(candidateRef(sorted[i]!, n));
    }
    const placements: Array<[number, number, number]> = [];
    for (let i = 0; i < this.placeCount; i++) placements.push(candidateRef(this.places[i]!, n));
    const step: ProofStep = {
      technique,
      tier,
      cells: cellRefs(this.cells, 0, this.cellCount, n),
      digits,
      eliminations,
      placements,
      text,
    };
    // The chain's nodes, so a checker can follow it without reading the sentence.
    if (this.chainCount > 0) {
      step.chain = [];
      for (let i = 0; i < this.chainCount; i++) step.chain.push(candidateRef(this.chain[i]!, n));
    }
    if (this.setCount > 0) {
      step.als = [];
      for (let k = 0; k < this.setCount; k++) step.als.push(cellRefs(this.setCells, this.setStart[k]!, this.setStart[k + 1]!, n));
    }
    if (assumesUniqueness) step.assumesUniqueness = true;
    if (this.extra) Object.assign(step, this.extra);
    return step;
  }
}

/** A candidate code as the step's [row, column, digit]. */
function candidateRef(code: number, n: number): [number, number, number] {
  const cell = codeCell(code);
  return [(cell / n) | 0, cell % n, codeDigit(code)];
}

/** cells[from..to) as [row, column] pairs. */
function cellRefs(cells: Uint8Array, from: number, to: number, n: number): Array<[number, number]> {
  const refs: Array<[number, number]> = [];
  for (let i = from; i < to; i++) refs.push([(cells[i]! / n) | 0, cells[i]! % n]);
  return refs;
}

/**
 * Readers for HoDoKu's regression library and exemplar list (test/data/oracles), and the map
 * from HoDoKu's technique codes to ours.
 */
import { regularRegions } from '../../../src/sudoku/regions.ts';
import type { PencilMarks } from '../../../src/sudoku/logic/index.ts';

/** HoDoKu reglib code (or code-variant) → our technique id, for every technique we implement. */
export const REGLIB_CODES: Readonly<Record<string, string>> = {
  '0000': 'full-house',
  '0002': 'hidden-single',
  '0003': 'naked-single',
  '0100': 'locked-candidates-pointing',
  '0101': 'locked-candidates-claiming',
  '0110': 'locked-pair',
  '0111': 'locked-triple',
  '0200': 'naked-pair',
  '0201': 'naked-triple',
  '0202': 'naked-quad',
  '0210': 'hidden-pair',
  '0211': 'hidden-triple',
  '0212': 'hidden-quad',
  '0300': 'x-wing',
  '0301': 'swordfish',
  '0302': 'jellyfish',
  '0400': 'skyscraper',
  '0401': 'two-string-kite',
  '0402': 'empty-rectangle',
  // HoDoKu's optional empty rectangles with two places are strong links in the box: turbot fish.
  '0402-1': 'turbot-fish',
  '0403': 'turbot-fish',
  '0500': 'simple-colors',
  '0701': 'x-chain',
  '0702': 'xy-chain',
  '0708': 'aic',
  // tier 5: grouped chains and forcing chains (t5b). The variants "with ALS" (0709-2, 0710-3,
  // 0710-4, 0711-3, 0711-4) use ALS nodes in the chain, which our loops do not have.
  '0706': 'nice-loop',
  '0707-1': 'nice-loop',
  '0707-2': 'nice-loop',
  '0709-1': 'grouped-nice-loop',
  '0710-1': 'grouped-nice-loop',
  '0710-2': 'grouped-nice-loop',
  '0711-1': 'grouped-aic',
  '0711-2': 'grouped-aic',
  '0800': 'xy-wing',
  '0801': 'xyz-wing',
  '0803': 'w-wing',
  // tier 5: uniqueness and ALS (t5a)
  '0600': 'unique-rectangle-1',
  '0601': 'unique-rectangle-2',
  '0602': 'unique-rectangle-3',
  '0603': 'unique-rectangle-4',
  '0610': 'bug-plus-one',
  '0901': 'als-xz',
  '0902': 'als-xy-wing',
  '0903': 'als-chain',
};

export interface ReglibCase {
  line: number;
  code: string;
  variant: string;
  /** The digits of the <candidates> field. */
  digits: number[];
  marks: PencilMarks;
  /** Expected eliminations / placements as "r,c,d" keys (0-based r, c). */
  eliminations: string[];
  placements: string[];
  /** A '-x' variant: no instance may be found. */
  failCase: boolean;
}

/** "436" → "2,5,4" (digit, row, column 1-based → key). */
function triple(t: string): string {
  const [d, r, c] = [...t].map(Number) as [number, number, number];
  return `${r - 1},${c - 1},${d}`;
}

export function parseReglibLine(text: string, line: number): ReglibCase {
  const fields = text.split(':');
  const [codeField, candidates, givens, deleted, elims, places] = [fields[1]!, fields[2]!, fields[3]!, fields[4] ?? '', fields[5] ?? '', fields[6] ?? ''];
  const [code, variant = ''] = codeField.split('-') as [string, string?];
  const grid = new Uint8Array(81);
  let cell = 0;
  for (const ch of givens) {
    if (ch === '+') continue;
    grid[cell++] = ch === '.' || ch === '0' ? 0 : Number(ch);
  }
  if (cell !== 81) throw new Error(`line ${line}: givens have ${cell} cells`);
  const regions = regularRegions(9);
  const candidates16 = new Uint16Array(81);
  for (let c = 0; c < 81; c++) {
    if (grid[c]) continue;
    let m = 0x1ff;
    for (let p = 0; p < 81; p++) {
      if (!grid[p] || p === c) continue;
      const same = Math.floor(p / 9) === Math.floor(c / 9) || p % 9 === c % 9 || regions[p] === regions[c];
      if (same) m &= ~(1 << (grid[p]! - 1));
    }
    candidates16[c] = m;
  }
  for (const t of deleted.split(' ').filter(Boolean)) {
    const [d, r, c] = [...t].map(Number) as [number, number, number];
    candidates16[(r - 1) * 9 + c - 1]! &= ~(1 << (d - 1));
  }
  return {
    line,
    code,
    variant,
    digits: [...candidates].map(Number),
    marks: { size: 9, regions, grid, candidates: candidates16 },
    eliminations: elims.split(' ').filter(Boolean).map(triple).sort(),
    placements: places.split(' ').filter(Boolean).map(triple).sort(),
    failCase: variant === 'x',
  };
}

/** Exemplar path tokens with parentheses → our technique id. */
export const EXEMPLAR_TOKENS: Readonly<Record<string, string>> = {
  lc1: 'locked-candidates-pointing',
  lc2: 'locked-candidates-claiming',
  l2: 'locked-pair',
  l3: 'locked-triple',
  n2: 'naked-pair',
  n3: 'naked-triple',
  n4: 'naked-quad',
  h2: 'hidden-pair',
  h3: 'hidden-triple',
  h4: 'hidden-quad',
  bf2: 'x-wing',
  bf3: 'swordfish',
  bf4: 'jellyfish',
  sk: 'skyscraper',
  '2sk': 'two-string-kite',
  er: 'empty-rectangle',
  tf: 'turbot-fish',
  sc: 'simple-colors',
  x: 'x-chain',
  xyc: 'xy-chain',
  aic: 'aic',
  xy: 'xy-wing',
  xyz: 'xyz-wing',
  w: 'w-wing',
  // tier 5: uniqueness and ALS (t5a)
  u1: 'unique-rectangle-1',
  u2: 'unique-rectangle-2',
  u3: 'unique-rectangle-3',
  u4: 'unique-rectangle-4',
  bug1: 'bug-plus-one',
  axz: 'als-xz',
  axy: 'als-xy-wing',
  ach: 'als-chain',
};

export interface Exemplar {
  line: number;
  section: string;
  puzzle: string;
  /** Bare path tokens: "s" singles, "ssts" the Simple Sudoku technique set, "x" anything else. */
  path: string[];
  /** Technique tokens of the path, "lc1(3)" reduced to "lc1". */
  techniques: string[];
}

export function parseExemplars(text: string): Exemplar[] {
  const out: Exemplar[] = [];
  let section = '';
  text.split('\n').forEach((raw, i) => {
    const l = raw.trim();
    if (l.startsWith('#')) {
      section = l.slice(1).trim();
      return;
    }
    if (!l) return;
    const [puzzle, comment = ''] = l.split('#') as [string, string?];
    const tokens = comment.trim().split(/\s+/);
    const path = tokens.filter((tok) => /^(s|ssts|x)$/.test(tok));
    const techniques = tokens.filter((tok) => /\(\d+\)$/.test(tok)).map((tok) => tok.replace(/\(\d+\)$/, ''));
    out.push({ line: i + 1, section, puzzle: puzzle.trim(), path, techniques });
  });
  return out;
}

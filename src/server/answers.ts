/**
 * Checking and hinting without revealing: pure functions over a stored full file (with its
 * secret) and the player's position, giving only what the player asked about.
 *
 *   check  each submitted item → right or wrong; nothing about cells or people not submitted
 *   hint   the position → the first wrong item ("r3c4 is wrong"), or the prover's next step from
 *          that position (technique or rule, cells, sentence de/en), never more than that step
 *
 * A position the server cannot read (a cell off the board, an unknown person) is a ClientError
 * (400); a readable position that contradicts the solution is a hint's 409.
 */
import { cellLabel } from '../murder/prover/state.ts';
import { proofNamesOf, proofSteps } from '../murder/case-file.ts';
import { cellAt } from '../murder/cells.ts';
import { modelFromPublic } from '../murder/model.ts';
import { proveCase } from '../murder/prover/prove.ts';
import type { ClueFact, MurderCaseInput, ProofStep as MurderStep } from '../murder/schema.ts';
import type { NumbridgeBoardInput } from '../numbridge/schema.ts';
import { prove } from '../sudoku/logic/index.ts';
import type { ProofStep as NumbridgeStep } from '../sudoku/logic/step-schema.ts';
import { cellName } from '../sudoku/logic/texts.ts';
import type { PuzzleFile } from '../kinds/kind.ts';

/** A client's mistake, answered with its status and a one-line reason. */
export class ClientError extends Error {
  constructor(readonly statusCode: number, message: string) {
    super(message);
  }
}

/** What a player sends: placed digits (Numbridge) or placed people (Murder). */
export interface Position {
  grid?: number[][];
  cells?: Array<{ row: number; column: number; digit: number }>;
  positions?: Record<string, [number, number]>;
  murderer?: string;
}

export interface CheckResult {
  right: boolean;
  solved: boolean;
  cells?: Array<{ row: number; column: number; digit: number; right: boolean }>;
  people?: Array<{ person: string; row: number; column: number; right: boolean }>;
  murderer?: { person: string; right: boolean };
}

export interface HintResult {
  solved: boolean;
  step: NumbridgeStep | MurderStep | null;
}

const NUMBRIDGE = 'puzzlemill/numbridge-board';
const MURDER = 'puzzlemill/murder-case';

export function checkPosition(file: PuzzleFile, position: Position): CheckResult {
  if (file.format === NUMBRIDGE) return checkBoard(file as NumbridgeBoardInput, position);
  if (file.format === MURDER) return checkCase(file as MurderCaseInput, position);
  throw new ClientError(400, `puzzle ${file.id}: checking ${file.format} is not supported`);
}

export function hintFor(file: PuzzleFile, position: Position): HintResult {
  if (file.format === NUMBRIDGE) return boardHint(file as NumbridgeBoardInput, position);
  if (file.format === MURDER) return caseHint(file as MurderCaseInput, position);
  throw new ClientError(400, `puzzle ${file.id}: hints for ${file.format} are not supported`);
}

// ——— Numbridge ———

interface Placed {
  cell: number;
  digit: number;
}

/** The submitted digits, in the order given: a grid's non-zero cells, then `cells`. */
function placedDigits(file: NumbridgeBoardInput, position: Position): Placed[] {
  const n = file.public.size;
  if (position.positions !== undefined || position.murderer !== undefined) throw new ClientError(400, 'body: a Numbridge position has "grid" or "cells", not "positions" or "murderer"');
  const placed: Placed[] = [];
  const digit = (d: number, at: string) => {
    if (d > n) throw new ClientError(400, `body${at}: digit ${d} exceeds size ${n}`);
  };
  if (position.grid !== undefined) {
    if (position.grid.length !== n) throw new ClientError(400, `body/grid: has ${position.grid.length} rows, expected ${n}`);
    position.grid.forEach((row, r) => {
      if (row.length !== n) throw new ClientError(400, `body/grid/${r}: has ${row.length} entries, expected ${n}`);
      row.forEach((d, c) => {
        digit(d, `/grid/${r}/${c}`);
        if (d !== 0) placed.push({ cell: r * n + c, digit: d });
      });
    });
  }
  (position.cells ?? []).forEach((x, i) => {
    if (x.row >= n || x.column >= n) throw new ClientError(400, `body/cells/${i}: [${x.row}, ${x.column}] is off the ${n}×${n} board`);
    digit(x.digit, `/cells/${i}/digit`);
    placed.push({ cell: x.row * n + x.column, digit: x.digit });
  });
  return placed;
}

function solutionOf(file: NumbridgeBoardInput): number[] {
  if (!file.secret) throw new ClientError(409, `puzzle ${file.id} has no solution on this server`);
  return file.secret.solution.flat();
}

function checkBoard(file: NumbridgeBoardInput, position: Position): CheckResult {
  const n = file.public.size;
  const solution = solutionOf(file);
  const placed = placedDigits(file, position);
  const cells = placed.map((p) => ({ row: Math.floor(p.cell / n), column: p.cell % n, digit: p.digit, right: solution[p.cell] === p.digit }));
  const right = cells.every((c) => c.right);
  // solved: every cell is a given or submitted, and everything submitted is right
  const covered = new Set(placed.map((p) => p.cell));
  file.public.givens.flat().forEach((d, cell) => d !== 0 && covered.add(cell));
  return { right, solved: right && covered.size === n * n, cells };
}

function boardHint(file: NumbridgeBoardInput, position: Position): HintResult {
  const n = file.public.size;
  const solution = solutionOf(file);
  const grid = Uint8Array.from(file.public.givens.flat());
  // the first wrong cell in reading order: one cell named, nothing about the others
  const wrong = placedDigits(file, position)
    .filter((p) => solution[p.cell] !== p.digit)
    .sort((a, b) => a.cell - b.cell)[0];
  if (wrong) throw new ClientError(409, `${cellName(n, wrong.cell)} is wrong`);
  for (const p of placedDigits(file, position)) grid[p.cell] = p.digit;
  if (grid.every((d) => d !== 0)) return { solved: true, step: null };
  const regions = Uint8Array.from(file.public.regions.flat());
  const proof = prove({ size: n, regions, givens: grid }, { collectSteps: true });
  return { solved: false, step: proof.steps[0] ?? null };
}

// ——— Murder ———

function placedPeople(file: MurderCaseInput, position: Position): Array<{ person: number; row: number; column: number }> {
  if (position.grid !== undefined || position.cells !== undefined) throw new ClientError(400, 'body: a Murder position has "positions" (person id → [row, column]), not "grid" or "cells"');
  const n = file.public.size;
  const people = file.public.people;
  return Object.entries(position.positions ?? {}).map(([id, cell]) => {
    const person = people.findIndex((p) => p.id === id);
    if (person < 0) throw new ClientError(400, `body/positions/${id}: no person "${id}" in this case`);
    if (cell[0] >= n || cell[1] >= n) throw new ClientError(400, `body/positions/${id}: [${cell.join(', ')}] is off the ${n}×${n} board`);
    return { person, row: cell[0], column: cell[1] };
  });
}

function caseSolution(file: MurderCaseInput): NonNullable<MurderCaseInput['secret']>['solution'] {
  if (!file.secret) throw new ClientError(409, `puzzle ${file.id} has no solution on this server`);
  return file.secret.solution;
}

function checkCase(file: MurderCaseInput, position: Position): CheckResult {
  const solution = caseSolution(file);
  const people = placedPeople(file, position).map(({ person, row, column }) => {
    const id = file.public.people[person]!.id;
    const at = solution.positions[id]!;
    return { person: id, row, column, right: at[0] === row && at[1] === column };
  });
  const result: CheckResult = { right: people.every((p) => p.right), solved: false, people };
  if (position.murderer !== undefined) {
    if (!file.public.people.some((p) => p.id === position.murderer)) throw new ClientError(400, `body/murderer: no person "${position.murderer}" in this case`);
    result.murderer = { person: position.murderer, right: position.murderer === solution.murderer };
    result.right &&= result.murderer.right;
  }
  result.solved = result.right && people.length === file.public.size && result.murderer !== undefined;
  return result;
}

/**
 * The prover's next step from a position: the case with each placed person pinned by a row and a
 * column clue of their own, proved from the start; the steps that only restate the pinning (those
 * clues' filters, placing a pinned person) are what the player already did, so the hint is the
 * first step after them.
 */
function caseHint(file: MurderCaseInput, position: Position): HintResult {
  const solution = caseSolution(file);
  const pub = file.public;
  const placed = placedPeople(file, position);
  const wrong = placed.find(({ person, row, column }) => {
    const at = solution.positions[pub.people[person]!.id]!;
    return at[0] !== row || at[1] !== column;
  });
  if (wrong) throw new ClientError(409, `${pub.people[wrong.person]!.name} at ${cellLabel(cellAt(wrong.row, wrong.column), 'en')} is wrong`);
  if (placed.length === pub.size) return { solved: true, step: null };

  const model = modelFromPublic(pub, { source: '' });
  const pinnedAt = new Map(placed.map((p) => [p.person, p]));
  const people = model.people.map((p, i) => {
    const pin = pinnedAt.get(i);
    if (!pin) return p;
    const pins: ClueFact[] = [
      { kind: 'row', row: pin.row },
      { kind: 'column', column: pin.column },
    ];
    return { ...p, clues: [...p.clues, ...pins] };
  });
  const names = proofNamesOf(pub);
  const ownClues = (p: number) => pub.people[p]!.clues.length;
  const proof = proveCase(
    { ...model, people },
    {
      names: {
        ...names,
        clue: (p, index) => {
          if (index < ownClues(p)) return names.clue(p, index);
          const pin = pinnedAt.get(p)!;
          return { de: `Steht auf ${cellLabel(cellAt(pin.row, pin.column), 'de')}.`, en: `Stands on ${cellLabel(cellAt(pin.row, pin.column), 'en')}.` };
        },
      },
    },
  );
  const next = proof.steps.find((step) => {
    const clues = step.premises.clues ?? [];
    if (step.rule === 'clue-filter' && clues.length > 0 && clues.every(([p, index]) => index >= ownClues(p))) return false;
    if (step.rule === 'naked-single' && step.placed.length > 0 && step.placed.every((x) => pinnedAt.has(x.person))) return false;
    return true;
  });
  return { solved: false, step: next ? proofSteps([next], model)[0]! : null };
}

/**
 * Checking and hinting without revealing: pure functions over a stored full file (with its
 * secret) and the player's position, giving only what the player asked about.
 *
 *   check  each submitted item → right or wrong; nothing about cells or people not submitted
 *   hint   the position → the first wrong item ("r3c4 is wrong"), or the prover's steps from that
 *          position up to and including the next placement (technique or rule, cells, sentence
 *          de/en), never more than those steps
 *
 * A position holds placed digits or people and, optionally, what the player has ruled out (pencil
 * marks: Numbridge `eliminations` [row, column, digit], Murder `removed` per person). A step the
 * position already holds — all its eliminations made, nothing new placed — is skipped, so a
 * frontend that applies a hint's steps gets the next ones, never the same again; and a hint never
 * concerns a placed person or a placed digit's cell.
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
  /** Numbridge pencil marks: candidates the player has removed, [row, column, digit]. */
  eliminations?: Array<[number, number, number]>;
  /** Murder pencil marks: cells the player has ruled out, per person (a step's `removed`). */
  removed?: Array<{ person: string; cells: Array<[number, number]> }>;
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
  /** The first of `steps` (kept for clients of the first version), null when there is none. */
  step: NumbridgeStep | MurderStep | null;
  /** The prover's steps from the position up to and including the next placement. */
  steps: Array<NumbridgeStep | MurderStep>;
}

/** The steps of a hint: those not yet held by the position, up to and including the first that places. */
function upToPlacement<S>(steps: readonly S[], isNew: (step: S) => boolean, places: (step: S) => boolean): S[] {
  const out: S[] = [];
  for (const step of steps) {
    if (!isNew(step)) continue;
    out.push(step);
    if (places(step)) break;
  }
  return out;
}

function hint(steps: Array<NumbridgeStep | MurderStep>): HintResult {
  return { solved: false, step: steps[0] ?? null, steps };
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
  if (position.positions !== undefined || position.murderer !== undefined || position.removed !== undefined) throw new ClientError(400, 'body: a Numbridge position has "grid", "cells" and "eliminations", not "positions", "removed" or "murderer"');
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
  // the player's pencil marks: removing the right digit is wrong (the cell named, not the digit)
  const removed = new Set<number>();
  (position.eliminations ?? []).forEach(([row, column, digit], i) => {
    if (row >= n || column >= n) throw new ClientError(400, `body/eliminations/${i}: [${row}, ${column}] is off the ${n}×${n} board`);
    if (digit > n) throw new ClientError(400, `body/eliminations/${i}: digit ${digit} exceeds size ${n}`);
    // a mark in a filled cell (a given, a placed digit) means nothing: ignored, not judged
    if (grid[row * n + column] === 0) removed.add((row * n + column) * 16 + digit);
  });
  const wrongMark = [...removed].filter((key) => solution[key >> 4] === (key & 15)).sort((a, b) => a - b)[0];
  if (wrongMark !== undefined) throw new ClientError(409, `${cellName(n, wrongMark >> 4)}: a removed candidate is wrong`);
  if (grid.every((d) => d !== 0)) return { solved: true, step: null, steps: [] };
  const regions = Uint8Array.from(file.public.regions.flat());
  // uniqueness: a stored board passed verify (exactly one solution) and every placed digit is the solution's
  const proof = prove({ size: n, regions, givens: grid }, { collectSteps: true, uniqueness: true });
  // placed cells are givens of this proof, so no step places or clears one of them
  const isNew = (step: NumbridgeStep) => step.placements.length > 0 || step.eliminations.some(([r, c, d]) => !removed.has((r * n + c) * 16 + d));
  return hint(upToPlacement(proof.steps, isNew, (step) => step.placements.length > 0));
}

// ——— Murder ———

function placedPeople(file: MurderCaseInput, position: Position): Array<{ person: number; row: number; column: number }> {
  if (position.grid !== undefined || position.cells !== undefined || position.eliminations !== undefined) throw new ClientError(400, 'body: a Murder position has "positions" (person id → [row, column]) and "removed", not "grid", "cells" or "eliminations"');
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
 * The prover's next steps from a position: the case with each placed person pinned by a row and a
 * column clue of their own, proved from the start. What concerns a placed person (any filter of
 * their clues, placing them, cells ruled out for them) is what the player already did: it is left
 * out of every step, and a step with nothing else left — or only cells the player has ruled out —
 * is skipped. The hint is the steps after that, up to and including the next placement.
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
  const ruledOut = new Set<string>();
  (position.removed ?? []).forEach((x, i) => {
    const person = pub.people.find((p) => p.id === x.person);
    if (!person) throw new ClientError(400, `body/removed/${i}/person: no person "${x.person}" in this case`);
    const at = solution.positions[x.person]!;
    x.cells.forEach((cell, k) => {
      if (cell[0] >= pub.size || cell[1] >= pub.size) throw new ClientError(400, `body/removed/${i}/cells/${k}: [${cell.join(', ')}] is off the ${pub.size}×${pub.size} board`);
      // ruling out the person's own cell is wrong: the person named, not the cell
      if (cell[0] === at[0] && cell[1] === at[1]) throw new ClientError(409, `${person.name}: a ruled-out cell is wrong`);
      ruledOut.add(`${x.person}:${cell[0]},${cell[1]}`);
    });
  });
  if (placed.length === pub.size) return { solved: true, step: null, steps: [] };

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
  const pinnedIds = new Set([...pinnedAt.keys()].map((p) => pub.people[p]!.id));
  const steps = proofSteps(proof.steps, model)
    // placing a placed person is the player's own move, whatever it rules out for others
    .filter((step) => !(step.placed.length > 0 && step.placed.every((x) => pinnedIds.has(x.person))))
    .map((step) => ({ ...step, removed: step.removed.filter((x) => !pinnedIds.has(x.person)), placed: step.placed.filter((x) => !pinnedIds.has(x.person)) }));
  const isNew = (step: MurderStep) => step.placed.length > 0 || step.removed.some((x) => x.cells.some((cell) => !ruledOut.has(`${x.person}:${cell[0]},${cell[1]}`)));
  return hint(upToPlacement(steps, isNew, (step) => step.placed.length > 0));
}

/**
 * Reading Numbridge deals and records: the schema first, then the board checks of board files
 * (square grids of the stated size, hex-connected blocks, no clashing givens) as InputErrors with
 * JSON pointers. What a schema-valid deal can still get wrong against the rules — a solution that
 * is not one, a board with several solutions or a false grade, a bag that does not match the empty
 * cells, hands of the wrong size — is listed by `dealProblems`; a replay reports those as
 * contradictions.
 */
import { nodeLimit, undecidedReason, type SearchBudget } from '../../core/budget.ts';
import { InputError, type InputPosition, inside } from '../../core/errors.ts';
import { assertValid } from '../../core/schema.ts';
import { flattenGrid, readBoardFile } from '../../numbridge-board/board-file.ts';
import { gradeProblems } from '../../numbridge-board/verify.ts';
import { isSolutionOf } from '../../sudoku/check.ts';
import { solve } from '../../sudoku/solver.ts';
import type { Digit } from '../../sudoku/types.ts';
import { BLITZ_SIZE, HAND_SIZE, roomProblem } from './room.ts';
import { NumbridgeDealFile, NumbridgeRecordFile, RECORD_ENTRY_SCHEMAS } from './schema.ts';
import { invariantProblem, type GameSetup } from './state.ts';
import { NUMBRIDGE_BOARD } from '../../core/formats.ts';

/** Validate a deal and read it as the setup of a game. */
export function readNumbridgeDeal(data: unknown, where: InputPosition): { file: NumbridgeDealFile; setup: GameSetup } {
  assertValid<NumbridgeDealFile>(NumbridgeDealFile, data, where);
  return dealSetup(data, where, '');
}

/** The setup of a schema-valid deal found at `pointer` (errors point there). */
function dealSetup(file: NumbridgeDealFile, where: InputPosition, pointer: string): { file: NumbridgeDealFile; setup: GameSetup } {
  const at = (p: string) => ({ ...where, pointer: pointer + p });
  const pub = file.public;
  const { board } = readBoardFileAt(file, where, pointer);
  if (pub.variant === 'blitz' && pub.size !== BLITZ_SIZE) throw new InputError(at('/public/size'), `Blitz is played on ${BLITZ_SIZE}×${BLITZ_SIZE}, not ${pub.size}×${pub.size}`);
  const room = roomProblem(pub.room);
  if (room) throw new InputError(at('/public/room'), room);
  const secret = file.secret;
  if (!secret) throw new InputError(at('/secret'), 'the deal has no secret part (a player form): the game needs its solution, bag and hands');
  const solution = flattenGrid(secret.solution, pub.size, where, pointer + '/secret/solution');
  const digitOk = (d: Digit, p: string) => {
    if (d > pub.size) throw new InputError(at(p), `digit ${d} exceeds size ${pub.size}`);
  };
  solution.forEach((d, i) => digitOk(d, `/secret/solution/${Math.floor(i / pub.size)}/${i % pub.size}`));
  secret.bag.forEach((d, i) => digitOk(d, `/secret/bag/${i}`));
  for (const p of ['1', '2'] as const) secret.hands[p].forEach((d, i) => digitOk(d, `/secret/hands/${p}/${i}`));
  return {
    file,
    setup: {
      variant: pub.variant,
      room: pub.room,
      seed: secret.seed,
      size: pub.size,
      regions: board.regions,
      givens: board.givens,
      solution,
      bag: secret.bag,
      hands: [secret.hands['1'], secret.hands['2']],
    },
  };
}

/** The board of a deal through the board-file checks, errors pointing into the deal. */
function readBoardFileAt(file: NumbridgeDealFile, where: InputPosition, pointer: string): ReturnType<typeof readBoardFile> {
  const pub = file.public;
  try {
    return readBoardFile(
      { format: NUMBRIDGE_BOARD, version: 1, id: pub.boardId, public: { size: pub.size, geometry: pub.geometry, blockShape: pub.blockShape, regions: pub.regions, givens: pub.givens, grade: pub.grade } },
      where,
    );
  } catch (e) {
    if (e instanceof InputError) throw new InputError({ ...e.position, pointer: pointer + (e.position.pointer ?? '') }, e.reason);
    throw e;
  }
}

/**
 * What a schema-valid deal gets wrong against the rules (empty when nothing). The uniqueness
 * count stays within the node budget (core/budget.ts; a proper board needs a few hundred nodes).
 */
export function dealProblems(file: NumbridgeDealFile, setup: GameSetup, budget: SearchBudget = {}): string[] {
  const problems: string[] = [];
  const board = { size: setup.size, regions: setup.regions, givens: setup.givens };
  if (!isSolutionOf(board, setup.solution)) {
    problems.push('the secret solution is not a solution of the board (it breaks the Sudoku rule or a given)');
  } else {
    // "Das Spielfeld hat genau eine Lösung — das wird beim Austeilen der Partie geprüft": with a
    // second solution a tile that fits it would be judged wrong against the secret one
    const counted = solve(board, { limit: 2, maxNodes: nodeLimit(budget) });
    if (counted.count > 1) problems.push('the board has more than one solution: a tile can fit the board and still be judged wrong');
    else if (!counted.complete) problems.push(`the board's uniqueness: ${undecidedReason(budget)}`);
    // the grade the deal shows the players, held to the prover as `verify` holds a board file's
    else problems.push(...gradeProblems(file.public.grade, board, true).map((p) => `the board ${p}`));
  }
  const hands = setup.hands;
  const invariant = invariantProblem({ bag: setup.bag, hands, digits: setup.givens, solution: setup.solution });
  if (invariant) problems.push(`the bag and hands are not one tile per empty cell: ${invariant}`);
  let tiles = setup.bag.length + hands[0].length + hands[1].length;
  hands.forEach((hand, i) => {
    const expected = Math.min(HAND_SIZE, tiles);
    if (hand.length !== expected) problems.push(`player ${i + 1}'s starting hand holds ${hand.length} tiles, expected ${expected}`);
    tiles -= expected;
  });
  if (file.public.bagSize !== setup.bag.length) problems.push(`public.bagSize says ${file.public.bagSize}, the bag holds ${setup.bag.length}`);
  if (file.public.handSizes['1'] !== hands[0].length || file.public.handSizes['2'] !== hands[1].length) problems.push('public.handSizes does not match the hands');
  return problems;
}

/** Validate a record and read its deal. */
export function readNumbridgeRecord(data: unknown, where: InputPosition): { file: NumbridgeRecordFile; setup: GameSetup; dealFile: NumbridgeDealFile } {
  try {
    assertValid<NumbridgeRecordFile>(NumbridgeRecordFile, data, where);
  } catch (e) {
    throw e instanceof InputError ? entryError(e, data, where) : e;
  }
  const { file: dealFile, setup } = dealSetup(data.public.deal, where, '/public/deal');
  const n = setup.size;
  data.public.moves.forEach((m, i) => {
    if ('cell' in m && (m.cell[0] >= n || m.cell[1] >= n)) throw new InputError(inside(where, `/public/moves/${i}/cell`), `[${m.cell.join(', ')}] is outside the ${n}×${n} board`);
  });
  return { file: data, setup, dealFile };
}

/**
 * A schema error inside a move entry, said against the entry's own kind: ajv reports a union's
 * first branch ("must be \"place\"" for a take without its tiles), which names the wrong field.
 */
function entryError(error: InputError, data: unknown, where: InputPosition): InputError {
  const m = /^.*?\/public\/moves\/(\d+)/.exec(error.position.pointer ?? ''); // after where.pointer, if any
  const moves = (data as { public?: { moves?: unknown } } | null)?.public?.moves;
  if (!m || !Array.isArray(moves)) return error;
  const entry: unknown = moves[Number(m[1])];
  const kind = typeof entry === 'object' && entry !== null ? (entry as { kind?: unknown }).kind : undefined;
  if (typeof kind !== 'string') return error;
  const at = (pointer: string) => ({ ...where, pointer: m[0] + pointer });
  const schema = Object.hasOwn(RECORD_ENTRY_SCHEMAS, kind) ? (RECORD_ENTRY_SCHEMAS as Record<string, object>)[kind] : undefined; // not "constructor"
  if (!schema) {
    const kinds = Object.keys(RECORD_ENTRY_SCHEMAS);
    return new InputError(at('/kind'), `unknown move kind ${JSON.stringify(kind).slice(0, 40)}: expected ${kinds.slice(0, -1).join(', ')} or ${kinds.at(-1)}`);
  }
  try {
    assertValid(schema, entry, { ...where, pointer: '' });
  } catch (e) {
    if (e instanceof InputError) return new InputError(at(e.position.pointer === '/' ? '' : e.position.pointer ?? ''), e.reason);
    throw e;
  }
  return error;
}


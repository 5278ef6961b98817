/**
 * generateBoard(request, seed): one Numbridge board with exactly the requested givens and grade,
 * deterministic in (request, seed).
 *
 *   for grid g = 0, 1, …  (each from its own stream: root.fork(g), so the budget never changes
 *   │                      which board a seed makes, only whether it is found)
 *   ├─ layout      regular blocks, or a random hex-connected layout (layouts.ts)
 *   ├─ solution    a random full grid (fill.ts); a layout that cannot be filled is skipped
 *   └─ for order o = 0 .. ORDERS_PER_GRID−1
 *        ├─ carve  shuffled orbits, gate capped at the grade, exactly K givens (carve.ts);
 *        │         stuck minimal above K, it trades givens to walk lower (descend); a practice
 *        │         board without a count: carveToTier (to the technique, any number of givens)
 *        └─ final  re-checked by code that shares nothing with the carve's shortcuts:
 *                  the exact-cover counter (limit 2) must find exactly our solution, and the
 *                  prover, run once more with steps, must solve it at exactly the grade asked
 *
 * The budget spent, a GenerationError names the request. A board is never returned unchecked.
 */
import { GenerationError, GenerationStopped } from '../core/errors.ts';
import { Rng } from '../core/rng.ts';
import { geometryFor, type Geometry } from '../sudoku/geometry.ts';
import { digitsInFirstOrder, hardestTechnique, ladderUpTo, levelOf, prove, techniqueById, TIERS } from '../sudoku/logic/index.ts';
import { judgeBoard } from '../sudoku/logic/verdict.ts';
import { regularRegions } from '../sudoku/regions.ts';
import type { Grid, Regions } from '../sudoku/types.ts';
import { boardId, nestGrid } from './board-file.ts';
import { Carver, emptyCarveStats, type CarveStats, type TierJudge } from './carve.ts';
import { IRREGULAR_FILL, randomSolution, REGULAR_FILL, type FillStats } from './fill.ts';
import { randomLayout } from './layouts.ts';
import { DEFAULT_BUDGET, DEFAULT_GIVENS, ORDERS_PER_GRID, requestProblem, requestRecord, type BoardRequest } from './request.ts';
import type { NumbridgeBoardFile } from './schema.ts';
import { orbitsOf } from './symmetry.ts';
import { NUMBRIDGE_BOARD } from '../core/formats.ts';

// The pipeline reaches Numbridge through one adapter, src/kinds/numbridge.ts: it wraps generateBoard
// (here) with verifyBoard (verify.ts), playerForm (board-file.ts), puzzleSeed (request.ts) and the
// fingerprint (canonical.ts), each imported from the module that defines it.

/** The prover's top tier: the highest grade a request may ask for. */
export const MAX_GRADE: number = Math.max(...TIERS.map((t) => t.tier));

/**
 * Trades of givens a carve may make after it ends minimal above K: N² (81 on 9×9). The givens
 * sweep of bench/numbridge.ts shows what they buy (9×9 at 22 givens: 80–100 % at every grade).
 */
function descentSwaps(size: number): number {
  return size * size;
}

/**
 * Trades of a practice carve's walk (carveToTier) when a removal order ends without the
 * technique: 81 on 9×9, rising as the fourth power of 9/N below it (410 on 6×6) — a count costs
 * about that much less on smaller boards, and there boards that need more than singles are rarer
 * (bench/RESULTS.md, "Practice sets").
 */
function practiceWalk(size: number): number {
  return Math.round(81 * (9 / size) ** 4);
}

/**
 * The prover in its fast mode (no step objects), as the carver's gate. Without the uniqueness
 * rungs: the carve reads "solved" as "unique" (carve.ts); only the final judgeBoard, after its
 * count, may use them.
 */
const fastProver: TierJudge = {
  prove: (board, maxTier) => prove(board, { maxTier, collectSteps: false }),
};

/**
 * The carver's gate for a practice board (`technique`): the ladder capped at technique T (every
 * rung up to it in ladder order), on the digits renamed by first appearance as the published
 * grade's run is (gradeBoard). The carver knows tiers; here it sees two: 1 = solved without T, 2 =
 * solved with T (then T is the hardest step: nothing after it may run). Asked with the cap 1
 * (addBack: cells placed below the target) the ladder stops before T. So the carve's machinery —
 * exact K, going below K until the target is reached and adding back — makes boards whose hardest
 * step is T, and the final re-check holds every one to it.
 *
 * The uniqueness rungs may run: every board this gate is asked about was counted unique first
 * (the carver counts before it proves whenever the cap is above 1; immediate removals and
 * added-back givens keep a board unique), which is what those rungs assume. T must be above tier
 * 1: the singles always run together, so the carver's shortcuts (immediate removals, the singles
 * test) cannot tell them apart; a tier-1 target is carved at grade 1 and checked at the end.
 */
function practiceJudge(technique: string, uniqueness: boolean): TierJudge {
  const upTo = ladderUpTo(technique);
  const below = upTo.slice(0, -1);
  return {
    prove(board, cap) {
      const run = prove(digitsInFirstOrder(board), { techniques: cap >= PRACTICE_TARGET ? upTo : below, collectSteps: false, uniqueness });
      return { solved: run.solved, tier: run.techniqueCounts[technique] ? PRACTICE_TARGET : 1, grid: run.grid };
    },
  };
}

/** The practice judge's "tier" of a board that uses the target technique. */
const PRACTICE_TARGET = 2;

/**
 * The practice gate for `full-house`: full houses alone (a house with one empty cell gets its
 * missing digit), narrower than the prover's singles, which always run together — so it decides
 * every removal alone (TierJudge.decidesAlone). Sound: a full house places the only digit left,
 * so a board it solves is unique. "Tier" 2 once it placed anything; asked with the cap 1 (addBack)
 * it places nothing.
 */
function fullHouseJudge(geometry: Geometry): TierJudge {
  const { size: n, houseCount, houseCells } = geometry;
  const all = (1 << n) - 1;
  return {
    decidesAlone: true,
    prove(board, cap) {
      const grid = Uint8Array.from(board.givens);
      let open = 0;
      for (const d of grid) if (d === 0) open++;
      if (cap < PRACTICE_TARGET) return { solved: open === 0, tier: 1, grid };
      let used = false;
      for (let progress = true; progress && open > 0; ) {
        progress = false;
        for (let h = 0; h < houseCount; h++) {
          let empty = -1;
          let empties = 0;
          let seen = 0;
          for (let j = h * n; j < h * n + n; j++) {
            const c = houseCells[j]!;
            if (grid[c] !== 0) seen |= 1 << (grid[c]! - 1);
            else if (empties++ === 0) empty = c;
          }
          if (empties !== 1) continue;
          grid[empty] = 31 - Math.clz32(all & ~seen) + 1;
          open--;
          used = progress = true;
        }
      }
      return { solved: open === 0, tier: used ? PRACTICE_TARGET : 1, grid };
    },
  };
}


/** Where the work went, summed over calls (the benchmark reads it). */
export interface GenerateStats {
  boards: number;
  grids: number;
  /** Layouts (irregular) that could not be filled within the node budget. */
  unfillable: number;
  orders: number;
  /** Carves that ended minimal above K and went on by trading givens (carve.ts, descend). */
  descents: number;
  /** Carves that ended minimal above K (after the descent), or without reaching the grade. */
  minimal: number;
  wrongGrade: number;
  /** Carved boards the final re-check threw out (the prover graded the added-back board differently). */
  finalRejects: number;
  /** Practice boards (`technique`) the final re-check threw out: another hardest step than the one asked for. */
  wrongTechnique: number;
  fill: FillStats;
  carve: CarveStats;
}

export function emptyGenerateStats(): GenerateStats {
  return { boards: 0, grids: 0, unfillable: 0, orders: 0, descents: 0, minimal: 0, wrongGrade: 0, finalRejects: 0, wrongTechnique: 0, fill: { deals: 0, nodes: 0 }, carve: emptyCarveStats() };
}

/**
 * One board for the request, or a GenerationError when the budget runs out. A request that can
 * never be met (see requestProblem) is a RangeError. `shouldStop` is asked before every removal
 * order (a rare practice technique can spend many seconds a grid): true throws GenerationStopped.
 */
export function generateBoard(request: BoardRequest, seed: string, stats: GenerateStats = emptyGenerateStats(), shouldStop?: () => boolean): NumbridgeBoardFile {
  const problem = requestProblem(request, MAX_GRADE);
  if (problem) throw new RangeError(problem);
  const { size, blocks } = request;
  const symmetry = request.symmetry ?? 'none';
  const budget = { ...DEFAULT_BUDGET, ...request.budget };
  const orbits = orbitsOf(size, symmetry);
  // A practice board above tier 1 (or of full houses) is carved on the practice judge's two
  // "tiers" (2 = uses the technique); maxTier above them keeps every board proven (no top-grade
  // shortcut); naked and hidden singles at grade 1. Without `givens` (only practice requests) the
  // count is free: carveToTier aims at the room's usual count.
  const practice = request.technique === undefined ? undefined : techniqueById(request.technique)!;
  const practiceCarve = practice !== undefined && (practice.tier > 1 || practice.id === FULL_HOUSE);
  const freeGivens = request.givens === undefined;
  const givens = request.givens ?? DEFAULT_GIVENS[size]!; // a practice request's soft target: the room's usual count
  const target = practiceCarve
    ? { givens, grade: PRACTICE_TARGET, maxTier: PRACTICE_TARGET + 1 }
    : { givens, grade: practice?.tier ?? request.grade, maxTier: MAX_GRADE };
  const ladderJudge = practiceCarve && practice.tier > 1 ? practiceJudge(practice.id, request.uniqueness !== false) : fastProver;
  const root = new Rng('numbridge-board', seed);
  const order = new Uint16Array(orbits.count);
  let orders = 0;
  for (let g = 0; g < budget.grids; g++) {
    stats.grids++;
    const rng = root.fork(g);
    const regions = blocks === 'regular' ? regularRegions(size) : randomLayout(size, rng);
    const geometry = geometryFor(size, regions);
    const solution = randomSolution(geometry, rng, blocks === 'regular' ? REGULAR_FILL : IRREGULAR_FILL, stats.fill);
    if (!solution) {
      stats.unfillable++;
      continue;
    }
    const judge = practice?.id === FULL_HOUSE ? fullHouseJudge(geometry) : ladderJudge;
    const carver = new Carver(geometry, solution, orbits, judge, stats.carve);
    for (let o = 0; o < ORDERS_PER_GRID; o++) {
      if (shouldStop?.()) throw new GenerationStopped(`stopped in grid ${g + 1} of ${budget.grids}`);
      orders++;
      stats.orders++;
      for (let k = 0; k < order.length; k++) order[k] = k;
      rng.shuffle(order);
      let carved = freeGivens && practiceCarve ? carver.carveToTier(order, target, rng, practiceWalk(size)) : carver.carve(order, target, rng);
      if (!carved.ok && carved.reason === 'minimal') {
        stats.descents++;
        carved = carver.descend(target, rng, descentSwaps(size));
      }
      if (!carved.ok) {
        if (carved.reason === 'minimal') stats.minimal++;
        else stats.wrongGrade++;
        continue;
      }
      const file = finish(request, seed, regions, solution, carver.givens, { grids: g + 1, orders });
      if (file === WRONG_TECHNIQUE) {
        stats.wrongTechnique++;
        continue;
      }
      if (file) {
        stats.boards++;
        return file;
      }
      stats.finalRejects++;
    }
  }
  throw new GenerationError(
    `no ${size}×${size} ${blocks} board with ${freeGivens && practiceCarve ? 'any number of' : givens} givens at ${practice ? `hardest step ${practice.id}` : request.grade === undefined ? 'any grade' : `grade ${request.grade}`}${symmetry === 'none' ? '' : ` (${symmetry} symmetry)`} within ${budget.grids} ${budget.grids === 1 ? 'grid' : 'grids'} × ${ORDERS_PER_GRID} removal orders`,
  );
}

const FULL_HOUSE = 'full-house';

/** finish's answer for a practice board whose hardest step is another technique. */
const WRONG_TECHNIQUE = 'wrong technique';

/**
 * The final, independent re-check and the file. Null when the prover does not grade the board
 * as asked (possible only for added-back givens), WRONG_TECHNIQUE when a practice board's hardest
 * step (in the grade's run and in the proof) is not the technique asked for; an internal Error
 * when the exact-cover counter disagrees with the carve — a bug that must not be papered over.
 */
function finish(request: BoardRequest, seed: string, regions: Regions, solution: Grid, carved: Grid, attempts: { grids: number; orders: number }): NumbridgeBoardFile | null | typeof WRONG_TECHNIQUE {
  const { size } = request;
  const grade = request.technique === undefined ? request.grade : techniqueById(request.technique)!.tier;
  const givens = Uint8Array.from(carved);
  const board = { size, regions, givens };
  // the one board check every consumer uses (count, prove, grade), here without a node budget
  const judged = judgeBoard(board, { maxTier: grade ?? MAX_GRADE, steps: true, maxNodes: 0, maxBranches: 0, nested: false, uniqueness: request.uniqueness !== false });
  if (judged.solutions !== 1 || !judged.solution!.every((d, i) => d === solution[i])) {
    throw new Error(`internal: carved ${size}×${size} board (seed ${seed}) ${judged.solutions === 1 ? 'has another solution than its grid' : judged.reason}`);
  }
  const proof = judged.proof; // in the board's own digits, with its steps
  if (!proof.solved) return null;
  // the published grade is the puzzle's, not its labels' (gradeBoard); the proof keeps the board's digits
  const graded = judged.grade;
  if (!graded || graded.level !== levelOf(proof)) return null; // not seen: the level does not depend on the path
  if (grade !== undefined && graded.level !== grade) return null;
  // a practice board: the technique is the hardest step of the published grade's run and of the proof the file carries
  if (request.technique !== undefined && (graded.technique !== request.technique || hardestTechnique(proof.techniqueCounts) !== request.technique)) return WRONG_TECHNIQUE;
  return {
    format: NUMBRIDGE_BOARD,
    version: 1,
    id: boardId(size, regions, givens),
    public: {
      size,
      geometry: 'hex',
      blockShape: request.blocks,
      regions: nestGrid(regions, size),
      givens: nestGrid(givens, size),
      grade: graded,
      symmetry: request.symmetry ?? 'none',
    },
    secret: {
      solution: nestGrid(solution, size),
      proof: { steps: proof.steps },
      seed,
      request: requestRecord(request),
      attempts,
    },
  };
}

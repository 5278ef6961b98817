/**
 * The case generator: the pure API the CLI and the pipeline call.
 *
 *   generateCase(request, seed)   deterministic in (request, seed); a case at exactly the requested
 *                                 level, or a GenerationError — never a case at another level
 *   caseSeed(runSeed, request, k) the seed of case k of a run (the pipeline uses the same)
 *
 * One attempt: draw a floor plan and a cast (layout.ts, cast.ts), build the pool of every true clue,
 * then try up to 20 deals of clues on it (select.ts): the pool is the costly part to build.
 * Every accepted case is re-checked before it is returned: the prover in proof mode on the file as
 * written, and the exhaustive counter for uniqueness.
 *
 * `clues: 'extended'` (README "--clues sheet|extended") also deals the kinds beyond the sheet and
 * case facts, on plans that may hold the newer objects; a sheet request draws exactly as before.
 */
import { Type } from '@sinclair/typebox';
import { GenerationError } from '../core/errors.ts';
import { hashSeed, Rng } from '../core/rng.ts';
import { trueClues, trueFacts, type Candidate } from './candidates.ts';
import { MURDER_CASE } from '../core/formats.ts';
import { buildPublic, caseId, positionsOf, proofNamesOf, proofSteps } from './case-file.ts';
import { drawCast, type Cast } from './cast.ts';
import { SETTINGS, settingById } from './catalogue/settings.ts';
import { countSolutions } from './counter.ts';
import { drawLayout, type Layout } from './layout.ts';
import { modelFromCodes, modelFromPublic, type CaseModel } from './model.ts';
import { compileBoard, compileClue, type CompiledClue } from './prover/board.ts';
import { LEVEL_NAMES, Prover, proveCase, scoreCase, type LevelName } from './prover/prove.ts';
import { robustnessOf } from './robustness.ts';
import type { CaseFact, ClueFact, MurderCaseFile } from './schema.ts';
import { dealPool, selectClues, type SelectOptions, type SelectStats } from './select.ts';

const GENERATOR_VERSION = 'puzzlemill-murder/1';
export const LEVELS: readonly LevelName[] = ['easy', 'medium', 'hard'];
/** The clue vocabularies: the club's rule sheet, or every kind and case fact of issue 26. */
export const CLUE_SETS = ['sheet', 'extended'] as const;
export type ClueSet = (typeof CLUE_SETS)[number];

/**
 * A request as a caller poses it (the CLI's `generate murder` options and the library): the kind
 * derives its options and parser from this schema (src/kinds/request-schema.ts); checkRequest
 * holds what a schema cannot say.
 */
export const CaseRequestInput = Type.Object(
  {
    size: Type.Union([4, 5, 6, 7, 8, 9].map((n) => Type.Literal(n)), { description: 'board size N (N×N, N people)' }),
    level: Type.Union(LEVELS.map((l) => Type.Literal(l)), { description: 'easy (tier 1), medium (tier 2) or hard (tier 3)' }),
    setting: Type.Optional(Type.Union(SETTINGS.map((x) => Type.Literal(x.id)), { description: 'house, garden, … (default: a random one per case)' })),
    robust: Type.Optional(Type.Boolean({ description: 'only cases with the same single solution under every misreading', default: false })),
    budget: Type.Optional(Type.Integer({ minimum: 1, description: 'clue deals to try per case before giving up (never changes which case a seed makes)' })),
    clues: Type.Optional(
      Type.Union(CLUE_SETS.map((x) => Type.Literal(x)), { description: 'sheet (the club\'s rule sheet) or extended (relations, object lines, walls, exclusive objects, case facts)', default: 'sheet' }),
    ),
  },
  { additionalProperties: false },
);

export interface CaseRequest {
  size: number;
  level: LevelName;
  /** A setting id (house, garden, hotel, theatre, museum); random per case when absent. */
  setting?: string;
  /** Accept only cases with the same single solution under every misreading. */
  robust?: boolean;
  /** Clue deals to try before giving up (default per size and level). */
  budget?: number;
  /** The vocabulary dealt (absent: sheet). */
  clues?: ClueSet;
}

/** Casts tried on one floor plan (a cast fails when no room holds exactly two people). */
const CAST_TRIES = 8;
/** Deals tried on one cast: the cast's clue pool is the costly part to build. */
const DEALS_PER_CAST = 20;

/** Check a request; a RangeError names what is wrong. */
export function checkRequest(request: CaseRequest): void {
  if (!Number.isInteger(request.size) || request.size < 4 || request.size > 9) throw new RangeError(`size ${request.size}: must be an integer 4..9`);
  if (!LEVELS.includes(request.level)) throw new RangeError(`level "${request.level}": must be one of ${LEVELS.join(', ')}`);
  if (request.setting !== undefined && !settingById(request.setting)) {
    throw new RangeError(`setting "${request.setting}": must be one of ${SETTINGS.map((s) => s.id).join(', ')}`);
  }
  if (request.budget !== undefined && !(Number.isInteger(request.budget) && request.budget >= 1)) throw new RangeError(`budget ${request.budget}: must be a positive integer`);
  if (request.clues !== undefined && !CLUE_SETS.includes(request.clues)) throw new RangeError(`clues "${request.clues}": must be one of ${CLUE_SETS.join(', ')}`);
}

/**
 * Canonical text of a request's parameters (the budget is not one: it never changes a case). A
 * sheet request keeps the key it had before `clues` existed, so its seeds and cases stay the same.
 */
export function requestKey(request: CaseRequest): string {
  const key = `size=${request.size};level=${request.level};setting=${request.setting ?? '*'};robust=${request.robust ? 1 : 0}`;
  return request.clues === 'extended' ? `${key};clues=extended` : key;
}

/** The seed of case k of a run: a function of (run seed, 'murder', parameters, k) only. */
export function caseSeed(runSeed: string, request: CaseRequest, k: number): string {
  return hashSeed(runSeed, 'murder', requestKey(request), k).map((w) => w.toString(16).padStart(8, '0')).join('');
}

/** Default number of deals to try, by level. */
function defaultBudget(request: CaseRequest): number {
  return request.level === 'easy' ? 2000 : request.level === 'medium' ? 3000 : 6000;
}

function selectOptions(request: CaseRequest): SelectOptions {
  return {
    tier: (LEVELS.indexOf(request.level) + 1) as 1 | 2 | 3,
    robust: request.robust ?? false,
    perCard: 2,
    victimExtra: 1,
    pinCap: Math.max(1, Math.floor(request.size / 4)),
    emptyCap: Math.max(1, Math.floor(request.size / 4)),
  };
}

/** `stats` (optional) counts the deals and why they were rejected, for the benchmark. */
export function generateCase(request: CaseRequest, seed: string, stats?: SelectStats): MurderCaseFile {
  checkRequest(request);
  const rng = new Rng('murder-case', seed);
  const options = selectOptions(request);
  const budget = request.budget ?? defaultBudget(request);
  let deals = 0;
  // Plans and casts that fail count against the budget too, so the loop always ends.
  const extended = request.clues === 'extended';
  for (let plans = 0; deals < budget && plans < budget; plans++) {
    const setting = request.setting ? settingById(request.setting)! : rng.pick(SETTINGS);
    const layout = drawLayout(request.size, setting, rng, extended);
    if (!layout) continue;
    let cast: Cast | null = null;
    for (let c = 0; c < CAST_TRIES && !cast; c++) cast = drawCast(layout, rng);
    if (!cast) continue;
    const model = castModel(layout, cast);
    const board = compileBoard(model);
    // each run takes the ladder proveCase takes on that clue set (ladderFor): all rules once a clue,
    // fact or object beyond the sheet is in play, the sheet's ladder otherwise
    const prover = new Prover(board);
    const candidates = trueClues(model, cast.cells, options.robust, extended);
    const compiled = extended ? compileShared(board, model, candidates) : candidates.map((x) => compileClue(board, model, x.person, 0, x.fact));
    const pool = dealPool(candidates, compiled, compileClue(board, model, cast.victim, 0, { kind: 'victim' }), request.size, options.robust);
    const facts = extended ? new FactDeal(model, cast, prover, options.tier) : null;
    for (let d = 0; d < DEALS_PER_CAST && deals < budget; d++) {
      deals++;
      const dealt = facts ? facts.draw(rng) : [];
      const chosen = selectClues(facts ? facts.prover(dealt) : prover, board, pool, options, rng, stats);
      if (!chosen) continue;
      const kept = facts ? facts.minimise(dealt, chosen, options.tier, rng) : [];
      const file = finish(layout, cast, cardsOf(cast, chosen, compiled, candidates), kept, request, seed, options.tier);
      if (file) return file;
      if (stats) {
        stats.accepted--;
        stats.notRobust++;
      }
    }
  }
  const what = `${request.level} ${request.size}×${request.size}${request.setting ? ' ' + request.setting : ''}${request.robust ? ' robust' : ''} murder case`;
  throw new GenerationError(`no ${what} within ${budget} clue deal${budget === 1 ? '' : 's'} (seed ${seed})`);
}

/**
 * The candidates compiled, a clue about the own cell alone compiled once for everyone who has it
 * (an extended pool holds the same object line for many people; the masks are only read).
 */
function compileShared(board: ReturnType<typeof compileBoard>, model: CaseModel, candidates: readonly Candidate[]): CompiledClue[] {
  const seen = new Map<string, CompiledClue>();
  return candidates.map((x) => {
    if ('person' in x.fact) return compileClue(board, model, x.person, 0, x.fact);
    const key = JSON.stringify(x.fact);
    const first = seen.get(key);
    if (first) return { ...first, person: x.person };
    const clue = compileClue(board, model, x.person, 0, x.fact);
    seen.set(key, clue);
    return clue;
  });
}

/** The model of a cast before clues: only the victim line is known. */
function castModel(layout: Layout, cast: Cast): CaseModel {
  const people = cast.people.map((p, i) => ({ ...p, clues: (i === cast.victim ? [{ kind: 'victim' }] : []) as ClueFact[] }));
  const model = modelFromCodes(layout.size, layout.roomTypes.map((t) => t.id), layout.roomOf, layout.objectAt, people, cast.victim);
  if (layout.underAt) layout.underAt.forEach((code, cell) => (code >= 0 ? (model.objectsAt[cell]! |= 1 << code) : 0));
  return model;
}

/** At most this many case facts per extended case; the chance of dealing each one before the cards. */
const MAX_FACTS = 2;
const FACT_CHANCE = 0.6;

/**
 * Case facts of an extended case (they stand on no card). Each deal first draws up to two true
 * facts (none about the same object twice), the cards are then dealt and minimised with them in
 * place, and last each fact is dropped (in random order) when the capped prover still places
 * everyone at the target level without it: a fact stays only when the case needs it. The prover
 * reads facts from its board, so there is one board per set of facts (cached for the cast).
 */
class FactDeal {
  private readonly pool: CaseFact[];
  private readonly provers = new Map<string, Prover>();

  constructor(private readonly model: CaseModel, cast: Cast, plain: Prover, tier: number) {
    // only facts the capped ladder can use: object counts from tier 2, empty rooms from tier 3 (rules-facts.ts)
    this.pool = trueFacts(model, cast.cells).filter((fact) => tier >= (fact.kind === 'emptyRooms' ? 3 : 2));
    this.provers.set('[]', plain);
  }

  draw(rng: Rng): CaseFact[] {
    const out: CaseFact[] = [];
    for (let k = 0; k < MAX_FACTS && this.pool.length > 0; k++) {
      if (!rng.chance(FACT_CHANCE)) break;
      const fact = rng.pick(this.pool);
      const object = fact.kind === 'peopleOnObject' ? fact.object : null;
      if (out.some((x) => x.kind === fact.kind && (x.kind !== 'peopleOnObject' || x.object === object))) continue;
      out.push(fact);
    }
    return out;
  }

  prover(facts: readonly CaseFact[]): Prover {
    const key = JSON.stringify(facts);
    let prover = this.provers.get(key);
    if (!prover) {
      prover = new Prover(compileBoard({ ...this.model, facts }));
      this.provers.set(key, prover);
    }
    return prover;
  }

  /** The facts the case needs: each dropped when the cards and the other facts still make the level. */
  minimise(facts: readonly CaseFact[], clues: readonly CompiledClue[], tier: number, rng: Rng): CaseFact[] {
    const kept = facts.slice();
    for (const fact of rng.shuffle(facts.slice())) {
      const without = kept.filter((x) => x !== fact);
      const prover = this.prover(without);
      if (prover.run(clues, tier) === 'solved' && prover.level === tier) kept.splice(kept.indexOf(fact), 1);
    }
    return kept;
  }
}

/** Per person, the chosen facts in deal order; the victim line first on the victim's card. */
function cardsOf(cast: Cast, chosen: readonly CompiledClue[], compiled: readonly CompiledClue[], candidates: readonly Candidate[]): ClueFact[][] {
  const cards: ClueFact[][] = cast.people.map((_, p) => (p === cast.victim ? [{ kind: 'victim' }] : []));
  for (const clue of chosen) {
    const i = compiled.indexOf(clue);
    if (i >= 0) cards[clue.person]!.push(candidates[i]!.fact);
  }
  return cards;
}

/**
 * The file for a chosen deal, re-checked from the file itself: the prover in proof mode must place
 * everyone at the cast's cells at exactly the target tier, and the counter must find exactly that
 * one solution. Returns null when a robust case was asked for and this one is not.
 */
function finish(layout: Layout, cast: Cast, cards: ClueFact[][], facts: readonly CaseFact[], request: CaseRequest, seed: string, tier: number): MurderCaseFile | null {
  const pub = buildPublic(layout, cast, cards, tier, facts);
  const model = modelFromPublic(pub, { source: '<generator>' });
  const proof = proveCase(model, { names: proofNamesOf(pub) });
  const same = (cells: ArrayLike<number> | null) => cells !== null && cast.cells.every((cell, p) => cell === cells[p]);
  if (proof.status !== 'solved' || proof.level !== tier || !same(proof.cells)) {
    throw new Error(`generator and prover disagree on seed ${seed}: ${proof.status} at level ${proof.level}`);
  }
  pub.level.score = scoreCase(model)!; // label-free: the ladder on the canonical order
  const counted = countSolutions(model, { limit: 2 });
  if (counted.count !== 1 || !same(counted.solutions[0]!)) {
    throw new Error(`prover placed everyone but the counter found ${counted.count} solution(s) (seed ${seed})`);
  }
  const robustness = robustnessOf(model, cast.cells);
  if (request.robust && !robustness.robust) return null;
  const secretRequest: NonNullable<MurderCaseFile['secret']>['request'] = { size: request.size, level: request.level, robust: request.robust ?? false };
  if (request.setting) secretRequest!.setting = request.setting;
  if (request.clues === 'extended') secretRequest!.clues = 'extended';
  return {
    format: MURDER_CASE,
    version: 1,
    id: caseId(pub),
    public: pub,
    secret: {
      solution: { positions: positionsOf(model, cast.cells), murderer: cast.people[cast.murderer]!.id },
      proof: { steps: proofSteps(proof.steps, model) },
      seed,
      request: secretRequest,
      minimal: true,
      robustness,
      generator: GENERATOR_VERSION,
    },
  };
}

export { LEVEL_NAMES };
export { playerForm } from './case-file.ts';
export { verifyCase } from './verify.ts';

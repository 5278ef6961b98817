/**
 * The Sudoku Murder case kind (docs/FORMATS.md `puzzlemill/murder-case`): the adapter between the
 * pipeline's PuzzleKind interface and src/murder/ (generateCase, verifyCase, caseFingerprint,
 * the request and its seeds).
 */
import { nodeLimit } from '../core/budget.ts';
import { caseFingerprint, playerForm, positionsOf, proofNamesOf } from '../murder/case-file.ts';
import { countSolutions } from '../murder/counter.ts';
import { caseSeed, CaseRequestInput, checkRequest, generateCase, requestKey, type CaseRequest } from '../murder/generate.ts';
import { readCaseFile } from '../murder/model.ts';
import { LEVEL_NAMES, proveCase, RULES, scoreCase, type LevelName } from '../murder/prover/prove.ts';
import { MurderCaseFile, type MurderCaseInput } from '../murder/schema.ts';
import { caseHint, checkCasePosition, MurderCheck, MurderHint, MurderPosition } from '../murder/position.ts';
import { murdererOf } from '../murder/truth.ts';
import { countProblem, stuckReason, verifyCase } from '../murder/verify.ts';
import type { GradeReport, PuzzleKind, SolveReport, VerifyResult } from './kind.ts';
import { requestFromSchema } from './request-schema.ts';
import { MURDER_CASE } from '../core/formats.ts';

/** A case request as plain JSON (absent setting = a random one per case; budget: see CaseRequest; absent clues = sheet). */
export interface MurderRequest {
  [key: string]: string | number | boolean;
  size: number;
  level: LevelName;
  robust: boolean;
}

/** Verify reports positions itself; kinds throw InputErrors relative to the file. */
const IN_FILE = { source: '' };

function caseRequest(r: MurderRequest): CaseRequest {
  const out: CaseRequest = { size: r.size, level: r.level, robust: r.robust };
  if (typeof r.setting === 'string') out.setting = r.setting;
  if (typeof r.budget === 'number') out.budget = r.budget;
  if (r.clues === 'extended') out.clues = 'extended';
  return out;
}

// Files are typed as readers accept them (no proof or seed needed); what generate makes is stricter.
export const murderKind: PuzzleKind<MurderRequest, MurderCaseInput> = {
  name: 'murder',
  format: MURDER_CASE,
  describe: 'Sudoku Murder cases: unique, guess-free, at exactly the level asked for, texts in German and English',
  schema: MurderCaseFile,
  examples: [
    ['--size 6 --level medium --count 10 --seed club', 'ten 6×6 medium cases'],
    ['--size 9 --level hard --robust --player --seed 2027-01-01', 'one robust 9×9 hard case, player form'],
    ['--size 8 --level hard --count 1000 --out cases/ --seed c1', 'a corpus on every core, resumable'],
  ],
  // options and parser from the request's TypeBox schema; checkRequest after it
  ...requestFromSchema<MurderRequest>(CaseRequestInput, (fields) => {
    const request: MurderRequest = { size: fields.size as number, level: fields.level as LevelName, robust: fields.robust as boolean };
    if (fields.setting !== undefined) request.setting = fields.setting as string;
    if (fields.budget !== undefined) request.budget = fields.budget as number;
    // only an extended request carries the field: a sheet request stays the JSON it always was
    if (fields.clues === 'extended') request.clues = 'extended';
    checkRequest(caseRequest(request));
    return request;
  }),
  paramsKey: (r) => requestKey(caseRequest(r)),
  puzzleSeed: (runSeed, r, k) => caseSeed(runSeed, caseRequest(r), k),
  generate: (r, seed) => generateCase(caseRequest(r), seed),

  verify(file, options): VerifyResult {
    readCaseFile(file, IN_FILE); // unreadable as a case: an InputError, as the interface asks
    const verdict = verifyCase(file, IN_FILE, options);
    return { problems: verdict.problems, summary: verdict.summary };
  },

  playerForm,
  fingerprint: caseFingerprint,
  seedOf: (file) => file.secret?.seed,

  levels: LEVEL_NAMES.slice(1),
  facts: (file) => ({ size: file.public.size, level: file.public.level?.level ?? null, levelName: file.public.level?.name ?? null, technique: null }),

  // the solution as secret.solution holds it: everyone's cell and the murderer
  solve(file, options = {}): SolveReport {
    const { model } = readCaseFile(file, IN_FILE);
    const counted = countSolutions(model, { limit: options.count ? 2 : 1, maxNodes: nodeLimit(options) });
    const cells = counted.complete ? counted.solutions[0] : undefined;
    const nodes = counted.nodes;
    if (!cells) return { solutions: counted.complete ? 0 : null, solution: null, line: null, reason: countProblem(model, counted, options)!, nodes };
    const solution = { positions: positionsOf(model, cells), murderer: model.people[murdererOf(model, cells)]!.id };
    return { solutions: counted.count, solution, line: JSON.stringify(solution), nodes };
  },

  // the rule ladder on the case: its level, score (src/murder/README.md "Score") and the rules used
  grade(file, options = {}): GradeReport {
    const { model } = readCaseFile(file, IN_FILE);
    const proof = proveCase(model, { maxTier: options.maxTier, names: proofNamesOf(file.public) });
    // counted in the ladder's order (easiest rule first), as reports list them
    const techniques: Record<string, number> = Object.fromEntries(RULES.map((r) => [r.id, 0]));
    for (const step of proof.steps) techniques[step.rule] = (techniques[step.rule] ?? 0) + 1;
    for (const id of Object.keys(techniques)) if (techniques[id] === 0) delete techniques[id];
    const steps = options.proof ? { steps: proof.steps.map((step) => ({ rule: step.rule, tier: step.tier, text: step.text })) } : {};
    if (proof.status === 'solved') {
      const level = Math.max(1, proof.level);
      return { guessFree: true, grade: { level, name: LEVEL_NAMES[level] ?? `tier ${level}`, score: scoreCase(model, { maxTier: options.maxTier })! }, techniques, ...steps };
    }
    const counted = countSolutions(model, { limit: 2, maxNodes: nodeLimit(options) });
    const solutions = counted.complete ? counted.count : null;
    const kind = solutions === null ? 'undecided' : solutions === 0 ? 'no-solution' : solutions > 1 ? 'several-solutions' : 'beyond-ladder';
    const reason = countProblem(model, counted, options) ?? stuckReason(proof.level, true);
    return { guessFree: false, grade: null, techniques, ...steps, verdict: { kind, solutions, tier: proof.level, reason } };
  },

  position: { schema: MurderPosition, checkSchema: MurderCheck, hintSchema: MurderHint, check: checkCasePosition, hint: caseHint },
};

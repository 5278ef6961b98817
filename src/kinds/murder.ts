/**
 * The Sudoku Murder case kind (docs/FORMATS.md `puzzlemill/murder-case`): the adapter between the
 * pipeline's PuzzleKind interface and src/murder/ (generateCase, verifyCase, caseFingerprint,
 * the request and its seeds).
 */
import { caseFingerprint, playerForm } from '../murder/case-file.ts';
import { SETTING_IDS } from '../murder/catalogue/settings.ts';
import { caseSeed, checkRequest, generateCase, LEVELS, requestKey, type CaseRequest } from '../murder/generate.ts';
import { readCaseFile } from '../murder/model.ts';
import type { LevelName } from '../murder/prover/prove.ts';
import { MurderCaseFile, type MurderCaseInput } from '../murder/schema.ts';
import { verifyCase } from '../murder/verify.ts';
import type { PuzzleKind, VerifyResult } from './kind.ts';

/** A case request as plain JSON (absent setting = a random one per case; budget: see CaseRequest). */
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
  return out;
}

// Files are typed as readers accept them (no proof or seed needed); what generate makes is stricter.
export const murderKind: PuzzleKind<MurderRequest, MurderCaseInput> = {
  name: 'murder',
  format: 'puzzlemill/murder-case',
  describe: 'Sudoku Murder cases: unique, guess-free, at exactly the level asked for, texts in German and English',
  schema: MurderCaseFile,
  options: {
    size: { type: 'number', describe: 'board size N (N×N, N people)', choices: [4, 5, 6, 7, 8, 9], demandOption: true },
    level: { type: 'string', describe: 'easy (tier 1), medium (tier 2) or hard (tier 3)', choices: [...LEVELS], demandOption: true },
    setting: { type: 'string', describe: 'house, garden, … (default: a random one per case)', choices: [...SETTING_IDS] },
    robust: { type: 'boolean', describe: 'only cases with the same single solution under every misreading', default: false },
    budget: { type: 'number', describe: 'clue deals to try per case before giving up (never changes which case a seed makes)' },
  },

  parseRequest(input) {
    const size = typeof input.size === 'string' ? Number(input.size) : input.size;
    if (typeof size !== 'number' || !Number.isInteger(size)) throw new RangeError(`size must be a whole number, not ${JSON.stringify(input.size)}`);
    const request: MurderRequest = { size, level: String(input.level) as LevelName, robust: input.robust === true || input.robust === 'true' };
    if (input.setting !== undefined) request.setting = String(input.setting);
    if (input.budget !== undefined) {
      const budget = Number(input.budget);
      // yargs has already turned a non-number into NaN: say what was expected rather than "NaN".
      const given = Number.isNaN(budget) ? 'not a number' : String(input.budget);
      if (!Number.isInteger(budget) || budget < 1) throw new RangeError(`budget ${given}: must be a whole number ≥ 1`);
      request.budget = budget;
    }
    checkRequest(caseRequest(request));
    return request;
  },
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
};

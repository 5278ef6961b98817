/**
 * Independent re-check of a case file, from us or any other tool. Nothing here trusts the
 * generator: the schema and the model checks (model.ts), uniqueness by the exhaustive counter,
 * guess-free and the level by the prover's full ladder, then the claims of `secret` (solution,
 * murderer, the proof replayed step by step by an independent checker, minimality, robustness)
 * and that the texts and id fit the content. Each failed check is
 * one line in `problems`; the case passes when there are none.
 *
 * The counter's searches (uniqueness, and one per misreading for robustness) stay within the node
 * budget (core/budget.ts); a case they cannot decide is "undecided". The prover's ladder and the
 * minimality check (the ladder once per clue) need none: every rule only removes candidates.
 */
import { nodeLimit, undecidedReason, type SearchBudget } from '../core/budget.ts';
import { InputError, type InputPosition } from '../core/errors.ts';
import { digitLeak, hasWord, stringsOf } from '../core/leaks.ts';
import { caseId, legacyCaseId } from './case-file.ts';
import { settingById } from './catalogue/settings.ts';
import { columnOf, rowOf } from './cells.ts';
import { countSolutions, type CountResult } from './counter.ts';
import { readCaseFile, type CaseModel } from './model.ts';
import { compileBoard, compileClues } from './prover/board.ts';
import { caseProofFailureText, checkCaseProof } from './prover/check-proof.ts';
import { LEVEL_NAMES, Prover, proveCase, scoreCase } from './prover/prove.ts';
import { checkRobustness } from './robustness.ts';
import type { MurderCaseInput, ProofStep } from './schema.ts';
import { clueText, factText, textContextOf } from './texts/clues.ts';
import { murdererOf } from './truth.ts';

export interface CaseVerdict {
  ok: boolean;
  problems: string[];
  /** A short description for report lines: `9×9 hard, 11 clues, robust`. */
  summary: string;
}

const where: InputPosition = { source: 'case' };
const cellText = (cell: number) => `[${rowOf(cell)}, ${columnOf(cell)}]`;

/**
 * `conceal`: no problem names a solution's cell, person-position pair or murderer (the server's
 * /verify, where the file may be a stored case with a made-up secret); the CLI's words are detailed.
 */
export interface CaseVerifyOptions extends SearchBudget {
  conceal?: boolean;
}

/** The concealed words of a wrong secret (positions or murderer alike). */
const CONCEALED_SECRET = "the secret's solution is not the puzzle's solution";

export function verifyCase(data: unknown, position: InputPosition = where, budget: CaseVerifyOptions = {}): CaseVerdict {
  let file: MurderCaseInput, model: CaseModel;
  try {
    ({ file, model } = readCaseFile(data, position));
  } catch (e) {
    if (e instanceof InputError) return { ok: false, problems: [e.message], summary: 'unreadable murder case' };
    throw e;
  }
  const problems: string[] = [];
  const pub = file.public;
  const clueCount = model.people.reduce((k, p) => k + p.clues.length, 0) - 1;

  // Uniqueness, by exhaustive search.
  const conceal = budget.conceal === true;
  const maxNodes = nodeLimit(budget);
  const counted = countSolutions(model, { limit: 2, maxNodes });
  const countReason = countProblem(model, counted, budget, conceal);
  if (countReason) problems.push(countReason);

  // Guess-free and the level, by the full ladder.
  const proof = proveCase(model);
  if (proof.status !== 'solved') {
    problems.push(proof.status === 'contradiction' ? 'the prover reached a contradiction: the clues cannot all hold' : stuckReason(proof.level, counted.complete && counted.count === 1));
  } else if (pub.level && (proof.level !== pub.level.level || LEVEL_NAMES[proof.level] !== pub.level.name)) {
    problems.push(`level claims ${pub.level.level} (${pub.level.name}) but the proof needs ${proof.level} (${LEVEL_NAMES[proof.level] ?? '?'})`);
  } else if (pub.level?.score !== undefined && pub.level.score !== scoreCase(model)) {
    // a score is optional (older cases have none); one that is there must be the ladder's
    problems.push(`level score is ${scoreCase(model)}, the case says ${pub.level.score}`);
  }

  checkTexts(file, model, problems);
  if (/^murder-\d-[0-9a-f]{16}$/.test(file.id) && file.id !== caseId(pub) && file.id !== legacyCaseId(file.public, pub.size)) {
    problems.push(`id "${file.id}" does not match the content (expected "${caseId(pub)}")`);
  }

  const secret = file.secret;
  const unique = counted.complete && counted.count === 1 ? counted.solutions[0]! : null;
  if (unique) problems.push(...leakProblems(file, model, unique, conceal));
  if (secret && unique) {
    const positions = secret.solution.positions;
    const wrong: string[] = [];
    model.people.forEach((person, p) => {
      const [r, c] = positions[person.id]!;
      if (r * 9 + c !== unique[p]) wrong.push(`secret places ${person.id} at [${r}, ${c}] but the solution has ${cellText(unique[p]!)}`);
    });
    const murderer = model.people[murdererOf(model, unique)]?.id;
    if (secret.solution.murderer !== murderer) wrong.push(`secret names the murderer "${secret.solution.murderer}" but the solution's is "${murderer}"`);
    if (conceal && wrong.length > 0) problems.push(CONCEALED_SECRET);
    else problems.push(...wrong);
    if (secret.proof) problems.push(...proofProblems(model, secret.proof.steps, unique, conceal));
    const levelName = pub.level?.name ?? (proof.status === 'solved' ? LEVEL_NAMES[Math.max(1, proof.level)] : undefined);
    if (secret.request && secret.request.level !== levelName) problems.push(`secret.request asked for ${secret.request.level} but the case ${pub.level ? 'claims' : 'is'} ${levelName ?? 'not graded'}`);
    if (secret.minimal && proof.status === 'solved') {
      const droppable = notMinimal(model, proof.level);
      if (droppable) problems.push(`claims to be minimal but ${conceal ? 'a clue' : droppable} can be dropped at the same level`);
    }
    if (secret.robustness) {
      const { robustness: actual, decided } = checkRobustness(model, unique, maxNodes);
      if (!decided) problems.push(`${undecidedReason(budget)} (checking secret.robustness)`);
      else for (const key of Object.keys(actual) as Array<keyof typeof actual>) {
        if (actual[key] !== secret.robustness[key]) problems.push(`secret.robustness.${key} says ${secret.robustness[key]} but it is ${actual[key]}`);
      }
    }
  }
  const robust = secret?.robustness?.robust ? ', robust' : '';
  // A file without a level claim is reported with the level the ladder finds.
  const found = proof.status === 'solved' ? `${LEVEL_NAMES[Math.max(1, proof.level)]} (found)` : 'not graded';
  return { ok: problems.length === 0, problems, summary: `${pub.size}×${pub.size} ${pub.level?.name ?? found}, ${clueCount} clues${robust}` };
}

/**
 * The carried proof, replayed by the independent step checker (prover/check-proof.ts): every step
 * holds in its position, and at the end everyone stands on their solution cell. A proof without
 * steps proves nothing (a case always needs some), so it fails too.
 */
function proofProblems(model: CaseModel, steps: readonly ProofStep[], solution: Int8Array, conceal: boolean): string[] {
  if (steps.length === 0) return ['secret.proof has no steps: it does not reach the solution'];
  const replay = checkCaseProof(model, steps);
  // concealed without its reason, which names people (one of them the murderer)
  if (replay.failure) return [conceal ? `proof step ${replay.failure.step} (${replay.failure.rule}) does not hold` : caseProofFailureText(replay.failure)];
  for (let p = 0; p < model.people.length; p++) {
    const left = replay.cells[p]!;
    if (left.length !== 1 || left[0] !== solution[p]) {
      if (conceal) return ["the proof does not end at the puzzle's solution"];
      return [`the proof ends with ${model.people[p]!.id} on ${left.length === 1 ? cellText(left[0]!) : `${left.length} cells`}, the solution has ${cellText(solution[p]!)}`];
    }
  }
  return [];
}

/** "anna [1, 2] or [3, 0], ben …": where two solutions differ. */
/**
 * Why the ladder did not finish. A unique case is "beyond the ladder" (a person may still find the
 * way, with reasoning the ladder lacks), with the highest tier reached; a case with several
 * solutions cannot be finished without guessing, and says so.
 */
/** The counter's verdict in words (verify's and grade's): undecided, no solution, several; null when unique. */
export function countProblem(model: CaseModel, counted: CountResult, budget: SearchBudget = {}, conceal = false): string | null {
  if (!counted.complete) return undecidedReason(budget);
  if (counted.count === 0) return 'no solution: no placement satisfies every clue';
  // concealed: where two solutions differ is where the true one is
  if (counted.count > 1) return conceal ? 'more than one solution' : `more than one solution: ${differences(model, counted.solutions[0]!, counted.solutions[1]!)}`;
  return null;
}

/** Why the prover did not place everyone (verify's and grade's wording). */
export function stuckReason(level: number, unique: boolean): string {
  if (!unique) return 'not guess-free: the prover gets stuck before placing everyone';
  const reached = level > 0 ? `reaches tier ${level} (${LEVEL_NAMES[level] ?? '?'})` : 'finds no first step';
  return `beyond the ladder: unique; the prover ${reached} and gets stuck before placing everyone`;
}

function differences(model: CaseModel, a: Int8Array, b: Int8Array): string {
  const parts: string[] = [];
  model.people.forEach((person, p) => {
    if (a[p] !== b[p]) parts.push(`${person.id} at ${cellText(a[p]!)} or ${cellText(b[p]!)}`);
  });
  return parts.join(', ');
}

/** The first clue (victim line excepted) whose removal still lets the ladder finish at `level`. */
function notMinimal(model: CaseModel, level: number): string | null {
  const board = compileBoard(model);
  const clues = compileClues(board, model);
  // On the ladder that graded the case: the sheet's where it solves a sheet case (the one its
  // generator minimised on), else the whole ladder (prove.ts).
  const sheetSolves = new Prover(board).run(clues, level) === 'solved';
  const prover = new Prover(board, null, !sheetSolves);
  for (let i = 0; i < clues.length; i++) {
    if (clues[i]!.kind === 'victim') continue;
    const rest = clues.filter((_, k) => k !== i);
    if (prover.run(rest, level) === 'solved') return `clue ${clues[i]!.index} of ${model.people[clues[i]!.person]!.id}`;
  }
  for (let i = 0; i < model.facts.length; i++) {
    const fewer = { ...model, facts: model.facts.filter((_, k) => k !== i) };
    const smaller = compileBoard(fewer);
    if (new Prover(smaller, null, !sheetSolves).run(compileClues(smaller, fewer), level) === 'solved') return `case fact ${i}`;
  }
  return null;
}

/**
 * A case made from our settings (its setting and every room type ours) must carry exactly the
 * texts our grammar gives. A case from elsewhere may word its cards as it likes: the schema asks
 * for a non-empty text, and the clue's parameters, not its words, are what we prove.
 */
function checkTexts(file: MurderCaseInput, model: CaseModel, problems: string[]): void {
  const setting = file.public.setting && settingById(file.public.setting.id);
  const types = new Map((setting?.rooms ?? []).map((t) => [t.id, t]));
  if (!setting || !model.roomIds.every((id) => types.has(id))) return;
  const context = textContextOf(file.public, (id) => types.get(id)!.place);
  file.public.people.forEach((person, p) => {
    person.clues.forEach((clue, k) => {
      const expected = clueText(model.people[p]!.clues[k]!, person.gender, context);
      for (const lang of ['en', 'de'] as const) {
        if (clue.text[lang] === expected[lang]) continue;
        problems.push(`/public/people/${p}/clues/${k}/text/${lang}: says "${clue.text[lang]}" but the clue means "${expected[lang]}"`);
        break;
      }
    });
  });
  (file.public.facts ?? []).forEach((fact, k) => {
    const expected = factText(model.facts[k]!, context);
    for (const lang of ['en', 'de'] as const) {
      if (fact.text[lang] === expected[lang]) continue;
      problems.push(`/public/facts/${k}/text/${lang}: says "${fact.text[lang]}" but the fact means "${expected[lang]}"`);
      break;
    }
  });
}

/**
 * The player form (everything but `secret`) must not give the solution away: the murderer's id or
 * name anywhere but the murderer's own entry in the people list (ids, title, room and floor names,
 * clue texts), and, on boards of 6 and more, the people's rows and columns in card order as a digit
 * string (any separators, nearly, or encoded; core/leaks.ts).
 */
function leakProblems(file: MurderCaseInput, model: CaseModel, solution: Int8Array, conceal: boolean): string[] {
  const { secret: _secret, ...player } = file;
  const m = murdererOf(model, solution);
  if (m < 0) return [];
  const murderer = file.public.people[m]!;
  const own = new Set([`/public/people/${m}/id`, `/public/people/${m}/name`]);
  const positions = Array.from(solution, (cell) => `${rowOf(cell)}${columnOf(cell)}`).join('');
  const problems: string[] = [];
  // A clue about the murderer names them: that is the clue, not a leak (its text is the puzzle's);
  // so does the murderer's own card when cards name their person ("Bob war …", imported cases).
  murderer.clues.forEach((_, k) => {
    for (const lang of ['de', 'en']) own.add(`/public/people/${m}/clues/${k}/text/${lang}`);
  });
  file.public.people.forEach((person, p) =>
    person.clues.forEach((clue, k) => {
      if (!('person' in clue) || clue.person !== murderer.id) return;
      own.add(`/public/people/${p}/clues/${k}/person`); // the clue's parameter is the murderer's id
      for (const lang of ['de', 'en']) own.add(`/public/people/${p}/clues/${k}/text/${lang}`);
    }),
  );
  for (const [pointer, text] of stringsOf(player)) {
    if (own.has(pointer)) continue;
    const idLike = /^[a-z0-9][a-z0-9-]*$/.test(text);
    const named = idLike
      ? text.split(/[^a-z0-9]+/).some((token) => token === murderer.id || token === murderer.name.toLowerCase())
      : hasWord(text, murderer.name) || hasWord(text, murderer.id);
    if (named) problems.push(`${pointer === '/id' ? 'id' : pointer} names the murderer${conceal ? '' : ` "${murderer.id}"`}`);
    else if (model.size >= 6) {
      const how = digitLeak(text, positions);
      if (how) problems.push(`${pointer === '/id' ? 'id' : pointer} reveals the solution (the people's rows and columns: ${how})`);
    }
  }
  return problems;
}

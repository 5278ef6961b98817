/**
 * Independent re-check of a case file, from us or any other tool. Nothing here trusts the
 * generator: the schema and the model checks (model.ts), uniqueness by the exhaustive counter,
 * guess-free and the level by the prover's full ladder, then the claims of `secret` (solution,
 * murderer, minimality, robustness) and that the texts and id fit the content. Each failed check is
 * one line in `problems`; the case passes when there are none.
 */
import { InputError, type InputPosition } from '../core/errors.ts';
import { caseId } from './case-file.ts';
import { settingById } from './catalogue/settings.ts';
import { columnOf, rowOf } from './cells.ts';
import { countSolutions } from './counter.ts';
import { readCaseFile, type CaseModel } from './model.ts';
import { compileBoard, compileClues } from './prover/board.ts';
import { LEVEL_NAMES, Prover, proveCase } from './prover/prove.ts';
import { robustnessOf } from './robustness.ts';
import type { MurderCaseFile } from './schema.ts';
import { clueText } from './texts/clues.ts';
import { murdererOf } from './truth.ts';

export interface CaseVerdict {
  ok: boolean;
  problems: string[];
  /** A short description for report lines: `9×9 hard, 11 clues, robust`. */
  summary: string;
}

const where: InputPosition = { source: 'case' };
const cellText = (cell: number) => `[${rowOf(cell)}, ${columnOf(cell)}]`;

export function verifyCase(data: unknown, position: InputPosition = where): CaseVerdict {
  let file: MurderCaseFile, model: CaseModel;
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
  const counted = countSolutions(model, { limit: 2, maxNodes: 5_000_000 });
  if (!counted.complete) problems.push('the counter gave up before finishing (more than 5,000,000 search nodes)');
  else if (counted.count === 0) problems.push('no solution: no placement satisfies every clue');
  else if (counted.count > 1) problems.push(`more than one solution: ${differences(model, counted.solutions[0]!, counted.solutions[1]!)}`);

  // Guess-free and the level, by the full ladder.
  const proof = proveCase(model);
  if (proof.status !== 'solved') {
    problems.push(proof.status === 'contradiction' ? 'the prover reached a contradiction: the clues cannot all hold' : stuckReason(proof.level, counted.complete && counted.count === 1));
  } else if (proof.level !== pub.level.level || LEVEL_NAMES[proof.level] !== pub.level.name) {
    problems.push(`level claims ${pub.level.level} (${pub.level.name}) but the proof needs ${proof.level} (${LEVEL_NAMES[proof.level] ?? '?'})`);
  }

  checkTexts(file, model, problems);
  if (/^murder-\d-[0-9a-f]{16}$/.test(file.id) && file.id !== caseId(pub)) problems.push(`id "${file.id}" does not match the content (expected "${caseId(pub)}")`);

  const secret = file.secret;
  const unique = counted.complete && counted.count === 1 ? counted.solutions[0]! : null;
  if (secret && unique) {
    const positions = secret.solution.positions;
    model.people.forEach((person, p) => {
      const [r, c] = positions[person.id]!;
      if (r * 9 + c !== unique[p]) problems.push(`secret places ${person.id} at [${r}, ${c}] but the solution has ${cellText(unique[p]!)}`);
    });
    const murderer = model.people[murdererOf(model, unique)]?.id;
    if (secret.solution.murderer !== murderer) problems.push(`secret names the murderer "${secret.solution.murderer}" but the solution's is "${murderer}"`);
    if (secret.request && secret.request.level !== pub.level.name) problems.push(`secret.request asked for ${secret.request.level} but the case claims ${pub.level.name}`);
    if (secret.minimal && proof.status === 'solved') {
      const droppable = notMinimal(model, proof.level);
      if (droppable) problems.push(`claims to be minimal but ${droppable} can be dropped at the same level`);
    }
    if (secret.robustness) {
      const actual = robustnessOf(model, unique);
      for (const key of Object.keys(actual) as Array<keyof typeof actual>) {
        if (actual[key] !== secret.robustness[key]) problems.push(`secret.robustness.${key} says ${secret.robustness[key]} but it is ${actual[key]}`);
      }
    }
  }
  const robust = secret?.robustness?.robust ? ', robust' : '';
  return { ok: problems.length === 0, problems, summary: `${pub.size}×${pub.size} ${pub.level.name}, ${clueCount} clues${robust}` };
}

/** "anna [1, 2] or [3, 0], ben …": where two solutions differ. */
/**
 * Why the ladder did not finish. A unique case is "beyond the ladder" (a person may still find the
 * way, with reasoning the ladder lacks), with the highest tier reached; a case with several
 * solutions cannot be finished without guessing, and says so.
 */
function stuckReason(level: number, unique: boolean): string {
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
  const prover = new Prover(board);
  const clues = compileClues(board, model);
  for (let i = 0; i < clues.length; i++) {
    if (clues[i]!.kind === 'victim') continue;
    const rest = clues.filter((_, k) => k !== i);
    if (prover.run(rest, level) === 'solved') return `clue ${clues[i]!.index} of ${model.people[clues[i]!.person]!.id}`;
  }
  return null;
}

/**
 * Texts must be present (the schema requires them). When the setting and its rooms are ours, the
 * texts must also be exactly the ones our grammar gives, so they say what the clue means.
 */
function checkTexts(file: MurderCaseFile, model: CaseModel, problems: string[]): void {
  const setting = file.public.setting && settingById(file.public.setting.id);
  if (!setting) return;
  const types = new Map(setting.rooms.map((t) => [t.id, t]));
  if (!model.roomIds.every((id) => types.has(id))) return;
  const context = { size: model.size, place: (id: string) => types.get(id)!.place };
  file.public.people.forEach((person, p) => {
    person.clues.forEach((clue, k) => {
      const expected = clueText(model.people[p]!.clues[k]!, person.gender, context);
      if (clue.text.de !== expected.de || clue.text.en !== expected.en) {
        problems.push(`/public/people/${p}/clues/${k}/text: says "${clue.text.en}" but the clue means "${expected.en}"`);
      }
    });
  });
}

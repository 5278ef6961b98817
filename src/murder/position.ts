/**
 * A player's position in a Murder case, judged against the case's secret solution (the server's
 * checks and hints, src/kinds/kind.ts `PositionRules`): pure, and never more than asked.
 *
 *   check  each placed person (and the accused) → right or wrong; nothing about the others
 *   hint   the position → the first wrongly placed person or ruled-out cell, or the prover's
 *          steps from that position up to and including the next placement
 *
 * A position holds placed people (person id → [row, column]), optionally the accused, and the
 * cells the player has ruled out per person (a step's `removed`). A hint never concerns a placed
 * person, and a step the position already holds is skipped.
 */
import { Type, type Static } from '@sinclair/typebox';
import { PositionError } from '../core/errors.ts';
import { proofNamesOf, proofSteps } from './case-file.ts';
import { cellAt, cellLabel } from './cells.ts';
import { modelFromPublic, unknownIdText } from './model.ts';
import { proveCase } from './prover/prove.ts';
import { ProofStep, type ClueFact, type MurderCaseInput } from './schema.ts';

const Index = Type.Integer({ minimum: 0, maximum: 8 });
const PersonId = Type.String({ pattern: '^[a-z0-9][a-z0-9-]*$', maxLength: 64 });

export const MurderPosition = Type.Object(
  {
    positions: Type.Optional(Type.Record(PersonId, Type.Tuple([Index, Index]), { description: 'person id → [row, column], 0-based' })),
    murderer: Type.Optional(Type.String({ maxLength: 64, description: '(check only) the person accused' })),
    removed: Type.Optional(
      Type.Array(Type.Object({ person: PersonId, cells: Type.Array(Type.Tuple([Index, Index]), { maxItems: 81 }) }, { additionalProperties: false }), {
        maxItems: 81,
        description: "(hint) the cells the player has ruled out, per person (a hint step's removed)",
      }),
    ),
  },
  { additionalProperties: false, title: 'MurderPosition', description: 'a position in a Murder case: placed people, the accused, ruled-out cells' },
);
export type MurderPosition = Static<typeof MurderPosition>;

export const MurderCheck = Type.Object(
  {
    right: Type.Boolean({ description: 'every placed person (and the accused) is right' }),
    solved: Type.Boolean({ description: 'everyone is placed, the murderer accused, and all of it is right' }),
    people: Type.Array(Type.Object({ person: Type.String(), row: Type.Integer(), column: Type.Integer(), right: Type.Boolean() }, { additionalProperties: false })),
    murderer: Type.Optional(Type.Object({ person: Type.String(), right: Type.Boolean() }, { additionalProperties: false })),
  },
  { additionalProperties: false, title: 'MurderCheck' },
);
export type MurderCheck = Static<typeof MurderCheck>;

export const MurderHint = Type.Object(
  {
    solved: Type.Boolean({ description: 'everyone is placed, and right' }),
    step: Type.Union([ProofStep, Type.Null()], { description: 'the first of steps, null when solved (kept for clients of the first version)' }),
    steps: Type.Array(ProofStep, { description: "the prover's steps from this position up to and including the next placement, leaving out placed people and ruled-out cells; empty when solved" }),
  },
  { additionalProperties: false, title: 'MurderHint' },
);
export type MurderHint = Static<typeof MurderHint>;

function placedPeople(file: MurderCaseInput, position: MurderPosition): Array<{ person: number; row: number; column: number }> {
  const n = file.public.size;
  const people = file.public.people;
  return Object.entries(position.positions ?? {}).map(([id, cell]) => {
    const person = people.findIndex((p) => p.id === id);
    if (person < 0) throw new PositionError('unreadable', `body/positions/${id}: ${unknownPerson(file, id)}`);
    if (cell[0] >= n || cell[1] >= n) throw new PositionError('unreadable', `body/positions/${id}: [${cell.join(', ')}] is off the ${n}×${n} board`);
    return { person, row: cell[0], column: cell[1] };
  });
}

function unknownPerson(file: MurderCaseInput, id: string): string {
  return unknownIdText('person', id, file.public.people.map((p) => p.id));
}

function caseSolution(file: MurderCaseInput): NonNullable<MurderCaseInput['secret']>['solution'] {
  if (!file.secret) throw new PositionError('conflict', `puzzle ${file.id} has no solution on this server`);
  return file.secret.solution;
}

export function checkCasePosition(file: MurderCaseInput, position: MurderPosition): MurderCheck {
  const solution = caseSolution(file);
  const people = placedPeople(file, position).map(({ person, row, column }) => {
    const id = file.public.people[person]!.id;
    const at = solution.positions[id]!;
    return { person: id, row, column, right: at[0] === row && at[1] === column };
  });
  const result: MurderCheck = { right: people.every((p) => p.right), solved: false, people };
  if (position.murderer !== undefined) {
    if (!file.public.people.some((p) => p.id === position.murderer)) throw new PositionError('unreadable', `body/murderer: ${unknownPerson(file, position.murderer)}`);
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
export function caseHint(file: MurderCaseInput, position: MurderPosition): MurderHint {
  const solution = caseSolution(file);
  const pub = file.public;
  const placed = placedPeople(file, position);
  const wrong = placed.find(({ person, row, column }) => {
    const at = solution.positions[pub.people[person]!.id]!;
    return at[0] !== row || at[1] !== column;
  });
  if (wrong) throw new PositionError('conflict', `${pub.people[wrong.person]!.name} at ${cellLabel(cellAt(wrong.row, wrong.column), 'en')} is wrong`);
  const ruledOut = new Set<string>();
  (position.removed ?? []).forEach((x, i) => {
    const person = pub.people.find((p) => p.id === x.person);
    if (!person) throw new PositionError('unreadable', `body/removed/${i}/person: ${unknownPerson(file, x.person)}`);
    const at = solution.positions[x.person]!;
    x.cells.forEach((cell, k) => {
      if (cell[0] >= pub.size || cell[1] >= pub.size) throw new PositionError('unreadable', `body/removed/${i}/cells/${k}: [${cell.join(', ')}] is off the ${pub.size}×${pub.size} board`);
      // ruling out the person's own cell is wrong: the person named, not the cell
      if (cell[0] === at[0] && cell[1] === at[1]) throw new PositionError('conflict', `${person.name}: a ruled-out cell is wrong`);
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
  const steps: ProofStep[] = [];
  for (const full of proofSteps(proof.steps, model)) {
    // placing a placed person is the player's own move, whatever it rules out for others
    if (full.placed.length > 0 && full.placed.every((x) => pinnedIds.has(x.person))) continue;
    const step = { ...full, removed: full.removed.filter((x) => !pinnedIds.has(x.person)), placed: full.placed.filter((x) => !pinnedIds.has(x.person)) };
    const isNew = step.placed.length > 0 || step.removed.some((x) => x.cells.some((cell) => !ruledOut.has(`${x.person}:${cell[0]},${cell[1]}`)));
    if (!isNew) continue;
    steps.push(step);
    if (step.placed.length > 0) break;
  }
  return { solved: false, step: steps[0] ?? null, steps };
}

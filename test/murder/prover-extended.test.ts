/**
 * The rules of issue 26 on hand-drawn cases with known solutions: each new clue kind and case fact
 * in a small case the ladder proves to the expected level and placement, with the rule in its
 * proof; the independent checker accepts the proof and the counter agrees the case is unique.
 * Then the section-3 case: unique, beyond the older ladder, graded once the victim's room needs
 * the murderer on a row and column left free.
 */
import { describe, expect, test } from 'vitest';
import { proofSteps } from '../../src/murder/case-file.ts';
import { cellAt } from '../../src/murder/cells.ts';
import { countSolutions } from '../../src/murder/counter.ts';
import { modelFromPublic, type CaseModel } from '../../src/murder/model.ts';
import { compileBoard, compileClues } from '../../src/murder/prover/board.ts';
import { checkCaseProof } from '../../src/murder/prover/check-proof.ts';
import { proveCase, Prover, RULES, SHEET_RULES } from '../../src/murder/prover/prove.ts';
import { ProverState } from '../../src/murder/prover/state.ts';
import { clueFilter, nakedSingle } from '../../src/murder/prover/rules-singles.ts';
import { roomCompany, roomDemand } from '../../src/murder/prover/rules-company.ts';
import { emptyRooms, objectCount } from '../../src/murder/prover/rules-facts.ts';
import { notSameRoom, onlyOnObject, onlyWith, personOrder, sameRoom } from '../../src/murder/prover/rules-relations.ts';
import type { CaseFact, ClueFact } from '../../src/murder/schema.ts';
import { handFile, handModel, plainNames, type HandPerson } from './fixtures.ts';

interface ExtendedHand {
  /** One letter per cell (the room); '#' outside the plan. */
  plan: string[];
  /** "rc" → object ids on that cell (several allowed). */
  objects?: Record<string, string[]>;
  people: HandPerson[];
  facts?: CaseFact[];
}

/** The model of a drawn case with cells outside the plan, several objects on a cell and case facts (read like a file). */
function extendedModel(hand: ExtendedHand): CaseModel {
  const file = handFile({ plan: hand.plan, people: hand.people });
  const pub = file.public;
  const outside = pub.rooms.find((room) => room.id === 'room-#');
  pub.rooms = pub.rooms.filter((room) => room.id !== 'room-#');
  if (outside) pub.floors = pub.floors?.filter((f) => f.id !== outside.floor);
  pub.roomOf = pub.roomOf.map((row) => row.map((id) => (id === 'room-#' ? null : id))) as typeof pub.roomOf;
  pub.objects = pub.objects.map((row, r) => row.map((_, c) => hand.objects?.[`${r}${c}`] ?? null)) as typeof pub.objects;
  if (hand.facts) pub.facts = hand.facts.map((fact) => ({ ...fact, text: { de: 'Fakt', en: 'fact' } })) as typeof pub.facts;
  return modelFromPublic(pub, { source: 'hand' });
}

/** Prove, and check everything a hand case promises. */
function proves(hand: ExtendedHand, level: number, rules: string[]) {
  const model = extendedModel(hand);
  const proof = proveCase(model, { names: plainNames(model) });
  expect(proof.status).toBe('solved');
  expect(proof.level).toBe(level);
  hand.people.forEach((p, k) => expect(proof.cells![k], p.id).toBe(cellAt(p.at![0], p.at![1])));
  const used = new Set(proof.steps.map((s) => s.rule));
  for (const rule of rules) expect(used, rule).toContain(rule);
  for (const step of proof.steps) {
    expect(step.text.de.length, step.rule).toBeGreaterThan(10);
    expect(step.text.en.length, step.rule).toBeGreaterThan(10);
  }
  const steps = proofSteps(proof.steps, model);
  expect(checkCaseProof(model, steps).failure).toBeNull();
  expect(countSolutions(model).count).toBe(1);
  refusesForgeries(model, steps, hand);
  return { model, proof };
}

const NEW_RULES = new Set(['only-on-object', 'person-order', 'same-room', 'not-same-room', 'only-with', 'object-count', 'empty-rooms', 'room-company', 'room-demand']);
const copy = <T>(x: T): T => JSON.parse(JSON.stringify(x));

/** Every step of a new rule, tampered three ways (a solution cell removed too, another tier, other premises), fails at that step. */
function refusesForgeries(model: CaseModel, steps: ReturnType<typeof proofSteps>, hand: { people: HandPerson[] }): void {
  steps.forEach((step, i) => {
    if (!NEW_RULES.has(step.rule)) return;
    const prefix = steps.slice(0, i + 1);
    const forged: Array<typeof steps> = [];
    const gone = new Set(steps.slice(0, i).flatMap((s) => s.removed.flatMap((x) => x.cells.map(([r, c]) => `${x.person}${r}${c}`))));
    const target = hand.people.find((p) => !gone.has(`${p.id}${p.at![0]}${p.at![1]}`) && !step.removed.some((x) => x.person === p.id && x.cells.some(([r, c]) => r === p.at![0] && c === p.at![1])));
    if (target) {
      const f = copy(prefix);
      const entry = f[i]!.removed.find((x) => x.person === target.id);
      if (entry) entry.cells.push(target.at!);
      else f[i]!.removed.push({ person: target.id, cells: [target.at!] });
      forged.push(f);
    }
    const tier = copy(prefix);
    tier[i]!.tier = step.tier === 3 ? 2 : step.tier + 1;
    forged.push(tier);
    const premises = copy(prefix);
    premises[i]!.premises = step.rule === 'object-count' ? { ...step.premises, people: [...(step.premises.people ?? []), hand.people.find((p) => !(step.premises.people ?? []).includes(p.id))!.id] } : {};
    forged.push(premises);
    for (const f of forged) expect(checkCaseProof(model, f).failure?.step, `${step.rule} step ${i + 1} forged`).toBe(i + 1);
  });
}

const person = (id: string, gender: 'f' | 'm', at: [number, number], ...clues: ClueFact[]): HandPerson => ({ id, gender, at, clues });

describe('hand-made cases, one per new rule', () => {
  test('onlyOnObject (only-on-object, tier 1): nobody else on a gift; a carpet and a gift share a cell', () => {
    const { proof } = proves(
      {
        plan: ['abbb', 'abbc', 'aabc', 'dddd'],
        objects: { '10': ['gift'], '11': ['chair'], '21': ['gift'], '22': ['window'], '23': ['gift'], '32': ['window'], '01': ['carpet', 'gift'], '02': ['gift'] },
        people: [
          person('p0', 'm', [0, 2], { kind: 'notAdjacentObject', object: 'chair' }, { kind: 'leftOf', person: 'p1' }, { kind: 'onlyOnObject', object: 'gift' }),
          person('p1', 'f', [3, 3]),
          person('p2', 'm', [2, 0]),
          person('p3', 'f', [1, 1], { kind: 'victim' }),
        ],
      },
      3,
      ['only-on-object', 'person-order', 'room-company'],
    );
    const step = proof.steps.find((s) => s.rule === 'only-on-object')!;
    expect(step.tier).toBe(1);
    expect(step.text.en).toContain('nobody else stands on such a cell');
  });

  test('above / below / leftOf (person-order, tier 2), with cells outside the plan and notBesideEdge', () => {
    proves(
      {
        plan: ['#a#a', 'aaaa', 'bbaa', 'bbba'],
        objects: { '11': ['window'], '20': ['carpet'], '21': ['window', 'gift'], '22': ['window', 'gift'] },
        people: [
          person('p0', 'f', [2, 0]),
          person('p1', 'm', [0, 3], { kind: 'victim' }),
          person('p2', 'm', [1, 1], { kind: 'inRoom', room: 'room-a' }, { kind: 'leftOf', person: 'p3' }, { kind: 'below', person: 'p1' }, { kind: 'notBesideEdge' }),
          person('p3', 'f', [3, 2]),
        ],
      },
      2,
      ['person-order'],
    );
  });

  test('onlyWith on the victim (same-room, tier 2)', () => {
    proves(
      {
        plan: ['aab#', '#ccc', 'dcdc', 'dddd'].map((row) => row), // c is connected through (1,1)..(1,3), (2,1), (2,3)
        objects: { '11': ['tv'], '13': ['gift'], '20': ['gift'], '21': ['gift'], '23': ['window'], '30': ['window'], '31': ['carpet', 'tv'], '32': ['chair', 'gift'] },
        people: [
          person('p0', 'm', [1, 2], { kind: 'victim' }, { kind: 'onlyWith', person: 'p3' }),
          person('p1', 'm', [0, 0]),
          person('p2', 'f', [3, 3], { kind: 'below', person: 'p3' }, { kind: 'notOnObject', object: 'gift' }),
          person('p3', 'f', [2, 1], { kind: 'leftOf', person: 'p2' }, { kind: 'roomCorner' }),
        ],
      },
      3,
      ['same-room', 'person-order'],
    );
  });

  test('notSameRoomAs (not-same-room, tier 2)', () => {
    proves(
      {
        plan: ['abbb', 'abbb', '#ccb', 'd#cc'],
        objects: { '10': ['carpet'], '13': ['carpet', 'window'], '22': ['chair'], '32': ['carpet', 'plant'], '00': ['carpet'], '03': ['chair', 'gift'] },
        people: [
          person('p0', 'f', [3, 3], { kind: 'victim' }),
          person('p1', 'f', [2, 1], { kind: 'notOnObject', object: 'chair' }, { kind: 'above', person: 'p0' }),
          person('p2', 'm', [0, 0], { kind: 'notSameRoomAs', person: 'p0' }, { kind: 'above', person: 'p0' }),
          person('p3', 'm', [1, 2], { kind: 'notSameRoomAs', person: 'p0' }, { kind: 'notBesideEdge' }),
        ],
      },
      2,
      ['not-same-room'],
    );
  });

  test('onlyWith between two others (only-with, tier 2)', () => {
    proves(
      {
        plan: ['aaab', 'aacc', 'a#cc', 'aaa#'],
        objects: { '10': ['gift'], '12': ['window'], '20': ['chair', 'window'], '23': ['plant', 'gift'], '32': ['window'], '00': ['chair'], '01': ['gift'], '02': ['gift'], '03': ['gift'] },
        people: [
          person('p0', 'm', [0, 0], { kind: 'victim' }),
          person('p1', 'f', [1, 3], { kind: 'onlyWith', person: 'p2' }, { kind: 'above', person: 'p2' }),
          person('p2', 'f', [2, 2]),
          person('p3', 'm', [3, 1], { kind: 'notRoomCorner' }, { kind: 'belowObject', object: 'plant', where: 'otherRoom' }),
        ],
      },
      2,
      ['only-with', 'same-room'],
    );
  });

  test('peopleOnObject, at most 0 on a chair (object-count, tier 2)', () => {
    const { proof } = proves(
      {
        plan: ['aaaa', 'aaaa', 'bcdd', 'bccd'],
        objects: { '11': ['carpet'], '13': ['carpet'], '22': ['plant', 'window'], '30': ['chair'], '32': ['chair', 'gift'], '33': ['chair'], '01': ['chair', 'plant'], '02': ['chair'], '03': ['window', 'tv'] },
        people: [
          person('p0', 'm', [3, 1]),
          person('p1', 'f', [0, 0], { kind: 'victim' }),
          person('p2', 'm', [2, 3], { kind: 'sameColumnAsObject', object: 'window', where: 'otherRoom' }),
          person('p3', 'f', [1, 2], { kind: 'notRoomCorner' }),
        ],
        facts: [{ kind: 'peopleOnObject', object: 'chair', compare: 'atMost', count: 0 }],
      },
      3,
      ['object-count'],
    );
    expect(proof.steps.find((s) => s.rule === 'object-count')!.tier).toBe(2);
  });

  test('emptyRooms, exactly 1 (empty-rooms, tier 3)', () => {
    proves(
      {
        plan: ['aa#b', 'ccbb', 'cbbb', 'c#bb'],
        objects: { '10': ['plant'], '20': ['carpet'], '23': ['chair', 'carpet'], '32': ['chair'], '00': ['window'], '03': ['gift'] },
        people: [
          person('p0', 'f', [0, 3], { kind: 'victim' }),
          person('p1', 'm', [3, 2], { kind: 'belowObject', object: 'chair', where: 'ownRoom' }, { kind: 'leftOf', person: 'p0' }),
          person('p2', 'f', [1, 1]),
          person('p3', 'm', [2, 0], { kind: 'notRoomCorner' }),
        ],
        facts: [{ kind: 'emptyRooms', count: 1 }],
      },
      3,
      ['empty-rooms'],
    );
  });

  test('sameRoomAs with the victim needing company (room-demand, tier 3)', () => {
    proves(
      {
        plan: ['aaaa', 'bbaa', 'bbba', 'ccca'],
        objects: { '10': ['carpet'], '11': ['carpet'], '12': ['gift'], '13': ['plant'], '20': ['plant', 'window'], '32': ['chair'], '33': ['chair', 'window'] },
        people: [
          person('p0', 'm', [1, 1], { kind: 'notBesideEdge' }, { kind: 'sameColumnAsObject', object: 'carpet', where: 'anywhere' }),
          person('p1', 'f', [3, 3]),
          person('p2', 'm', [0, 0], { kind: 'sameRoomAs', person: 'p1' }, { kind: 'column', column: 0 }),
          person('p3', 'f', [2, 2], { kind: 'victim' }),
        ],
      },
      3,
      ['room-demand', 'room-company'],
    );
  });
});

describe('the rules on a hand-set position', () => {
  // 4×4, four rooms of 2×2: a top left, b top right, c bottom left, d bottom right.
  const PLAN = ['aabb', 'aabb', 'ccdd', 'ccdd'];
  function setup(clues: ClueFact[][]) {
    const model = handModel({ plan: PLAN, people: clues.map((c, i) => ({ id: `p${i}`, gender: i % 2 ? 'm' : 'f', clues: c })) });
    const board = compileBoard(model);
    const state = new ProverState(board);
    state.reset(compileClues(board, model), plainNames(model));
    state.nextFilter = state.clues.length;
    return state;
  }
  const give = (s: ProverState, p: number, cells: string[]) => {
    s.cand.fill(0, 3 * p, 3 * p + 3);
    for (const rc of cells) {
      const cell = cellAt(+rc[0]!, +rc[1]!);
      s.cand[3 * p + ((cell / 27) | 0)]! |= 1 << cell % 27;
    }
  };
  const cellsOf = (s: ProverState, p: number) => {
    const out: string[] = [];
    for (let r = 0; r < 4; r++) for (let c = 0; c < 4; c++) if (s.cand[3 * p + (((r * 9 + c) / 27) | 0)]! & (1 << (r * 9 + c) % 27)) out.push(`${r}${c}`);
    return out;
  };

  test('person-order: p0 above p1 with p1 in rows 1..2 keeps p0 in rows 0..1, p1 in rows ≥ p0’s first', () => {
    const s = setup([[{ kind: 'victim' }, { kind: 'above', person: 'p1' }], [], [], []]);
    give(s, 0, ['10', '21', '32']);
    give(s, 1, ['00', '11', '22']);
    expect(personOrder.apply(s)).toBe(1);
    expect(cellsOf(s, 0)).toEqual(['10']);
    expect(cellsOf(s, 1)).toEqual(['22']);
  });

  test('same-room / not-same-room / only-with on confined people', () => {
    const s = setup([[{ kind: 'victim' }], [{ kind: 'sameRoomAs', person: 'p2' }, { kind: 'notSameRoomAs', person: 'p3' }], [], [{ kind: 'onlyWith', person: 'p0' }]]);
    give(s, 2, ['00', '11', '02']); // rooms a and b
    expect(sameRoom.apply(s)).toBe(1);
    expect(cellsOf(s, 1).every((rc) => ['00', '01', '10', '11', '02', '03', '12', '13'].includes(rc))).toBe(true);
    give(s, 3, ['00', '11']); // p3 confined to room a
    expect(notSameRoom.apply(s)).toBe(1);
    expect(cellsOf(s, 1).some((rc) => ['00', '01', '10', '11'].includes(rc))).toBe(false);
    // only-with: p3 (in a) with p0: room a closes to everyone else.
    give(s, 2, ['23', '01']);
    expect(onlyWith.apply(s)).toBe(1);
    expect(cellsOf(s, 2)).toEqual(['23']);
    // A third person certainly in room d: neither of the pair stands there.
    give(s, 0, ['01', '33']);
    give(s, 2, ['23', '32']);
    expect(onlyWith.apply(s)).toBe(1);
    expect(cellsOf(s, 0)).toEqual(['01']);
  });

  test('only-on-object removes the object cells from everyone else only', () => {
    const model = handModel({ plan: PLAN, objects: ['c...', '....', '..c.', '....'], people: [{ id: 'p0', gender: 'f', clues: [{ kind: 'victim' }] }, { id: 'p1', gender: 'm', clues: [{ kind: 'onlyOnObject', object: 'chair' }] }, { id: 'p2', gender: 'f', clues: [] }, { id: 'p3', gender: 'm', clues: [] }] });
    const board = compileBoard(model);
    const s = new ProverState(board);
    s.reset(compileClues(board, model), plainNames(model));
    s.nextFilter = s.clues.length;
    expect(onlyOnObject.apply(s)).toBe(1);
    for (const p of [0, 2, 3]) expect(cellsOf(s, p)).not.toContain('00');
    expect(cellsOf(s, 1)).toContain('00');
    expect(onlyOnObject.apply(s)).toBe(0);
  });

  test('object-count: a count reached closes the object; exactly n with n reachers confines them', () => {
    const model = handModel({ plan: PLAN, objects: ['c...', '...c', '....', '....'], people: [0, 1, 2, 3].map((i) => ({ id: `p${i}`, gender: 'f' as const, clues: i === 0 ? [{ kind: 'victim' as const }] : [] })) });
    const file = handFile({ plan: PLAN, objects: ['c...', '...c', '....', '....'], people: model.people.map((p) => ({ id: p.id, gender: p.gender, clues: [...p.clues] })) });
    file.public.facts = [{ kind: 'peopleOnObject', object: 'chair', compare: 'exactly', count: 1, text: { de: 'x', en: 'x' } }];
    const withFact = modelFromPublic(file.public, { source: 'hand' });
    const board = compileBoard(withFact);
    const s = new ProverState(board);
    s.reset(compileClues(board, withFact), plainNames(withFact));
    s.nextFilter = s.clues.length;
    give(s, 0, ['00']);
    expect(objectCount.apply(s)).toBe(1);
    for (const p of [1, 2, 3]) expect(cellsOf(s, p)).not.toContain('13');
    // Nobody on a chair yet, but only p2 can reach one: exactly 1 puts p2 there.
    give(s, 0, ['01']);
    give(s, 1, ['10']);
    give(s, 2, ['13', '22']);
    give(s, 3, ['31']);
    expect(objectCount.apply(s)).toBe(1);
    expect(cellsOf(s, 2)).toEqual(['13']);
  });

  test('empty-rooms: as many rooms certainly occupied as may be occupied empty the rest', () => {
    const file = handFile({ plan: PLAN, people: [0, 1, 2, 3].map((i) => ({ id: `p${i}`, gender: 'f' as const, clues: i === 0 ? [{ kind: 'victim' as const }] : [] })) });
    file.public.facts = [{ kind: 'emptyRooms', count: 2, text: { de: 'x', en: 'x' } }];
    const model = modelFromPublic(file.public, { source: 'hand' });
    const board = compileBoard(model);
    const s = new ProverState(board);
    s.reset(compileClues(board, model), plainNames(model));
    s.nextFilter = s.clues.length;
    give(s, 0, ['00', '11']); // room a
    give(s, 1, ['32', '23']); // room d
    expect(emptyRooms.apply(s)).toBe(1);
    for (const p of [2, 3]) expect(cellsOf(s, p).every((rc) => ['00', '01', '10', '11', '22', '23', '32', '33'].includes(rc))).toBe(true);
  });

  test('room-company: the victim leaves a cell where nobody could join her off its row and column', () => {
    const s = setup([[{ kind: 'victim' }], [], [], []]);
    give(s, 0, ['00', '22']);
    give(s, 1, ['11', '33']); // in a only on 11: with the victim on 00, it could; on 22 (room d): 33 shares nothing with 22? it shares nothing → stays
    give(s, 2, ['01', '32']);
    give(s, 3, ['10', '23']);
    // On 00 (room a): companions' cells in a off row 0 and column 0: 11 (p1) → fine. On 22 (room d): 33 (p1) → fine.
    expect(roomCompany.apply(s)).toBe(0);
    give(s, 1, ['11', '13']);
    give(s, 2, ['03', '32']);
    // Now on 22 in room d: 32 (p2) shares column 2, 23 (p3) shares row 2: nobody can join → 22 goes.
    expect(roomCompany.apply(s)).toBe(1);
    expect(cellsOf(s, 0)).toEqual(['00']);
    expect(s.steps.at(-1)!.text.en).toContain('needs company');
  });

  test('room-demand: two people certainly in a room need two free rows and columns there', () => {
    const s = setup([[], [], [], [{ kind: 'victim' }]]);
    give(s, 1, ['00', '11']); // room a
    give(s, 2, ['01', '10']); // room a
    give(s, 0, ['00', '22']);
    // p0 on 00 (room a): p1, p2 would need two rows and columns of a off row 0 / column 0: only 11 is left → 00 goes.
    expect(roomDemand.apply(s)).toBe(1);
    expect(cellsOf(s, 0)).toEqual(['22']);
  });
});

describe('section 3: the victim’s room needs the murderer', () => {
  const WITHOUT = RULES.filter((r) => r.id !== 'room-company' && r.id !== 'room-demand');
  const runWith = (model: CaseModel, rules: typeof RULES) => {
    const board = compileBoard(model);
    return new Prover(board, rules).run(compileClues(board, model), 3);
  };

  // A 5×5 case with a cell outside the plan and the new objects (window, gift, tv), unique, that the
  // ladder without the section-3 rule leaves stuck: David (the victim, not in room b) could still
  // stand on r2c2 in room a, but the only other person who can still be in room a, Bruno, has no
  // cell there off that row and column: nobody could join David there, so he is not there.
  const CASE: ExtendedHand = {
    plan: ['aaabb', 'aabbb', 'cabbb', 'ccbbb', 'ddb#b'],
    objects: { '12': ['window'], '13': ['chair'], '20': ['gift'], '22': ['carpet'], '23': ['tv'], '32': ['gift'], '33': ['window'], '40': ['gift'], '41': ['carpet'], '02': ['carpet'], '04': ['chair'] },
    people: [
      person('otto', 'm', [4, 4]),
      person('frida', 'f', [3, 3], { kind: 'notRoomCorner' }),
      person('greta', 'f', [2, 2], { kind: 'besideObject', object: 'tv' }, { kind: 'leftOfObject', object: 'window', where: 'ownRoom' }),
      person('david', 'm', [0, 1], { kind: 'victim' }, { kind: 'notInRoom', room: 'room-b' }),
      person('bruno', 'm', [1, 0], { kind: 'below', person: 'david' }, { kind: 'leftOf', person: 'david' }),
    ],
  };

  test('before the rule: unique, but beyond the ladder', () => {
    const model = extendedModel(CASE);
    expect(countSolutions(model).count).toBe(1);
    expect(runWith(model, WITHOUT)).toBe('stuck');
  });

  test('after it: graded hard, the section-3 step in the proof, in both languages', () => {
    const { model, proof } = proves(CASE, 3, ['room-company']);
    const step = proof.steps.find((s) => s.rule === 'room-company')!;
    expect(step.tier).toBe(3);
    expect(step.removed).toEqual([{ person: 3, cells: [cellAt(1, 1)] }]);
    expect(step.text.en).toBe('david: “clue 0 of david” So david needs company in room room-a. Were david on r2c2, every cell left there for bruno would share its row or column: nobody could join, so david is not there.');
    expect(step.text.de).toBe('david: „Hinweis 0 von david“ david braucht also Gesellschaft im Raum room-a. Stünde david auf R2/S2, teilte jedes Feld, das bruno dort noch bleibt, mit ihm Reihe oder Spalte: Niemand könnte dazukommen, also steht david dort nicht.');
    expect(proveCase(model, { maxTier: 2 }).status).toBe('stuck');
  });

  // The same argument on a case the club's sheet can say (its clue kinds and objects only): the
  // ladder of such cases stays the sheet's (prove.ts SHEET_RULES), so generated sheet cases keep
  // their bytes, levels, scores and minimality; the full ladder would grade it.
  const SHEET_CASE = {
    plan: ['abbbb', 'abbbb', 'ccddb', 'ccddb', 'eeddb'],
    objects: ['oI..I', 'TPIS.', 'oTPct', 'o..T.', '.TtP.'],
    people: [
      { id: 'helena', gender: 'f' as const, clues: [{ kind: 'besideObject' as const, object: 'table' as const }], at: [2, 0] as [number, number] },
      { id: 'greta', gender: 'f' as const, clues: [{ kind: 'column' as const, column: 3 }, { kind: 'notOnObject' as const, object: 'chair' as const }], at: [0, 3] as [number, number] },
      { id: 'oliver', gender: 'm' as const, clues: [], at: [4, 2] as [number, number] },
      { id: 'david', gender: 'm' as const, clues: [{ kind: 'victim' as const }], at: [1, 4] as [number, number] },
      { id: 'bruno', gender: 'm' as const, clues: [{ kind: 'column' as const, column: 1 }], at: [3, 1] as [number, number] },
    ],
  };

  test('a sheet case keeps the sheet ladder: stuck there, solved by the full one', () => {
    const model = handModel(SHEET_CASE);
    expect(countSolutions(model).count).toBe(1);
    expect(compileBoard(model).beyondSheet).toBe(false);
    expect(proveCase(model).status).toBe('stuck');
    expect(runWith(model, SHEET_RULES)).toBe('stuck');
    expect(runWith(model, RULES)).toBe('solved');
  });

  test('tiers and costs: every new rule after the older ones of its tier, costs ordered by tier', () => {
    const ids = RULES.map((r) => r.id);
    for (const [rule, tier, after] of [['only-on-object', 1, 'line-single'], ['person-order', 2, 'one-cell-line'], ['empty-rooms', 3, 'row-column-sets']] as const) {
      expect(RULES.find((r) => r.id === rule)!.tier).toBe(tier);
      expect(ids.indexOf(rule)).toBe(ids.indexOf(after) + 1);
    }
    for (const a of RULES) for (const b of RULES) if (a.tier < b.tier) expect(a.cost, `${a.id} < ${b.id}`).toBeLessThan(b.cost);
    expect(SHEET_RULES.map((r) => r.id)).toEqual(ids.filter((id) => id !== 'room-company' && id !== 'room-demand'));
  });
});

describe('the final check (prove.ts placementHolds)', () => {
  // Everyone pinned by a row and a column clue; only the clue filter and naked singles run, so the
  // final check alone must judge the clues about others and the facts. Rooms: a top half, b bottom half.
  const PLAN = ['aaaa', 'aaaa', 'bbbb', 'bbbb'];
  const AT: Array<[number, number]> = [[0, 0], [1, 1], [2, 2], [3, 3]];
  const pinned = (extra: ClueFact[][], facts: CaseFact[] = []) =>
    extendedModel({
      plan: PLAN,
      objects: { '00': ['gift'], '22': ['gift'], '33': ['window'] },
      people: AT.map((at, p) => person(`p${p}`, p % 2 ? 'm' : 'f', at, ...(p === 0 ? [{ kind: 'victim' } as ClueFact] : []), { kind: 'row', row: at[0] }, { kind: 'column', column: at[1] }, ...(extra[p] ?? []))),
      facts,
    });
  const run = (model: CaseModel) => {
    const board = compileBoard(model);
    return new Prover(board, [clueFilter, nakedSingle]).run(compileClues(board, model), 3);
  };

  test('true clues and facts: solved', () => {
    expect(run(pinned([[{ kind: 'sameRoomAs', person: 'p1' }, { kind: 'above', person: 'p2' }, { kind: 'leftOf', person: 'p1' }, { kind: 'onlyWith', person: 'p1' }], [{ kind: 'notSameRoomAs', person: 'p2' }], [{ kind: 'below', person: 'p1' }, { kind: 'rightOf', person: 'p0' }]], [{ kind: 'peopleOnObject', object: 'gift', compare: 'exactly', count: 2 }, { kind: 'emptyRooms', count: 0 }]))).toBe('solved');
  });

  const FALSE: Array<[string, ClueFact[][], CaseFact[]]> = [
    ['sameRoomAs', [[{ kind: 'sameRoomAs', person: 'p2' }]], []],
    ['notSameRoomAs', [[{ kind: 'notSameRoomAs', person: 'p1' }]], []],
    ['onlyWith', [[], [], [{ kind: 'onlyWith', person: 'p0' }]], []],
    ['above', [[], [{ kind: 'above', person: 'p0' }]], []],
    ['below', [[{ kind: 'below', person: 'p3' }]], []],
    ['leftOf', [[], [{ kind: 'leftOf', person: 'p0' }]], []],
    ['rightOf', [[{ kind: 'rightOf', person: 'p2' }]], []],
    ['onlyOnObject', [[{ kind: 'onlyOnObject', object: 'gift' }]], []],
    ['peopleOnObject exactly', [], [{ kind: 'peopleOnObject', object: 'gift', compare: 'exactly', count: 1 }]],
    ['peopleOnObject at most', [], [{ kind: 'peopleOnObject', object: 'gift', compare: 'atMost', count: 1 }]],
    ['emptyRooms', [], [{ kind: 'emptyRooms', count: 1 }]],
  ];
  test.each(FALSE)('a false %s: a contradiction, never "solved"', (_name, extra, facts) => {
    expect(run(pinned(extra, facts))).toBe('contradiction');
  });
});

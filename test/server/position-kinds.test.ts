/**
 * The server answers checks and hints through a kind's position rules, for any kind: a kind made
 * here (no server code names it) is validated against its own body schema, its refusals become
 * 400 and 409, and an answer that holds a field its declared schema does not is never sent (a 500
 * with nothing of it), so a kind's bug cannot hand out a solution.
 */
import { Type } from '@sinclair/typebox';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PositionError } from '../../src/core/errors.ts';
import type { PuzzleKind } from '../../src/kinds/kind.ts';
import { registerKind } from '../../src/kinds/registry.ts';
import { buildServer } from '../../src/server/app.ts';
import { openDatabase } from '../../src/server/db.ts';
import { SqlitePuzzleStore } from '../../src/server/store.ts';

interface LockFile {
  format: 'test/lock';
  version: 1;
  id: string;
  public: { wheels: number };
  secret?: { code: number[] };
}

const notGenerated = () => {
  throw new Error('not generated in this test');
};

/** A combination lock: the player sends digits; `leak` makes the kind's check answer too much. */
const lockKind: PuzzleKind<{ [key: string]: number }, LockFile> = {
  name: 'lock',
  format: 'test/lock',
  describe: 'a lock',
  schema: Type.Object({ format: Type.Literal('test/lock'), version: Type.Literal(1), id: Type.String(), public: Type.Object({ wheels: Type.Integer() }), secret: Type.Optional(Type.Object({ code: Type.Array(Type.Integer()) })) }),
  options: {},
  parseRequest: notGenerated,
  paramsKey: notGenerated,
  puzzleSeed: notGenerated,
  generate: notGenerated,
  verify: () => ({ problems: [], summary: 'a lock' }),
  playerForm: ({ secret: _secret, ...player }) => player,
  fingerprint: (file) => file.id,
  seedOf: () => undefined,
  levels: ['easy'],
  facts: (file) => ({ size: file.public.wheels, level: 1, levelName: 'easy', technique: null }),
  position: {
    schema: Type.Object({ digits: Type.Array(Type.Integer({ minimum: 0, maximum: 9 }), { maxItems: 8 }), leak: Type.Optional(Type.Boolean()) }, { additionalProperties: false, title: 'LockPosition' }),
    checkSchema: Type.Object({ open: Type.Boolean() }, { additionalProperties: false, title: 'LockCheck' }),
    check(file, position: { digits: number[]; leak?: boolean }) {
      if (!file.secret) throw new PositionError('conflict', `puzzle ${file.id} has no solution on this server`);
      if (position.digits.length !== file.public.wheels) throw new PositionError('unreadable', `body/digits: ${position.digits.length} digits, the lock has ${file.public.wheels} wheels`);
      const open = position.digits.join() === file.secret.code.join();
      return position.leak ? { open, code: file.secret.code } : { open };
    },
  },
};

const LOCK: LockFile = { format: 'test/lock', version: 1, id: 'lock-1', public: { wheels: 3 }, secret: { code: [4, 7, 1] } };

describe('a kind served through its position rules alone', () => {
  registerKind(lockKind);
  const db = openDatabase(':memory:');
  const store = new SqlitePuzzleStore(db);
  const app = buildServer({ db, store, heavyWork: { run: notGenerated, close: async () => undefined } });
  const post = (path: string, body: unknown) => app.inject({ method: 'POST', url: path, payload: body as object });

  beforeAll(async () => {
    await store.putPuzzle({ id: LOCK.id, kind: 'lock', format: LOCK.format, size: 3, level: 1, technique: null, summary: 'a lock', availableFrom: null, file: LOCK, player: lockKind.playerForm(LOCK) });
  });
  afterAll(async () => {
    await app.close();
    db.close();
  });

  test('its check answers, in its declared shape', async () => {
    const right = await post('/puzzles/lock-1/check', { digits: [4, 7, 1] });
    expect([right.statusCode, right.json()]).toEqual([200, { open: true }]);
    expect((await post('/puzzles/lock-1/check', { digits: [4, 7, 2] })).json()).toEqual({ open: false });
  });

  test('its body schema and its refusals: 400, one line', async () => {
    const bad = await post('/puzzles/lock-1/check', { digits: [10, 0, 0] });
    expect([bad.statusCode, bad.json()]).toEqual([400, { error: 'body/digits/0 must be <= 9' }]);
    const short = await post('/puzzles/lock-1/check', { digits: [1] });
    expect([short.statusCode, short.json()]).toEqual([400, { error: 'body/digits: 1 digits, the lock has 3 wheels' }]);
    // another kind's field is named as such
    const board = await post('/puzzles/lock-1/check', { digits: [1, 2, 3], cells: [] });
    expect([board.statusCode, board.json()]).toEqual([400, { error: 'body: unknown field "cells" (a lock position has "digits", "leak")' }]);
    const hint = await post('/puzzles/lock-1/hint', { digits: [1, 2, 3] });
    expect([hint.statusCode, hint.json()]).toEqual([400, { error: 'puzzle lock-1: hints for test/lock are not supported' }]);
  });

  test('an answer with a field its schema does not declare is never sent', async () => {
    const leaked = await post('/puzzles/lock-1/check', { digits: [4, 7, 1], leak: true });
    expect(leaked.statusCode).toBe(500);
    expect(leaked.json()).toEqual({ error: 'internal error' });
    expect(leaked.body).not.toMatch(/4.*7.*1|code/);
  });

  test('listed with its facts, by its level names; its body documented beside the built-in kinds', async () => {
    const listed = await app.inject({ method: 'GET', url: '/puzzles?kind=lock&grade=easy' });
    expect(listed.json().puzzles).toEqual([{ id: 'lock-1', kind: 'lock', format: 'test/lock', size: 3, level: 1, technique: null, summary: 'a lock' }]);
    const api = JSON.stringify((await app.inject({ method: 'GET', url: '/openapi.json' })).json());
    for (const title of ['LockPosition', 'LockCheck', 'NumbridgePosition', 'MurderHint']) expect(api).toContain(title);
  });
});

/**
 * Records round-trip through the referee, and a tampered record is caught at the right entry
 * with the right reason.
 */
import { describe, expect, test } from 'vitest';
import { dealNumbridge } from '../../../src/games/numbridge/deal.ts';
import { readNumbridgeDeal, readNumbridgeRecord } from '../../../src/games/numbridge/files.ts';
import { entryOf, recordFile } from '../../../src/games/numbridge/record.ts';
import { applyMove, legalMoves } from '../../../src/games/numbridge/referee.ts';
import { replayJson, replayNumbridge, type ContradictionKind } from '../../../src/games/numbridge/replay.ts';
import type { Variant } from '../../../src/games/numbridge/room.ts';
import type { NumbridgeRecordFile, RecordEntry } from '../../../src/games/numbridge/schema.ts';
import { selfplayGame } from '../../../src/games/numbridge/selfplay.ts';
import { newGame } from '../../../src/games/numbridge/state.ts';
import { withTopRowsInBag } from './fixture.ts';

const replay = (record: NumbridgeRecordFile) => {
  const { file, setup, dealFile } = readNumbridgeRecord(JSON.parse(JSON.stringify(record)), { source: 'record.json' });
  return replayNumbridge(file, setup, dealFile);
};

/**
 * A 4×4 game with skips: player 2 takes every given while player 1 lays tiles, so player 1's
 * hand runs dry first and it has nothing to play (in Domains: a whole move pair).
 */
function skippingGame(variant: Variant): NumbridgeRecordFile {
  const deal = dealNumbridge({ variant, board: { size: 4, givens: 6 } }, 'skips-0');
  let s = newGame(readNumbridgeDeal(deal, { source: 'deal' }).setup);
  const entries: RecordEntry[] = [];
  while (!s.result) {
    const legal = legalMoves(s);
    const take = s.toMove === 2 ? legal.find((m) => m.kind === 'take') : undefined;
    const right = legal.filter((m) => m.kind === 'place' && s.solution[m.cell] === m.tile);
    const move = take ?? right.find((m) => !applyMove(s, m).state.result) ?? right[0] ?? legal[0]!;
    const r = applyMove(s, move, 4000);
    entries.push(entryOf(r.outcome, 4));
    s = r.state;
  }
  return recordFile(deal, entries, s.result);
}

const SELFPLAY = [
  { variants: ['bridge'], bots: ['logic', 'random'] },
  { variants: ['blitz'], bots: ['random', 'logic'] },
  { variants: ['domains'], bots: ['logic', 'logic'] },
  { variants: ['blitz', 'domains'], bots: ['random', 'random'] },
] as const;

describe('round trips', () => {
  test.each(SELFPLAY.map((run, i) => [`${run.variants.join('+')}, ${run.bots.join(' against ')}`, run, i] as const))('self-play %s: the replay finds no contradiction and the same result', (_name, run, i) => {
    for (let k = 1; k <= 3; k++) {
      const { record, final } = selfplayGame({ ...run, errorRate: 0.15, timeoutRate: 0.03 }, `rt-${i}`, k);
      const r = replay(record);
      expect(r.contradictions).toEqual([]);
      expect(r.status).toBe('over');
      expect(r.result).toEqual(final.result);
      expect(r.result).toEqual(record.public.result);
      expect(r.mistakes).toEqual(final.mistakes);
      expect(r.moves.every((m) => m.ok)).toBe(true);
      expect(r.final.owner).toEqual(final.owner);
    }
  });

  test.each<Variant>(['bridge', 'domains'])('%s: a game with automatic skips replays cleanly', (variant) => {
    const record = skippingGame(variant);
    const skips = record.public.moves.filter((m) => m.kind === 'skip');
    expect(skips.length).toBeGreaterThan(0);
    const r = replay(record);
    expect(r.contradictions).toEqual([]);
    expect(r.result).toEqual(record.public.result);
    if (variant === 'domains') expect(r.moves.find((m) => m.kind === 'skip')!.says).toBe('has nothing to play: the move pair is skipped');
  });

  test('the same run of self-play writes the same records', () => {
    const a = selfplayGame({ variants: ['bridge'], bots: ['logic', 'random'], errorRate: 0.1 }, 'same', 2).record;
    const b = selfplayGame({ variants: ['bridge'], bots: ['logic', 'random'], errorRate: 0.1 }, 'same', 2).record;
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
  });
});

describe('resignation, draws, adjournment', () => {
  const base = () => selfplayGame({ variants: ['bridge'], bots: ['logic', 'random'] }, 'end', 1).record;

  test('a resignation mid-game ends it; entries after it are after the end', () => {
    const record = base();
    const moves = record.public.moves.slice(0, 4);
    const resigned = { ...record, public: { ...record.public, moves: [...moves, { player: 2, kind: 'resign' } as RecordEntry], result: { winner: 1 as const, reason: 'resignation' as const } } };
    expect(replay(resigned)).toMatchObject({ contradictions: [], status: 'over', result: { winner: 1, reason: 'resignation' } });
    const more = { ...resigned, public: { ...resigned.public, moves: [...resigned.public.moves, record.public.moves[4]!] } };
    expect(replay(more).contradictions).toEqual([{ entry: 5, kind: 'after-end', detail: 'the game was already over (player 1 wins: the other player resigned)' }]);
  });

  test('a draw by agreement; an adjourned game has no result yet', () => {
    const record = base();
    const moves = record.public.moves.slice(0, 3);
    const draw = { ...record, public: { ...record.public, moves: [...moves, { kind: 'draw' } as RecordEntry], result: { winner: null, reason: 'agreement' as const } } };
    expect(replay(draw)).toMatchObject({ contradictions: [], result: { winner: null, reason: 'agreement' } });
    const { result: _r, ...open } = record.public;
    const adjourned = { ...record, public: { ...open, moves: [...moves, { kind: 'adjourn' } as RecordEntry] } };
    expect(replay(adjourned)).toMatchObject({ contradictions: [], status: 'adjourned', result: null });
    const resumed = { ...record, public: { ...open, moves: [...moves, { kind: 'adjourn' } as RecordEntry, ...record.public.moves.slice(3)] } };
    expect(replay(resumed)).toMatchObject({ contradictions: [], status: 'over', result: record.public.result });
  });
});

type Tamper = (moves: RecordEntry[], record: NumbridgeRecordFile) => number;
const first = (moves: RecordEntry[], kind: RecordEntry['kind'], extra: (m: RecordEntry) => boolean = () => true) => {
  const i = moves.findIndex((m) => m.kind === kind && extra(m));
  if (i < 0) throw new Error(`no ${kind} entry to tamper with`);
  return i;
};

describe('tampered records are caught at the right entry, with the right reason', () => {
  // one record per game kind that has every kind of entry the tampering needs
  const blitz = selfplayGame({ variants: ['blitz'], bots: ['random', 'logic'], errorRate: 0.2, timeoutRate: 0.1 }, 'tamper', 3).record;
  const bridge = selfplayGame({ variants: ['bridge'], bots: ['random', 'random'], timeoutRate: 0.1 }, 'tamper', 1).record;
  const skips = skippingGame('bridge');

  test.each<[string, NumbridgeRecordFile, Tamper, ContradictionKind]>([
    ['a wrong tile recorded as right', bridge, (m) => {
      const i = first(m, 'place', (e) => e.kind === 'place' && e.result === 'wrong');
      (m[i] as { result: string }).result = 'right';
      return i;
    }, 'wrong-result'],
    ['a tile the player did not hold', bridge, (m) => {
      const i = first(m, 'place', (e) => e.kind === 'place' && e.result === 'right');
      const e = m[i] as { tile: number };
      e.tile = (e.tile % 9) + 1;
      return i;
    }, 'not-in-hand'],
    ['a move by the player not to move', bridge, (m) => {
      const e = m[4] as { player: 1 | 2 };
      e.player = e.player === 1 ? 2 : 1;
      return 4;
    }, 'out-of-turn'],
    ['a tile on a cell that is not empty', bridge, (m, r) => {
      const i = first(m, 'place', (e) => e.kind === 'place' && e.result === 'right');
      const n = r.public.deal.public.size;
      const given = r.public.deal.public.givens.flat().findIndex((d) => d !== 0);
      (m[i] as { cell: [number, number] }).cell = [Math.floor(given / n), given % n];
      return i;
    }, 'cell-not-empty'],
    ['a take of a cell that is no given', blitz, (m, r) => {
      const i = first(m, 'take');
      const empty = r.public.deal.public.givens.flat().indexOf(0);
      (m[i] as { cell: [number, number] }).cell = [Math.floor(empty / 6), empty % 6];
      return i;
    }, 'not-a-free-given'],
    ['a two-tile price paid with one tile', blitz, (m) => {
      const i = first(m, 'take', (e) => e.kind === 'take' && e.tiles.length === 2);
      (m[i] as { tiles: number[] }).tiles.pop();
      return i;
    }, 'wrong-price'],
    ['the second price tile is the game\'s choice, not the record\'s', blitz, (m) => {
      const i = first(m, 'take', (e) => e.kind === 'take' && e.tiles.length === 2);
      const t = (m[i] as { tiles: number[] }).tiles;
      t[1] = (t[1]! % 6) + 1;
      return i;
    }, 'wrong-tiles'],
    ['drawn tiles the bag did not give', bridge, (m) => {
      const i = first(m, 'place', (e) => e.kind === 'place' && (e.drawn?.length ?? 0) > 0);
      const d = (m[i] as { drawn: number[] }).drawn;
      d[0] = (d[0]! % 9) + 1;
      return i;
    }, 'wrong-draw'],
    ['a clock that does not add up', bridge, (m) => {
      (m[2] as { clock: { left: number } }).clock.left += 1000;
      return 2;
    }, 'wrong-clock'],
    ['a move longer than the turn limit', bridge, (m) => {
      const e = m[first(m, 'place')] as { clock: { used: number } };
      e.clock.used = 61_000;
      return first(m, 'place');
    }, 'over-turn-limit'],
    ['a timeout before the limit ran out', bridge, (m) => {
      const i = first(m, 'timeout');
      (m[i] as { clock: { used: number } }).clock.used = 59_000;
      return i;
    }, 'early-timeout'],
    ['a skip while holding tiles', bridge, (m) => {
      m[3] = { player: (m[3] as { player: 1 | 2 }).player, kind: 'skip', result: 'skipped' };
      return 3;
    }, 'not-stuck'],
    ['a swap with an empty bag', skips, (m) => {
      const i = m.findIndex((e, k) => k > 10 && e.kind === 'place' && e.player === 2);
      m[i] = { player: 2, kind: 'swap', tiles: [], result: 'swapped', clock: (m[i] as { clock: { used: number; left: number } }).clock };
      return i;
    }, 'empty-bag'],
    ['a skip left out of the record', skips, (m) => {
      const i = first(m, 'skip');
      m.splice(i, 1);
      return i;
    }, 'missing-skip'],
  ])('%s', (_name, record, tamper, kind) => {
    const copy = structuredClone(record);
    const at = tamper(copy.public.moves, copy);
    const r = replay(copy);
    expect(r.contradictions.length).toBeGreaterThan(0);
    expect(r.contradictions[0]).toMatchObject({ entry: at, kind });
    expect(r.moves.find((m) => m.entry === at)?.ok ?? true).toBe(kind === 'missing-skip');
  });

  test('a move both over the turn limit and illegal: both named, and the rest of the record still replayed', () => {
    const copy = structuredClone(bridge);
    const i = first(copy.public.moves, 'place', (e) => e.kind === 'place' && e.result === 'right');
    const e = copy.public.moves[i] as { tile: number; clock: { used: number } };
    e.tile = (e.tile % 9) + 1; // a tile the player does not hold
    e.clock.used = 61_000;
    const r = replay(copy);
    expect(r.contradictions.filter((c) => c.entry === i).map((c) => c.kind)).toEqual(['over-turn-limit', 'not-in-hand']);
    expect(r.moves.find((m) => m.entry === i)?.ok).toBe(false);
    expect(r.moves.length).toBe(replay(bridge).moves.length);
  });

  test('a claimed result the referee does not reach', () => {
    const copy = structuredClone(bridge);
    copy.public.result = { winner: copy.public.result!.winner === 1 ? 2 : 1, reason: 'connection' };
    expect(replay(copy).contradictions).toEqual([{ entry: null, kind: 'wrong-outcome', detail: expect.stringMatching(/^the record says player \d wins \(joins its sides\); the referee says player \d wins/) }]);
    const cut = structuredClone(bridge);
    cut.public.moves.splice(5);
    expect(replay(cut).contradictions).toEqual([{ entry: null, kind: 'wrong-outcome', detail: expect.stringMatching(/the referee says the game is not over$/) }]);
    expect(replay(cut).status).toBe('unfinished');
  });

  test('a deal whose bag does not match its empty cells', () => {
    const copy = structuredClone(bridge);
    const bag = copy.public.deal.secret.bag;
    bag[0] = bag[0] === 1 ? 2 : 1;
    expect(replay(copy).contradictions[0]).toMatchObject({ entry: null, kind: 'deal' });
  });

  test('a deal whose board has two solutions ("Das Spielfeld hat genau eine Lösung")', () => {
    const copy = withTopRowsInBag(blitz);
    expect(replay(copy).contradictions.filter((c) => c.kind === 'deal').map((c) => c.detail)).toEqual(['the board has more than one solution: a tile can fit the board and still be judged wrong']);
    expect(replay(blitz).contradictions).toEqual([]);
  });

  test('unreadable records: an InputError pointing into the record', () => {
    const short = structuredClone(blitz);
    short.public.deal.public.givens[2]!.pop();
    expect(() => readNumbridgeRecord(short, { source: 'r.json' })).toThrow('r.json /public/deal/public/givens/2: has 5 entries, expected 6');
    const off = structuredClone(blitz);
    (off.public.moves[0] as { cell: [number, number] }).cell = [6, 0];
    expect(() => readNumbridgeRecord(off, { source: 'r.json' })).toThrow('r.json /public/moves/0/cell: [6, 0] is outside the 6×6 board');
  });

  test('a player name with a line break is refused (it would forge lines of the replay text)', () => {
    const copy = structuredClone(blitz);
    copy.public.players = { '1': 'Ann', '2': 'Bob\n   9  P1     fake line' };
    expect(() => readNumbridgeRecord(copy, { source: 'r.json' })).toThrow(/^r\.json \/public\/players\/2: must match pattern/);
    copy.public.players['2'] = 'Bob Ünal';
    expect(() => readNumbridgeRecord(copy, { source: 'r.json' })).not.toThrow();
  });

  test.each<[string, (moves: Record<string, unknown>[]) => void, string]>([
    ['an unknown move kind', (m) => (m[1]!.kind = 'teleport'), '/public/moves/1/kind: unknown move kind "teleport": expected place, take, swap, skip, timeout, resign, draw or adjourn'],
    ['a kind that is a property of every object', (m) => (m[1]!.kind = 'constructor'), '/public/moves/1/kind: unknown move kind "constructor": expected place, take, swap, skip, timeout, resign, draw or adjourn'],
    ['a take without its tiles (not "must be place")', (m) => (m[1] = { player: 2, kind: 'take', cell: [0, 0], result: 'taken', clock: { used: 1, left: 1 } }), '/public/moves/1: missing field "tiles"'],
    ['a swap naming a cell', (m) => (m[1] = { player: 2, kind: 'swap', cell: [0, 0], tiles: [1], result: 'swapped', clock: { used: 1, left: 1 } }), '/public/moves/1: unknown field "cell"'],
    ['a skip with a bad result', (m) => (m[1] = { player: 2, kind: 'skip', result: 'passed' }), '/public/moves/1/result: must be "skipped"'],
    ['a place with tile 0', (m) => (m[1]!.tile = 0), '/public/moves/1/tile: must be ≥ 1'],
  ])('a bad entry is named against its own kind: %s', (_name, tamper, message) => {
    const copy = structuredClone(blitz) as unknown as { public: { moves: Record<string, unknown>[] } };
    copy.public.moves[1] = { ...copy.public.moves[1]!, kind: 'place', player: 2, cell: [0, 0], tile: 1, result: 'right', clock: { used: 1, left: 1 } };
    tamper(copy.public.moves);
    expect(() => readNumbridgeRecord(copy, { source: 'r.json' })).toThrow(`r.json ${message}`);
    expect(() => readNumbridgeRecord(copy, { source: 'r.json', pointer: '/4' })).toThrow(`r.json /4${message}`); // a record inside an array
  });

  test('the --json report has one row per entry and the counters', () => {
    const json = replayJson(replay(blitz), blitz.id);
    expect(json.record).toBe(blitz.id);
    expect(json.moves).toHaveLength(blitz.public.moves.length);
    expect(json.result).toEqual(blitz.public.result);
    expect(json.contradictions).toEqual([]);
    expect(json.mistakes['1'] + json.mistakes['2']).toBeGreaterThan(0);
  });
});

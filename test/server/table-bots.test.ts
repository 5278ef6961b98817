/**
 * Bots play Kosmos SuDoku and Domino-SUDOKU tables through the real HTTP API (table-bots.ts): a
 * few dozen games of each here, kept lean for CI; bench/table-bots.ts runs 200 of each. Two to
 * four seats (Kosmos also one), random and greedy players, illegal moves (all refused, nothing
 * stored), timeouts (each a lapse the server writes), retries (the same bytes). Every answer a
 * seat gets is scanned — its game's schema exactly, no secret key, never the deal's seed — and
 * every record replays clean with the table's scores and winners.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botServer, noFigures, playTable, type BotServer } from './table-bots.ts';

let server: BotServer;
beforeAll(async () => {
  server = await botServer();
});
afterAll(async () => server?.close());

describe('bots at tables over HTTP', () => {
  for (const game of ['kosmos', 'domino'] as const) {
    it(`play ${game} tables to their end: illegal moves refused, lapses written, every record replays clean`, async () => {
      const figures = noFigures();
      const seats = game === 'kosmos' ? [1, 2, 3, 4] : [2, 3, 4];
      const games = 12;
      for (let g = 0; g < games; g++) await playTable(server, game, seats[g % seats.length]!, `ci-${g}`, figures);
      expect(figures.problems).toEqual([]);
      expect(figures.games).toBe(games);
      expect(figures.replaysClean).toBe(games);
      expect(figures.illegalRefused).toBe(figures.illegalSent);
      expect(figures.illegalSent).toBeGreaterThan(0);
      expect(figures.timeouts).toBeGreaterThan(0);
      expect(figures.lapses).toBeGreaterThan(0);
      expect(figures.retries).toBeGreaterThan(0);
      if (game === 'kosmos') expect(figures.penalised).toBeGreaterThan(0);
    }, 240_000);
  }
});

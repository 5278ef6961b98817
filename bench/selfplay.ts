/**
 * Numbridge referee benchmark (issue 8), for servers sizing their load tests: deals per second,
 * referee moves per second (legalMoves + applyMove in random legal play), self-play games per
 * second per variant with the default bots (deal included), replays per second, record sizes.
 */
import { dealNumbridge } from '../src/games/numbridge/deal.ts';
import { readNumbridgeDeal, readNumbridgeRecord } from '../src/games/numbridge/files.ts';
import { applyMove, legalMoves } from '../src/games/numbridge/referee.ts';
import { replayNumbridge } from '../src/games/numbridge/replay.ts';
import type { Variant } from '../src/games/numbridge/room.ts';
import { selfplayGame } from '../src/games/numbridge/selfplay.ts';
import { newGame } from '../src/games/numbridge/state.ts';
import { loadavg } from 'node:os';
import { Rng } from '../src/core/rng.ts';
import { median, table } from './results.ts';

const VARIANTS: Variant[] = ['bridge', 'blitz', 'domains'];
const GAMES = 60;
const REPEATS = 5;

/** Median over REPEATS of the rate `count / seconds` of `work`. */
function rate(work: (repeat: number) => number): number {
  const rates: number[] = [];
  for (let r = 0; r < REPEATS; r++) {
    const t0 = performance.now();
    const count = work(r);
    rates.push(count / ((performance.now() - t0) / 1000));
  }
  return median(rates);
}

export async function run(): Promise<string> {
  const load = loadavg()[0]!;
  const rows: Array<Array<string | number>> = [];
  // warm-up: let the JIT see every variant before anything is timed
  for (const variant of VARIANTS) for (let k = 0; k < 20; k++) selfplayGame({ variants: [variant], bots: ['logic', 'random'] }, 'bench-warm', k + 1);
  for (const variant of VARIANTS) {
    const deals = rate((r) => {
      for (let k = 0; k < GAMES; k++) dealNumbridge({ variant }, `bench-deal-${variant}-${r}-${k}`);
      return GAMES;
    });
    // the referee alone: uniformly random legal moves until the game ends (many mistakes: long games)
    const setups = Array.from({ length: 10 }, (_, k) => readNumbridgeDeal(dealNumbridge({ variant }, `bench-ref-${k}`), { source: 'bench' }).setup);
    const moves = rate((r) => {
      let count = 0;
      setups.forEach((setup, k) => {
        const rng = new Rng('bench-referee', r, k);
        let s = newGame(setup);
        while (!s.result && count < 1e7) {
          const legal = legalMoves(s);
          s = applyMove(s, legal[rng.int(legal.length)]!).state;
          count++;
        }
      });
      return count;
    });
    const played = Array.from({ length: GAMES }, (_, k) => selfplayGame({ variants: [variant], bots: ['logic', 'random'], errorRate: 0.1, timeoutRate: 0.01 }, 'bench', k + 1));
    const games = rate((r) => {
      for (let k = 0; k < GAMES; k++) selfplayGame({ variants: [variant], bots: ['logic', 'random'], errorRate: 0.1, timeoutRate: 0.01 }, `bench-${r}`, k + 1);
      return GAMES;
    });
    const texts = played.map((p) => JSON.stringify(p.record));
    const replays = rate(() => {
      for (const text of texts) {
        const { file, setup, dealFile } = readNumbridgeRecord(JSON.parse(text), { source: 'bench' });
        if (replayNumbridge(file, setup, dealFile).contradictions.length > 0) throw new Error('a self-play record contradicts the rules');
      }
      return texts.length;
    });
    rows.push([
      variant,
      deals.toFixed(0),
      Math.round(moves).toLocaleString('en'),
      games.toFixed(1),
      median(played.map((p) => p.final.ply)),
      replays.toFixed(0),
      `${(median(texts.map((t) => t.length)) / 1024).toFixed(1)} KiB`,
    ]);
  }
  return [
    '### Numbridge referee and self-play',
    '',
    `Default boards (9×9 with 30 givens; Blitz 6×6 with 14), one thread. Rates are medians of ${REPEATS} runs; self-play: ${GAMES} games of the logic bot (error rate 0.1) against the random bot, deal included; the referee row plays uniformly random legal moves (mostly wrong tiles, so long games) on 10 deals; replay re-runs the self-play records from their JSON text.`,
    '',
    `Load average when the run started: ${load.toFixed(1)} (on a shared machine the rates move by up to 2× between runs).`,
    '',
    table(['variant', 'deals/s', 'referee moves/s', 'self-play games/s', 'moves/game (median)', 'replays/s', 'record (median)'], rows),
  ].join('\n');
}

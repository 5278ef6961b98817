/**
 * A game record in play order, whatever it was read from (the sheet's text layout, or a
 * `puzzlemill/domino-record` JSON file): who moved what, in turn, plus what the record claims at
 * the end (dominoes written off as unplaceable, each player's sum, the winner).
 *
 * The sheet's columns are interleaved round by round: turn t is seat t mod P's next move or pass.
 * A `( 0 )` entry takes no turn: it lists a domino left in hand when the game ended. A seat whose
 * column runs out while the game goes on has a missing turn (`entry: null`).
 */
import type { DominoId } from './dominoes.ts';
import type { At, Entry, Totals } from './notation.ts';
import type { RecordText, WinnerClaim } from './record-text.ts';

export type TurnEntry = Extract<Entry, { kind: 'place' | 'pass' }>;
export type UnplaceableEntry = Extract<Entry, { kind: 'unplaceable' }>;

export interface RecordedTurn {
  player: number;
  /** null: the record has no move for this seat although the game went on. */
  entry: TurnEntry | null;
  at?: At;
}

export interface GameRecord {
  players: string[];
  /** The dealt hands when the record states them; null: the hands are what each column shows. */
  hands: DominoId[][] | null;
  turns: RecordedTurn[];
  leftovers: Array<{ player: number; entry: UnplaceableEntry; at?: At }>;
  /** Each seat's closing sum as written, or null. */
  totals: Array<(Totals & { at?: At }) | null>;
  winnerClaims: WinnerClaim[];
}

/** Play order from the sheet's columns. */
export function recordFromText(text: RecordText): GameRecord {
  const players = text.players.length;
  const turnsOf = text.columns.map((c) => c.entries.filter((e): e is { entry: TurnEntry; at: At } => e.entry.kind !== 'unplaceable'));
  const rounds = Math.max(0, ...turnsOf.map((t) => t.length));
  const turns: RecordedTurn[] = [];
  for (let round = 0; round < rounds; round++) {
    for (let p = 0; p < players; p++) {
      const mine = turnsOf[p]![round];
      if (mine) {
        turns.push({ player: p, entry: mine.entry, at: mine.at });
        continue;
      }
      const gameWentOn = turnsOf.some((t, q) => (q > p && t.length > round) || t.length > round + 1);
      if (gameWentOn) turns.push({ player: p, entry: null });
    }
  }
  const leftovers: GameRecord['leftovers'] = [];
  text.columns.forEach((c, p) => {
    for (const e of c.entries) if (e.entry.kind === 'unplaceable') leftovers.push({ player: p, entry: e.entry, at: e.at });
  });
  return {
    players: text.players,
    hands: null,
    turns,
    leftovers,
    totals: text.columns.map((c) => c.totals),
    winnerClaims: text.winnerClaims,
  };
}

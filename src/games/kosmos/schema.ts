/**
 * The Kosmos SuDoku files, written once as TypeBox schemas (types derived below,
 * schemas/*.schema.json generated from here):
 *
 *   puzzlemill/kosmos-deal    the gold setup (public) and the face-down pile in draw order (secret)
 *   puzzlemill/kosmos-record  a game: the setup, the scoring variant and every turn in order
 *
 * Cells are [row, column], 0-based (docs/FORMATS.md).
 */
import { Type, type Static } from '@sinclair/typebox';
import { Cell9, Digit, envelope, Grid9, Index9, publicEnvelope, rootOptions } from '../schema-parts.ts';
import { KOSMOS_DEAL, KOSMOS_RECORD } from '../../core/formats.ts';

export const GoldTile = Type.Object(
  { row: Index9(), column: Index9(), digit: Digit() },
  { additionalProperties: false, description: 'a gold tile of the setup (0-based row and column)' },
);

export const Scoring = Type.Union([Type.Literal('standard'), Type.Literal('simplified')], {
  description: 'standard: same block plus the rest of row and column; simplified: whole row and column',
});

export const KosmosDealFile = envelope(
  KOSMOS_DEAL,
  'puzzlemill Kosmos SuDoku deal',
  'The setup of a Kosmos SuDoku game: nine gold tiles, one per row and column, proven completable to a full Sudoku, and the shuffled face-down pile of the other 72 tiles. The pile order is secret: it is the draw order (seat k draws pile[k] first, then tiles are drawn in order as players move).',
  Type.Object(
    {
      players: Type.Integer({ minimum: 1, maximum: 4, description: '1 = the solo variant' }),
      gold: Type.Array(GoldTile, { minItems: 9, maxItems: 9 }),
      pileSize: Type.Literal(72),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      pile: Type.Array(Digit(), { minItems: 72, maxItems: 72, description: 'draw order, eight of each digit' }),
      completion: Grid9(1, 'a full Sudoku that extends the gold setup: the proof that it is completable'),
      seed: Type.String(),
    },
    { additionalProperties: false },
  ),
);

const PlaceTurn = Type.Object(
  {
    player: Type.Integer({ minimum: 0, maximum: 3, description: 'seat, 0-based' }),
    tile: Digit('the drawn tile'),
    cell: Cell9(),
    lateNoticed: Type.Optional(Type.Boolean({ description: 'a rule break noticed only later: the tile stays (the sheet\'s rule)' })),
  },
  { additionalProperties: false },
);
const ClaimTurn = Type.Object(
  {
    player: Type.Integer({ minimum: 0, maximum: 3 }),
    tile: Digit('the drawn tile'),
    claim: Type.Literal('no-legal-cell'),
  },
  { additionalProperties: false },
);

export const KosmosRecordFile = publicEnvelope(
  KOSMOS_RECORD,
  'puzzlemill Kosmos SuDoku game record',
  'A Kosmos SuDoku game: the setup and every turn in order (a tile placed, or the claim that it fits nowhere).',
  Type.Object(
    {
      players: Type.Integer({ minimum: 1, maximum: 4 }),
      scoring: Scoring,
      gold: Type.Array(GoldTile, { minItems: 9, maxItems: 9 }),
      turns: Type.Array(Type.Union([PlaceTurn, ClaimTurn])),
    },
    { additionalProperties: false },
  ),
);

const Seat = (description = 'seat, 0-based') => Type.Integer({ minimum: 0, maximum: 3, description });

/** The `replay kosmos --json` output (a report, not a file kind: no envelope). */
export const KosmosReplayJson = Type.Object(
  {
    turns: Type.Array(
      Type.Object(
        {
          turn: Type.Integer({ minimum: 1 }),
          player: Seat(),
          tile: Digit('the tile played'),
          cell: Type.Union([Cell9(), Type.Null()], { description: 'null for a "no legal cell" claim' }),
          verdict: Type.Union(['placed', 'late-error', 'aside', 'refused', 'true-claim', 'false-claim', 'out-of-turn', 'after-end'].map((v) => Type.Literal(v))),
          points: Type.Integer({ minimum: 0 }),
          says: Type.String({ description: 'the verdict in one sentence' }),
        },
        { additionalProperties: false },
      ),
    ),
    scores: Type.Array(Type.Integer({ minimum: 0 }), { minItems: 1, maxItems: 4, description: 'per seat: 40 × lap counters + track position' }),
    winners: Type.Array(Seat(), { minItems: 1, maxItems: 4, description: 'the seats with the highest score (several on a tie)' }),
    problems: Type.Array(Type.String(), { description: 'where the record contradicts the rules; none: exit 0' }),
    completable: Type.Boolean({ description: 'whether the final board still extends to a full Sudoku (reported, not a rule)' }),
    over: Type.Union([
      Type.Object(
        { reason: Type.Union([Type.Literal('no-legal-cell'), Type.Literal('all-placed')]), by: Type.Union([Seat('the seat whose tile fit nowhere'), Type.Null()]) },
        { additionalProperties: false },
      ),
      Type.Null(),
    ], { description: 'null: the record ends while the game is still running' }),
  },
  rootOptions('kosmos-replay', 'puzzlemill Kosmos SuDoku replay report', 'What `puzzlemill replay kosmos --json` prints: the verdict on every turn, scores, winners, the record\'s problems, and whether the final board can still be completed.'),
);

export type KosmosDealFile = Static<typeof KosmosDealFile>;
export type KosmosRecordFile = Static<typeof KosmosRecordFile>;
export type GoldTile = Static<typeof GoldTile>;
export type KosmosReplayJson = Static<typeof KosmosReplayJson>;
export type Scoring = Static<typeof Scoring>;

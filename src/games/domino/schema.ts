/**
 * The Domino-SUDOKU files, each written once as a TypeBox schema (types derived below,
 * schemas/*.schema.json generated from here):
 *
 *   puzzlemill/domino-deal      the open hands of 2, 3 or 4 players (all 36 dominoes dealt)
 *   puzzlemill/domino-record    a game in play order: moves, passes, and what the players claimed
 *   puzzlemill/domino-position  a board, the dominoes still to place and the last one played
 *
 * Cells are [row, column], 0-based (docs/FORMATS.md); the sheet's (Feld, Platz) notation is for text.
 * A domino is [a, b]; in a move the order says which number lies on which cell.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Cell9, Digit, envelope, Grid9, publicEnvelope, rootOptions, Tuple } from '../schema-parts.ts';
import { DOMINO_DEAL, DOMINO_POSITION, DOMINO_RECORD } from '../../core/formats.ts';

const Pair = (description: string) => Tuple<[number, number]>([Digit(), Digit()], description);
const Name = Type.String({ minLength: 1, maxLength: 32, pattern: '^\\S+$', description: 'a player name as in the record header ("A" for "Spieler A")' });
const House = Type.String({ pattern: '^[RSF][1-9]$', description: 'R = row, S = column (Spalte), F = block (Feld), 1-based; blocks numbered like a telephone keypad' });

export const DominoDealFile = envelope(
  DOMINO_DEAL,
  'puzzlemill Domino-SUDOKU deal',
  'The hands of a Domino-SUDOKU game. Hands are open (every player sees them), so everything is public; seat 0 moves first.',
  Type.Object(
    {
      players: Type.Integer({ minimum: 2, maximum: 4 }),
      names: Type.Array(Name, { minItems: 2, maxItems: 4, description: 'seat order' }),
      hands: Type.Array(Type.Array(Pair('a domino [a, b], a < b'), { minItems: 9, maxItems: 18 }), { minItems: 2, maxItems: 4, description: 'per seat, 18 / 12 / 9 dominoes for 2 / 3 / 4 players' }),
    },
    { additionalProperties: false },
  ),
  Type.Object({ seed: Type.String() }, { additionalProperties: false }),
);

const PlaceMove = Type.Object(
  {
    player: Name,
    kind: Type.Literal('place'),
    domino: Pair('[first, second]: first lies on cells[0], second on cells[1]'),
    cells: Tuple<[[number, number], [number, number]]>([Cell9(), Cell9()], 'two orthogonally adjacent cells'),
    lateError: Type.Optional(Type.Boolean({ description: 'the sheet\'s **): a rule break noticed only after the next player moved' })),
    completions: Type.Optional(Type.Array(House, { description: 'houses the record says the move completed ("! S3 !")' })),
  },
  { additionalProperties: false },
);
const PassMove = Type.Object({ player: Name, kind: Type.Literal('pass') }, { additionalProperties: false });

export const DominoRecordFile = publicEnvelope(
  DOMINO_RECORD,
  'puzzlemill Domino-SUDOKU game record',
  'A game in play order, as a game server writes it; `puzzlemill replay domino` checks it against the rules.',
  Type.Object(
    {
      players: Type.Array(Name, { minItems: 2, maxItems: 4, description: 'seat order; seat 0 moves first' }),
      hands: Type.Optional(Type.Array(Type.Array(Pair('a dealt domino')), { minItems: 2, maxItems: 4, description: 'the dealt hands, when known' })),
      moves: Type.Array(Type.Union([PlaceMove, PassMove]), { description: 'every turn in order (placements that stayed, and passes)' }),
      leftovers: Type.Optional(Type.Array(Type.Object({ player: Name, domino: Pair('a domino written off as unplaceable') }, { additionalProperties: false }))),
      totals: Type.Optional(Type.Record(Type.String(), Type.Integer(), { description: 'claimed final totals by player name' })),
      winner: Type.Optional(Name),
    },
    { additionalProperties: false },
  ),
);

export const DominoPositionFile = publicEnvelope(
  DOMINO_POSITION,
  'puzzlemill Domino-SUDOKU position',
  'A position for `puzzlemill complete domino`: the board, the dominoes still to place and the domino played last.',
  Type.Object(
    {
      board: Grid9(0, '9×9 digits, 0 = empty'),
      remaining: Type.Array(Pair('a domino still to place'), { maxItems: 36 }),
      last: Type.Union([Pair('the domino played last (the DO rule starts from it)'), Type.Null()]),
    },
    { additionalProperties: false },
  ),
);

export type DominoDealFile = Static<typeof DominoDealFile>;
export type DominoRecordFile = Static<typeof DominoRecordFile>;
export type DominoPositionFile = Static<typeof DominoPositionFile>;

/** The `replay domino --json` output (the shape fixed by issue 6; no envelope: it is a report, not a file kind). */
export const DominoReplayJson = Type.Object(
  {
    moves: Type.Array(
      Type.Object(
        {
          player: Name,
          turn: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], { description: 'null for a "( 0 )" entry: a domino listed as left in hand at the end' }),
          notation: Type.String({ description: 'the move in the sheet\'s notation, canonical spelling' }),
          legal: Type.Boolean(),
          violations: Type.Array(Type.String({ description: 'sudoku, do-rule, not-adjacent, occupied, not-in-hand, out-of-turn, false-pass, placeable, missing-turn' })),
          completes: Type.Array(House),
          points: Type.Integer({ minimum: 0 }),
        },
        { additionalProperties: false },
      ),
    ),
    scores: Type.Record(Type.String(), Type.Integer(), { description: 'final total by player name' }),
    winner: Type.String({ description: 'the winner; on a tie the tied names joined by " & "' }),
    contradictions: Type.Array(
      Type.Object({ player: Type.String(), notation: Type.String(), kind: Type.String(), detail: Type.String() }, { additionalProperties: false }),
    ),
  },
  rootOptions(
    'domino-replay',
    'puzzlemill Domino-SUDOKU replay report',
    'What `puzzlemill replay domino --json` prints: the referee\'s verdict on every move, final scores, winner, and the record\'s contradictions with the rules.',
  ),
);

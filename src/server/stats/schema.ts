/**
 * The play statistics' HTTP shapes in TypeBox (validation, serialisation, /openapi.json), the
 * figures of figures.ts as they are sent.
 */
import { Type } from '@sinclair/typebox';
import { component } from '../openapi.ts';

/** The header a frontend sends its player id in: a random id it keeps per browser. */
export const PLAYER_HEADER = 'puzzlemill-player';
export const PLAYER_ID_PATTERN = '^[A-Za-z0-9_-]{16,128}$';

export const PlayerHeaders = Type.Object({
  [PLAYER_HEADER]: Type.Optional(
    Type.String({
      pattern: PLAYER_ID_PATTERN,
      description: 'a random id the frontend keeps per browser (e.g. a UUID), for play statistics; the server stores only a keyed hash of it. Leave it out (or send Sec-GPC: 1 / DNT: 1) and nothing is recorded',
    }),
  ),
});

const Nullable = <T extends ReturnType<typeof Type.Number>>(t: T) => Type.Union([t, Type.Null()]);

const Spread = Type.Object(
  {
    q1: Type.Number(),
    median: Type.Number(),
    q3: Type.Number(),
    low: Type.Number({ description: "Tukey's lower whisker: the shortest time within 1.5 IQR of the box" }),
    high: Type.Number({ description: "Tukey's upper whisker: the longest time within 1.5 IQR of the box" }),
  },
  { additionalProperties: false, description: 'seconds from a player\'s first request on the puzzle to its first right and whole check' },
);

const figureFields = {
  players: Type.Integer({ description: 'hashed player ids that viewed, checked or asked a hint' }),
  solved: Type.Integer(),
  solveRate: Nullable(Type.Number({ description: 'solved / players' })),
  solveSeconds: Type.Union([Spread, Type.Null()], { description: 'null without a solve; over HTTP also below 5 solves (no answer tells how long one or two players took)' }),
  hintsPerSolve: Nullable(Type.Number({ description: "the solvers' hints before the solve, over the solves; over HTTP null below 5 solves" })),
  checks: Type.Object({ right: Type.Integer(), wrong: Type.Integer() }, { additionalProperties: false, description: 'checks before the solve' }),
};

const levelFields = {
  kind: Type.String(),
  size: Type.Union([Type.Integer(), Type.Null()]),
  level: Type.Union([Type.Integer(), Type.Null()]),
  levelName: Type.Union([Type.String(), Type.Null()]),
};

export const LevelFigures = component('LevelFigures', Type.Object({ ...levelFields, puzzles: Type.Integer(), typicalSeconds: Nullable(Type.Number({ description: "the median of its puzzles' median solve times (puzzles with 5 solves or more): what out-of-line puzzles are held to" })), ...figureFields }, { additionalProperties: false, description: "a level's figures: every puzzle of the kind, size and level played" }));

export const OutOfLine = component(
  'OutOfLine',
  Type.Object(
    {
      ...levelFields,
      id: Type.String(),
      median: Type.Number({ description: "the puzzle's median solve time, s" }),
      plays: Type.Union([Type.Literal('harder'), Type.Literal('easier')]),
      than: Type.Object({ level: Type.Union([Type.Integer(), Type.Null()]), levelName: Type.Union([Type.String(), Type.Null()]), median: Type.Number() }, { additionalProperties: false, description: "the typical time it lies beyond: the next (previous) level's, or its own level's doubled (halved) at the end of the ladder" }),
    },
    { additionalProperties: false, description: "a puzzle its players found harder or easier than its grade says (at least 5 solves): its median beyond the neighbouring level's typical time and half as long again as its own level's (or under two thirds of it)" },
  ),
);

export const PuzzleStats = Type.Object(
  {
    id: Type.String(),
    ...levelFields,
    puzzle: Type.Object(figureFields, { additionalProperties: false }),
    levelFigures: LevelFigures,
    outOfLine: Type.Union([OutOfLine, Type.Null()]),
  },
  {
    additionalProperties: false,
    description: "a puzzle's play so far, beside its level's",
  },
);

export const ViewResponse = Type.Object(
  { recorded: Type.Boolean({ description: 'false: no player id, an opt-out header (Sec-GPC: 1, DNT: 1), or play statistics are off' }) },
  { additionalProperties: false },
);

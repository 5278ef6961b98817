/**
 * The `puzzlemill/numbridge-board` file (docs/FORMATS.md), written once as a TypeBox schema: the
 * TypeScript types below are derived from it, and `schemas/numbridge-board.schema.json` is
 * generated from it (`npm run schemas`). Field names and meanings fixed by docs/FORMATS.md must never
 * change; new fields may be added.
 */
import { Type, type Static } from '@sinclair/typebox';
import { OptionalOnRead, type ReadForm } from '../core/schema-parts.ts';
import { ProofStep } from '../sudoku/logic/step-schema.ts';
import { BoardRequestRecord, SymmetrySchema } from './request.ts';
import { NUMBRIDGE_BOARD } from '../core/formats.ts';

export { CandidateRef, CellRef, ProofStep, Text, Tuple } from '../sudoku/logic/step-schema.ts';

const SCHEMA_BASE = 'https://puzzlemill.dev/schemas/';

const Size = Type.Integer({ minimum: 4, maximum: 9, description: 'N: the board is N×N, digits 1..N' });
/** An N×N grid of small integers (rows of columns). Squareness and N are checked in code. */
const Grid = (min: number, description: string) =>
  Type.Array(Type.Array(Type.Integer({ minimum: min, maximum: 9 }), { minItems: 4, maxItems: 9 }), {
    minItems: 4,
    maxItems: 9,
    description,
  });

export const Grade = Type.Object(
  {
    level: Type.Integer({ minimum: 1, description: 'the highest technique tier the solution path needs' }),
    name: Type.String({ description: 'the name of that tier, e.g. "easy"' }),
    score: Type.Number({ minimum: 0, description: 'scale 4, 3 and 2: the banded score (3: levels 1–2 placed inside otherwise: which singles, the dearest tier-2 step; 2: the ladder before the calibration), level g in [1000·(g−1), 1000·g), ordered inside by the hardest step, then the work of the path; no scale: the sum of the step costs of the path (files before scale 2)' }),
    scale: Type.Optional(Type.Union([Type.Literal(2), Type.Literal(3), Type.Literal(4)], { description: 'what the score means: 4 = banded on the calibrated ladder, levels 1–2 placed by Sudoku Explainer\'s order (written now); 3 = banded on the calibrated ladder, levels 1–2 placed by which singles and the dearest tier-2 step (issue 27); 2 = banded on the ladder before the calibration; absent = the plain sum of step costs (files before scale 2)' })),
    technique: Type.Optional(
      Type.String({ minLength: 1, description: 'the id of the hardest technique of the grading path: the step with the highest tier, then cost (ladder order); absent in files written before, and when nothing is left to solve' }),
    ),
  },
  { additionalProperties: false },
);

export const NumbridgePublic = Type.Object(
  {
    size: Size,
    geometry: Type.Literal('hex', { description: 'axial coordinates, docs/RULES.md' }),
    blockShape: Type.Union([Type.Literal('regular'), Type.Literal('irregular')]),
    regions: Grid(0, 'N×N block numbers 0..N−1'),
    givens: Grid(0, 'N×N digits, 0 = empty'),
    grade: Grade,
    symmetry: Type.Optional(SymmetrySchema),
  },
  { additionalProperties: false },
);

export const NumbridgeSecret = Type.Object(
  {
    solution: Grid(1, 'N×N digits 1..N'),
    // Another tool's file may carry only the solution: verify checks it and makes its own proof.
    proof: OptionalOnRead(Type.Object({ steps: Type.Array(ProofStep) }, { additionalProperties: false })),
    seed: OptionalOnRead(Type.String({ description: 'the puzzle seed: generateBoard(request, seed) makes this board again' })),
    request: Type.Optional(BoardRequestRecord),
    attempts: Type.Optional(
      Type.Object(
        {
          grids: Type.Integer({ minimum: 1, description: 'full grids (with their layouts) tried, this one included' }),
          orders: Type.Integer({ minimum: 1, description: 'removal orders tried in all, this one included' }),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

export const NumbridgeBoardFile = Type.Object(
  {
    format: Type.Literal(NUMBRIDGE_BOARD),
    version: Type.Literal(1),
    id: Type.String({ minLength: 1 }),
    public: NumbridgePublic,
    secret: Type.Optional(NumbridgeSecret),
  },
  {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: SCHEMA_BASE + 'numbridge-board.schema.json',
    title: 'puzzlemill Numbridge board',
    description: 'A Numbridge board: public part for players, secret part for the game server. The player form omits "secret".',
    additionalProperties: false,
  },
);

export type NumbridgeBoardFile = Static<typeof NumbridgeBoardFile>;
/** A board file as readers accept it (`readerSchema`): no `secret.proof` or `secret.seed` needed. */
export type NumbridgeBoardInput = ReadForm<NumbridgeBoardFile, 'proof' | 'seed'>;
export type NumbridgePublic = Static<typeof NumbridgePublic>;
export type NumbridgeSecret = Static<typeof NumbridgeSecret>;
export type Grade = Static<typeof Grade>;

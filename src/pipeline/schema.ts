/**
 * The files the pipeline writes besides puzzles — a run's manifest, the daily index and the
 * fingerprint index — as TypeBox schemas (types derived from them, schemas/*.schema.json
 * generated from them). Each is validated with ajv before it is written and when it is read.
 */
import { Type, type Static } from '@sinclair/typebox';
import { rootOptions } from '../core/schema-parts.ts';
import { DAILY_INDEX, DAILY_PLAN, DAILY_PUBLIC_INDEX, RUN_MANIFEST } from '../core/formats.ts';

const Scalar = Type.Union([Type.String(), Type.Number(), Type.Boolean()]);
const Request = Type.Record(Type.String(), Scalar, { description: 'the parsed request parameters' });
const Index = Type.Integer({ minimum: 0 });
const FILE_NAME_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._-]*$';
const fileName = (description: string) => Type.String({ pattern: FILE_NAME_PATTERN, description });
const FileName = fileName('a file in the same directory');

export const ManifestEntry = Type.Object(
  {
    index: Index,
    file: FileName,
    playerFile: Type.Optional(FileName),
    id: Type.String(),
    seed: Type.String(),
    fingerprint: Type.String({ description: 'equal for essentially equal puzzles (see the kind)' }),
  },
  { additionalProperties: false },
);

export const RunManifest = Type.Object(
  {
    format: Type.Literal(RUN_MANIFEST),
    version: Type.Literal(1),
    kind: Type.String(),
    puzzleFormat: Type.String(),
    request: Request,
    paramsKey: Type.String(),
    seed: Type.String({ description: 'the run seed' }),
    count: Type.Integer({ minimum: 0, description: 'puzzles in the whole run (all shards)' }),
    shard: Type.Object({ index: Index, of: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
    range: Type.Object({ start: Index, end: Index }, { additionalProperties: false, description: 'this shard: indices start ≤ k < end' }),
    player: Type.Boolean(),
    complete: Type.Boolean({ description: 'false when the run stopped early (SIGINT, --max-seconds, failures); rerun to resume' }),
    puzzles: Type.Array(ManifestEntry),
    failed: Type.Array(Type.Object({ index: Index, reason: Type.String() }, { additionalProperties: false })),
  },
  rootOptions('run-manifest', 'puzzlemill run manifest', 'What one `generate … --out DIR` run (or shard) wrote into DIR; deterministic, no timestamps.'),
);

export const DailyEntry = Type.Object(
  {
    slot: Type.String({ description: 'the place in the daily set, e.g. "murder-6" or "numbridge-9-irregular"' }),
    kind: Type.String(),
    format: Type.String(),
    request: Request,
    file: fileName('the full file, beside this index (secret/DATE/)'),
    playerFile: fileName('its player form, in the public folder of the day (public/DATE/)'),
    id: Type.String(),
    seed: Type.String(),
    fingerprint: Type.String(),
    summary: Type.String({ description: 'one line: size, layout, givens, grade or level' }),
  },
  { additionalProperties: false },
);

export const DailyIndex = Type.Object(
  {
    format: Type.Literal(DAILY_INDEX),
    version: Type.Literal(1),
    date: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
    keyId: Type.Optional(Type.String({ pattern: '^[0-9a-f]{16}$', description: 'names the daily key the set was made with (an HMAC: says nothing about the key)' })),
    puzzles: Type.Array(DailyEntry),
  },
  rootOptions('daily-index', 'puzzlemill daily set index', 'The secret index of one day (corpus/daily/secret/DATE/index.json): requests, seeds, fingerprints. Never published.'),
);

/** What the public index may say: nothing from which a solution follows (no seed, request or fingerprint). */
export const DailyPublicEntry = Type.Object(
  {
    slot: Type.String({ description: 'the place in the daily set, e.g. "murder-6" or "numbridge-9-irregular"' }),
    kind: Type.String(),
    format: Type.String(),
    id: Type.String(),
    file: fileName('the player form, beside this index'),
    size: Type.Optional(Type.Integer({ minimum: 1, description: 'N of an N×N puzzle, as in its file' })),
    level: Type.Optional(Type.Integer({ minimum: 1, description: "the grade level (Numbridge) or level (Murder), as in its file" })),
    summary: Type.String({ description: 'one line: size, layout, givens, grade or level' }),
  },
  { additionalProperties: false },
);

export const DailyPublicIndex = Type.Object(
  {
    format: Type.Literal(DAILY_PUBLIC_INDEX),
    version: Type.Literal(1),
    date: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
    puzzles: Type.Array(DailyPublicEntry),
  },
  rootOptions('daily-public-index', 'puzzlemill daily set, public index', 'The player files of one day (corpus/daily/public/DATE/index.json): what may be published.'),
);

export const FingerprintEntry = Type.Object(
  {
    fingerprint: Type.String(),
    kind: Type.String(),
    date: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
    slot: Type.String(),
    id: Type.String(),
  },
  rootOptions('fingerprint-entry', 'puzzlemill fingerprint index entry', 'One line of corpus/daily/secret/fingerprints.ndjson: a puzzle already published, never to be repeated.'),
);

/** A level in a daily plan: a grade name (Murder has easy … hard, Numbridge easy … extreme), or any guess-free grade (Numbridge). */
export const PLAN_LEVELS = ['any', 'easy', 'medium', 'hard', 'fiendish', 'extreme'] as const;
const PlanLevel = Type.Union(PLAN_LEVELS.map((l) => Type.Literal(l)));
/** Seven levels, Sunday … Saturday. */
export const PlanWeek = Type.Array(PlanLevel, { minItems: 7, maxItems: 7 });
/** Levels in turn, one a day, the first on `from` (and every `rotation.length` days after; days before it count back). */
export const PlanRotation = Type.Object(
  {
    rotation: Type.Array(PlanLevel, { minItems: 1, maxItems: 366, description: 'the levels in turn, one a day' }),
    from: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'the day of the first level' }),
  },
  { additionalProperties: false },
);

export const DailyPlanSlot = Type.Object(
  {
    slot: Type.String({ pattern: '^[a-z0-9][a-z0-9-]*$', maxLength: 64, description: 'the place in the set and its file names, e.g. "murder-6"; its seeds derive from it (renaming a slot changes its puzzles)' }),
    kind: Type.String({ description: 'the puzzle kind: "murder" or "numbridge" (or one from $PUZZLEMILL_KIND_MODULES)' }),
    size: Type.Optional(Type.Integer({ minimum: 1, description: 'N of an N×N puzzle' })),
    blocks: Type.Optional(Type.Union([Type.Literal('regular'), Type.Literal('irregular')], { description: 'Numbridge: the block layout' })),
    givens: Type.Optional(Type.Integer({ minimum: 0, description: 'Numbridge: exact number of givens' })),
    clues: Type.Optional(Type.Union([Type.Literal('sheet'), Type.Literal('extended')], { description: 'Murder: the clue set (generate murder --clues); absent = sheet' })),
    robust: Type.Optional(Type.Boolean({ description: 'Murder: robust to the known misreadings' })),
    options: Type.Optional(
      Type.Record(Type.String({ pattern: '^[a-z][a-zA-Z0-9]*$' }), Type.Union([Type.String(), Type.Number(), Type.Boolean()]), {
        description: "more of the kind's request, as its generate options name them (camelCase): a club kind's own fields (PUZZLEMILL_KIND_MODULES); the kind refuses what it does not know",
      }),
    ),
    level: Type.Union([PlanLevel, PlanWeek, PlanRotation], {
      description: 'the level plan: one level for every day; seven, Sunday … Saturday (the weekday of the date); or a rotation, one level a day from a date; "any" = whatever guess-free grade comes (Numbridge)',
    }),
  },
  { additionalProperties: false },
);

export const DailyPlan = Type.Object(
  {
    format: Type.Literal(DAILY_PLAN),
    version: Type.Literal(1),
    daysAhead: Type.Optional(Type.Integer({ minimum: 1, maximum: 30, description: 'serve: how many days after today it keeps made (staged until their day); absent = 1, tomorrow' })),
    slots: Type.Array(DailyPlanSlot, { minItems: 1, description: 'the set, in order; slot names unique' }),
  },
  rootOptions('daily-plan', 'puzzlemill daily plan', 'The club\'s daily plan (`daily --plan FILE`): which slots the daily set has, their kinds, sizes and levels per weekday.'),
);

export type DailyPlanSlot = Static<typeof DailyPlanSlot>;
export type DailyPlan = Static<typeof DailyPlan>;
export type ManifestEntry = Static<typeof ManifestEntry>;
export type RunManifest = Static<typeof RunManifest>;
export type DailyEntry = Static<typeof DailyEntry>;
export type DailyIndex = Static<typeof DailyIndex>;
export type DailyPublicEntry = Static<typeof DailyPublicEntry>;
export type DailyPublicIndex = Static<typeof DailyPublicIndex>;
export type FingerprintEntry = Static<typeof FingerprintEntry>;

/**
 * The club's daily plan (`puzzlemill/daily-plan`, docs/FORMATS.md): the slots of the daily set,
 * each with its kind, size, blocks, givens, clue set and a level plan — one level for every day,
 * seven (Sunday … Saturday) or a rotation (one level a day from a date). `daily --plan FILE` reads one; without it DEFAULT_PLAN is used,
 * which gives exactly the set the plan in code gave before plans were files (a test pins a
 * date's bytes). docs/daily-plan.json is this plan as a file, to copy and edit.
 */
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { InputError } from '../core/errors.ts';
import { assertValid } from '../core/schema.ts';
import { DAILY_PLAN } from '../core/formats.ts';
import { kindNamed } from '../kinds/registry.ts';
import { DailyPlan, PLAN_LEVELS, PlanRotation, PlanWeek, type DailyPlanSlot } from './schema.ts';

/** One place in the daily set, as a request to its kind. */
export interface DailySlot {
  slot: string;
  kind: string;
  request: Record<string, string | number | boolean>;
}

const WEEK_9 = ['extreme', 'easy', 'medium', 'medium', 'hard', 'hard', 'fiendish'] as const;

/**
 * The club's daily set. Murder cases for every size, robust to the known misreadings, one level
 * up every two sizes (small boards cannot carry hard deductions); Numbridge boards at the
 * standard givens — 30 on 9×9 (37 % of the cells) and 14 on Blitz 6×6 (39 %). The 9×9 boards
 * follow the week, as daily puzzle columns do, over the whole ladder: easy on Monday, medium
 * Tuesday and Wednesday, hard Thursday and Friday, fiendish on Saturday and extreme (tier 5) on
 * Sunday. At 30 givens every grade is reached for every seed tried (random boards would be 86 %
 * easy; an extreme board costs about 0.15 s to find). Blitz boards, a fast game, take whatever
 * guess-free grade comes ("any": the file states the grade; at 14 givens that is nearly always
 * easy — docs/daily-plan-ladder.json gives them a weekly ladder instead).
 */
export const DEFAULT_PLAN: DailyPlan = {
  format: DAILY_PLAN,
  version: 1,
  slots: [
    { slot: 'murder-4', kind: 'murder', size: 4, clues: 'sheet', robust: true, level: 'easy' },
    { slot: 'murder-5', kind: 'murder', size: 5, clues: 'sheet', robust: true, level: 'easy' },
    { slot: 'murder-6', kind: 'murder', size: 6, clues: 'sheet', robust: true, level: 'medium' },
    { slot: 'murder-7', kind: 'murder', size: 7, clues: 'sheet', robust: true, level: 'medium' },
    { slot: 'murder-8', kind: 'murder', size: 8, clues: 'sheet', robust: true, level: 'hard' },
    { slot: 'murder-9', kind: 'murder', size: 9, clues: 'sheet', robust: true, level: 'hard' },
    { slot: 'numbridge-9-regular', kind: 'numbridge', size: 9, blocks: 'regular', givens: 30, level: [...WEEK_9] },
    { slot: 'numbridge-9-irregular', kind: 'numbridge', size: 9, blocks: 'irregular', givens: 30, level: [...WEEK_9] },
    { slot: 'numbridge-6-regular', kind: 'numbridge', size: 6, blocks: 'regular', givens: 14, level: 'any' },
    { slot: 'numbridge-6-irregular', kind: 'numbridge', size: 6, blocks: 'irregular', givens: 14, level: 'any' },
  ],
};

/** The UTC weekday of a date, 0 = Sunday. */
export function weekdayOf(date: string): number {
  return new Date(date + 'T00:00:00Z').getUTCDay();
}

/** A slot's level on a date: its one level, or the weekday's of its seven. */
export function slotLevel(slot: DailyPlanSlot, date: string): PlanLevel {
  const level = slot.level;
  if (typeof level === 'string') return level;
  if (Array.isArray(level)) return level[weekdayOf(date)]!;
  const days = Math.round((Date.parse(date + 'T00:00:00Z') - Date.parse(level.from + 'T00:00:00Z')) / 86_400_000);
  const n = level.rotation.length;
  return level.rotation[((days % n) + n) % n]!;
}

type PlanLevel = (typeof PLAN_LEVELS)[number];

/** Every level a slot's plan names, with its JSON pointer under the slot. */
function levelsNamed(slot: DailyPlanSlot): Array<[string, PlanLevel]> {
  const level = slot.level;
  if (typeof level === 'string') return [['/level', level]];
  if (Array.isArray(level)) return level.map((l, i) => [`/level/${i}`, l]);
  return level.rotation.map((l, i) => [`/level/rotation/${i}`, l]);
}

/**
 * A slot's request on a date. Murder takes the level by name (`level`); the other kinds a grade
 * level (`grade`: easy = 1 … extreme = 5); "any" asks for none. The clue set "sheet" is Murder's
 * default and is left out, so that a plan saying it makes the same requests as one that does not.
 */
export function slotRequest(slot: DailyPlanSlot, date: string): DailySlot['request'] {
  return requestAt(slot, slotLevel(slot, date));
}

function requestAt(slot: DailyPlanSlot, level: PlanLevel): DailySlot['request'] {
  const request: DailySlot['request'] = {};
  if (slot.size !== undefined) request.size = slot.size;
  if (slot.blocks !== undefined) request.blocks = slot.blocks;
  if (slot.givens !== undefined) request.givens = slot.givens;
  if (level !== 'any') {
    if (slot.kind === 'murder') request.level = level;
    else request.grade = PLAN_LEVELS.indexOf(level);
  }
  if (slot.robust !== undefined) request.robust = slot.robust;
  if (slot.clues === 'extended') request.clues = 'extended';
  for (const [name, value] of Object.entries(slot.options ?? {})) request[name] = value;
  return request;
}

/** The slots of a plan on a date, as requests. */
export function slotsFor(plan: DailyPlan, date: string): DailySlot[] {
  return plan.slots.map((s) => ({ slot: s.slot, kind: s.kind, request: slotRequest(s, date) }));
}

/** The fields a slot states itself, which its options may not: its request's size, blocks, givens, clue set, robustness and level. */
const SLOT_FIELDS = new Set(['size', 'blocks', 'givens', 'clues', 'robust', 'level', 'grade']);

/**
 * Check a plan beyond its schema: slot names unique, and every slot's request on every weekday
 * one its kind accepts (kinds from kind modules must be registered first). An InputError at the
 * slot's JSON pointer otherwise.
 */
export function checkPlan(plan: DailyPlan, source: string): void {
  const seen = new Set<string>();
  for (const [i, s] of plan.slots.entries()) {
    if (seen.has(s.slot)) throw new InputError({ source, pointer: `/slots/${i}/slot` }, `slot "${s.slot}" is named twice`);
    // a slot's files are SLOT.json: "index" would overwrite the day's index
    if (s.slot === 'index') throw new InputError({ source, pointer: `/slots/${i}/slot` }, 'slot "index" is reserved (the day\'s index.json)');
    seen.add(s.slot);
    let kind;
    try {
      kind = kindNamed(s.kind);
    } catch (e) {
      throw new InputError({ source, pointer: `/slots/${i}/kind` }, (e as Error).message);
    }
    // options add a kind's own fields; the plan's own (and the level plan's grade) are said by the slot
    const taken = Object.keys(s.options ?? {}).find((name) => SLOT_FIELDS.has(name));
    if (taken !== undefined) throw new InputError({ source, pointer: `/slots/${i}/options/${taken}` }, `"${taken}" is the slot's own field${taken === 'grade' || taken === 'level' ? ' (the level plan, "level")' : ''}, not an option`);
    if (typeof s.level === 'object' && !Array.isArray(s.level) && !isDate(s.level.from)) {
      throw new InputError({ source, pointer: `/slots/${i}/level/from` }, `${JSON.stringify(s.level.from)} is not a date (YYYY-MM-DD)`);
    }
    for (const [at, level] of levelsNamed(s)) {
      const request = requestAt(s, level);
      let parsed: Record<string, unknown>;
      try {
        parsed = kind.parseRequest(request) as Record<string, unknown>;
      } catch (e) {
        const levelWrong = /^(level|grade)\b/.test((e as Error).message);
        const pointer = levelWrong ? `/slots/${i}${at}` : `/slots/${i}`;
        throw new InputError({ source, pointer }, `${s.kind} refuses this slot: ${(e as Error).message}`);
      }
      // a kind's request drops what it does not know: a field it has no use for (a typo, Numbridge's
      // givens on a Murder slot) would be ignored without a word
      const unused = Object.keys(request).find((name) => !Object.hasOwn(parsed, name) || parsed[name] === undefined);
      if (unused !== undefined) {
        const inOptions = s.options !== undefined && Object.hasOwn(s.options, unused);
        throw new InputError({ source, pointer: `/slots/${i}/${inOptions ? `options/${unused}` : unused === 'grade' ? 'level' : unused}` }, `${s.kind} has no request field "${unused}"`);
      }
    }
  }
}

/**
 * The date `days` after `date` (YYYY-MM-DD, calendar days; negative goes back): the one date
 * stepping of the daily set, its plan, its overview and the server's days ahead. In UTC, where a
 * day is always 24 hours, so no time zone's daylight saving can skip or repeat one.
 */
export function addDays(date: string, days: number): string {
  const d = new Date(date + 'T00:00:00Z');
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** `count` consecutive dates from `date`. */
export function datesFrom(date: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDays(date, i));
}

/** True for a real calendar date written YYYY-MM-DD. */
export function isDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(text + 'T00:00:00Z');
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

/**
 * Read and check a plan file — YAML when its name ends in .yaml or .yml, JSON otherwise; an
 * InputError (one line, with the JSON pointer) when it is not a usable plan.
 */
export function readPlanFile(path: string): DailyPlan {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new InputError({ source: path }, `cannot read the plan (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  let data: unknown;
  if (/\.ya?ml$/i.test(path)) {
    try {
      // one document, plain data: no custom tags, no aliases to expand into a huge plan
      data = parseYaml(text, { schema: 'core', maxAliasCount: 0 });
    } catch (e) {
      throw new InputError({ source: path }, `not YAML: ${(e as Error).message.split('\n')[0]}`);
    }
  } else {
    try {
      data = JSON.parse(text);
    } catch (e) {
      throw new InputError({ source: path }, `not JSON: ${(e as Error).message}`);
    }
  }
  // a list of levels is checked as a week first, an object as a rotation: its error (too short, a bad day) beats the union's "must be one of"
  const slots = (data as { slots?: unknown } | null)?.slots;
  if (Array.isArray(slots)) {
    for (const [i, s] of slots.entries()) {
      const level = (s as { level?: unknown } | null)?.level;
      if (Array.isArray(level)) assertValid(PlanWeek, level, { source: path, pointer: `/slots/${i}/level` });
      else if (typeof level === 'object' && level !== null) assertValid(PlanRotation, level, { source: path, pointer: `/slots/${i}/level` });
    }
  }
  assertValid<DailyPlan>(DailyPlan, data, { source: path });
  checkPlan(data, path);
  return data;
}

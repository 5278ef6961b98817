/**
 * The data of `daily --overview`: for each day from a date, the puzzles already made (read from
 * the public index in ROOT/public/DATE/ or, made ahead, ROOT/staged/DATE/), one column per slot
 * of the plan (slots a made day has beyond the plan are added after them); where nothing is made
 * yet, what the plan means to make there (`planned`). Reading only: no key,
 * no lock, nothing written. Drawn by src/render/daily-overview.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readerSchema, validator } from '../core/schema.ts';
import type { Overview, OverviewCell, OverviewDay } from '../render/daily-overview.ts';
import { datesFrom, slotLevel } from './daily-plan.ts';
import { DailyPublicIndex, PLAN_LEVELS, type DailyPlan } from './schema.ts';

/** A day's public index (public/ first, then staged/), or undefined when the day is not made. */
function publicIndexOf(root: string, date: string): DailyPublicIndex | undefined {
  for (const part of ['public', 'staged']) {
    let data: unknown;
    try {
      data = JSON.parse(readFileSync(join(root, part, date, 'index.json'), 'utf8'));
    } catch {
      continue;
    }
    if (validator<DailyPublicIndex>(readerSchema(DailyPublicIndex))(data)) return data;
  }
  return undefined;
}

/** What the plan means to make in a slot on a date (a day not made yet), or null for a slot it does not have. */
function plannedCell(plan: DailyPlan, name: string, date: string): OverviewCell | null {
  const slot = plan.slots.find((s) => s.slot === name);
  if (!slot) return null;
  const level = slotLevel(slot, date);
  return { kind: slot.kind, ...(slot.size !== undefined && { size: slot.size }), ...(level !== 'any' && { level }), planned: true };
}

export function dailyOverview(root: string, plan: DailyPlan, from: string, days: number): Overview {
  const indexes = datesFrom(from, days).map((date) => ({ date, index: publicIndexOf(root, date) }));
  const slots = plan.slots.map((s) => s.slot);
  for (const { index } of indexes) for (const p of index?.puzzles ?? []) if (!slots.includes(p.slot)) slots.push(p.slot);
  const rows: OverviewDay[] = indexes.map(({ date, index }) => ({
    date,
    made: index !== undefined,
    cells: slots.map((slot): OverviewCell | null => {
      const p = index?.puzzles.find((q) => q.slot === slot);
      if (!p) return plannedCell(plan, slot, date);
      const level = p.level !== undefined ? PLAN_LEVELS[p.level] : undefined;
      return { kind: p.kind, ...(p.size !== undefined && { size: p.size }), ...(level !== undefined && level !== 'any' && { level }) };
    }),
  }));
  return { slots, days: rows };
}

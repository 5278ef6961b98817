/**
 * The daily index as the corpus page (src/render/html.ts) wants it: plain data — the date and the
 * slots in order — so render never reads a pipeline format. The CLI passes this reader in.
 */
import { validator } from '../core/schema.ts';
import { DailyIndex, DailyPublicIndex } from './schema.ts';

const isDailyIndex = validator<DailyIndex>(DailyIndex);
const isDailyPublicIndex = validator<DailyPublicIndex>(DailyPublicIndex);

export interface DailyPageIndex {
  heading: string;
  entries: Array<{ slot: string; id: string; format: string; summary: string }>;
}

/** A daily index (secret or public) as the page's order and headings; null for any other value. */
export function dailyPageIndex(value: unknown): DailyPageIndex | null {
  if (!isDailyIndex(value) && !isDailyPublicIndex(value)) return null;
  const index = value as DailyIndex | DailyPublicIndex;
  return { heading: index.date, entries: index.puzzles.map(({ slot, id, format, summary }) => ({ slot, id, format, summary })) };
}

/**
 * The title and subtitle every picture opens with, and the margin around every picture: one
 * place for their sizes, so Numbridge, Murder and game pictures start alike.
 */
import { INK, MUTED } from './palette.ts';
import { text } from './svg.ts';
import { textWidth } from './text.ts';

/** Space around a picture's content (also left of the heading). */
export const MARGIN = 18;
const TITLE_SIZE = 17;
const SUBTITLE_SIZE = 11.5;

/** The subtitle's baseline: a picture's content starts a little below it. */
export const HEADING_BASELINE = MARGIN + TITLE_SIZE + 6 + SUBTITLE_SIZE;

/** The two heading lines, and the x where the longer of them ends. */
export function heading(title: string, subtitle: string): { markup: string[]; right: number } {
  return {
    markup: [
      text(MARGIN, MARGIN + TITLE_SIZE, title, { 'font-size': TITLE_SIZE, 'font-weight': 'bold', fill: INK }),
      text(MARGIN, HEADING_BASELINE, subtitle, { 'font-size': SUBTITLE_SIZE, fill: MUTED }),
    ],
    right: MARGIN + Math.max(textWidth(title, TITLE_SIZE, 'bold'), textWidth(subtitle, SUBTITLE_SIZE)),
  };
}

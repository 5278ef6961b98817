/**
 * The `format` of every file puzzlemill writes (docs/FORMATS.md), declared once: schemas take
 * their literals from here and readers compare against these names, so a format id is never
 * spelled twice. Plain strings: importing this loads nothing of the kinds or games.
 */
const PREFIX = 'puzzlemill/';

export const NUMBRIDGE_BOARD = 'puzzlemill/numbridge-board';
export const MURDER_CASE = 'puzzlemill/murder-case';
export const NUMBRIDGE_DEAL = 'puzzlemill/numbridge-deal';
export const NUMBRIDGE_RECORD = 'puzzlemill/numbridge-record';
export const KOSMOS_DEAL = 'puzzlemill/kosmos-deal';
export const KOSMOS_RECORD = 'puzzlemill/kosmos-record';
export const DOMINO_DEAL = 'puzzlemill/domino-deal';
export const DOMINO_POSITION = 'puzzlemill/domino-position';
export const DOMINO_RECORD = 'puzzlemill/domino-record';
export const RUN_MANIFEST = 'puzzlemill/run-manifest';
export const DAILY_INDEX = 'puzzlemill/daily-index';
export const DAILY_PUBLIC_INDEX = 'puzzlemill/daily-public-index';
export const DAILY_PLAN = 'puzzlemill/daily-plan';

/** The short name of one of our formats (`numbridge-board`): schema file names and `$id`s use it. */
export function formatName(format: string): string {
  return format.startsWith(PREFIX) ? format.slice(PREFIX.length) : format;
}

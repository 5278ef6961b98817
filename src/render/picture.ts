/**
 * What every picture module takes and gives. A picture is drawn from one validated file; when the
 * caller does not ask for the solution it passes the file's player form (no `secret`), so a
 * player-form picture cannot show secret data whatever a drawing module does.
 */
import type { Lang } from '../core/lang.ts';

export type { Picture } from './svg.ts';

export interface PictureOptions {
  /** Draw the solution (only possible when the file carries `secret`). */
  solution: boolean;
  lang: Lang;
  /** Game records: draw the position after this many turns (default: the end). */
  turn?: number;
}

export const DEFAULT_PICTURE_OPTIONS: PictureOptions = { solution: false, lang: 'en' };

/**
 * What the corpus page (html.ts) writes about a puzzle beside its picture, per format: the short
 * line of the table of contents, the meta line of its section (grade or level), and any text under
 * the picture (a Murder case's cards, as text). A format without parts gets its name as the short
 * line and nothing else; the page itself knows no format.
 */
import { MURDER_CASE, NUMBRIDGE_BOARD } from '../core/formats.ts';
import type { MurderCaseFile } from '../murder/schema.ts';
import type { NumbridgeBoardFile } from '../numbridge-board/schema.ts';
import { L, levelText } from './labels.ts';
import { type Lang } from '../core/lang.ts';
import { esc } from './svg.ts';

export interface PageParts {
  /** The table of contents' line when the index gives no summary: size, blocks, grade or level. */
  short(file: object, lang: Lang): string;
  /** The section's meta line (plain text). */
  meta(file: object, lang: Lang): string;
  /** HTML under the picture. */
  body?(file: object, lang: Lang): string;
}

const PARTS: Readonly<Record<string, PageParts>> = {
  [NUMBRIDGE_BOARD]: {
    short: (file, lang) => {
      const pub = (file as NumbridgeBoardFile).public;
      return `${pub.size}×${pub.size} ${pub.blockShape === 'regular' ? L.regularBlocks[lang] : L.irregularBlocks[lang]}, ${levelText('grade', pub.grade, lang)}`;
    },
    meta: (file, lang) => {
      const grade = (file as NumbridgeBoardFile).public.grade;
      return `${levelText('grade', grade, lang)}, ${L.score[lang]} ${grade.score}`;
    },
  },
  [MURDER_CASE]: {
    short: (file, lang) => {
      const pub = (file as MurderCaseFile).public;
      return `${pub.size}×${pub.size}, ${levelText('level', pub.level, lang)}`;
    },
    meta: (file, lang) => {
      const level = (file as MurderCaseFile).public.level;
      return levelText('level', level, lang);
    },
    body: (file, lang) => cardList(file as MurderCaseFile, lang),
  },
};

export function pagePartsOf(format: string): PageParts | undefined {
  return Object.hasOwn(PARTS, format) ? PARTS[format] : undefined; // a file's "constructor" is no format of ours
}

/** The cards as text: selectable, searchable, readable by screen readers. */
function cardList(file: MurderCaseFile, lang: Lang): string {
  const items = file.public.people.map((p, i) => {
    const clues = p.clues.map((c) => `<li>${esc(c.text[lang])}</li>`).join('');
    return `<li><strong>${i + 1}. ${esc(p.name)}</strong> ${p.gender === 'f' ? '♀' : '♂'}<ul>${clues || `<li class="muted">—</li>`}</ul></li>`;
  });
  return `<ol class="cards">${items.join('')}</ol>`;
}

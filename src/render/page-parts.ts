/**
 * What the corpus page (html.ts) writes about a puzzle beside its picture, per format: the short
 * line of the table of contents, the meta line of its section (grade or level), and any text under
 * the picture (a Murder case's cards, as text). A format without parts gets its name as the short
 * line and nothing else; the page itself knows no format.
 */
import { MURDER_CASE, NUMBRIDGE_BOARD } from '../core/formats.ts';
import type { MurderCaseInput } from '../murder/schema.ts';
import type { NumbridgeBoardFile } from '../numbridge-board/schema.ts';
import { claimedLevelText, L, levelText } from './labels.ts';
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
      const pub = (file as MurderCaseInput).public;
      return `${pub.size}×${pub.size}, ${claimedLevelText(pub.level, lang)}`;
    },
    // a case from another tool may claim no level
    meta: (file, lang) => claimedLevelText((file as MurderCaseInput).public.level, lang),
    body: (file, lang) => cardList(file as MurderCaseInput, lang),
  },
};

export function pagePartsOf(format: string): PageParts | undefined {
  return Object.hasOwn(PARTS, format) ? PARTS[format] : undefined; // a file's "constructor" is no format of ours
}

/** The cards as text: selectable, searchable, readable by screen readers. */
function cardList(file: MurderCaseInput, lang: Lang): string {
  const items = file.public.people.map((p, i) => {
    const clues = p.clues.map((c) => `<li>${esc(c.text[lang])}</li>`).join('');
    return `<li><strong>${i + 1}. ${esc(p.name)}</strong> ${p.gender === 'f' ? '♀' : '♂'}<ul>${clues || `<li class="muted">—</li>`}</ul></li>`;
  });
  // the case facts stand on no card: listed after them, as the picture draws them under the cards
  const facts = (file.public.facts ?? []).map((f) => `<li>${esc(f.text[lang])}</li>`).join('');
  return `<ol class="cards">${items.join('')}</ol>${facts ? `<p><strong>${L.facts[lang]}</strong></p><ul class="facts">${facts}</ul>` : ''}`;
}

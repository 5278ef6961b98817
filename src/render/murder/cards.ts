/**
 * The people's cards beside the plan: a numbered badge (the plan's tokens use the same number),
 * the name with ♀/♂, the victim's mark, every clue text wrapped to the card, and with the
 * solution the murderer's mark and the person's cell.
 *
 *   ┌──────────────────────────────┐   padding 10, header 34, clue lines 16 apart,
 *   │ (3) Lisa ♀  · victim         │   bullets hang 14 px left of the text
 *   │  • The victim. She was alone │
 *   │    with the murderer.        │
 *   │  → row 5, column 3           │   (solution only)
 *   └──────────────────────────────┘
 */
import { L, murdererLabel } from '../labels.ts';
import { type Lang } from '../../core/lang.ts';
import { INK, MUTED, SOLUTION, VICTIM } from '../palette.ts';
import { g, line, rect, text } from '../svg.ts';
import { fitSize, textWidth, wrapText } from '../text.ts';
import { personToken, type Token } from './plan.ts';

export interface CardPerson {
  name: string;
  gender: 'f' | 'm';
  /** Clue texts in the picture's language, in card order. */
  clues: string[];
  victim: boolean;
  /** Solution pictures only. */
  murderer?: boolean;
  cell?: readonly [number, number];
  token: Token;
}

const PAD = 10;
const HEADER = 34;
const LINE = 16;
const TEXT_SIZE = 12;
const NAME_SIZE = 14;
const BULLET = 14;

const NO_CLUE: Readonly<Record<Lang, string>> = { de: '(keine Aussage)', en: '(no clue)' };

function clueLines(person: CardPerson, width: number, lang: Lang): Array<{ text: string; first: boolean }> {
  const out: Array<{ text: string; first: boolean }> = [];
  const texts = person.clues.length > 0 ? person.clues : [NO_CLUE[lang]];
  for (const clue of texts) {
    wrapText(clue, width - 2 * PAD - BULLET, TEXT_SIZE).forEach((l, i) => out.push({ text: l, first: i === 0 }));
  }
  return out;
}

function positionText(cell: readonly [number, number], lang: Lang): string {
  return `→ ${L.row[lang]} ${cell[0] + 1}, ${L.column[lang]} ${cell[1] + 1}`;
}

/** The name at 14 px, smaller down to 10 px when long, cut with an ellipsis when even that is too wide. */
function fittedName(name: string, room: number): { shown: string; size: number } {
  const size = fitSize(name, room, NAME_SIZE, 10, 'bold');
  if (size !== null) return { shown: name, size };
  let cut = name.length;
  while (cut > 1 && textWidth(name.slice(0, cut) + '…', 10, 'bold') > room) cut--;
  return { shown: name.slice(0, cut) + '…', size: 10 };
}

export function cardHeight(person: CardPerson, width: number, lang: Lang): number {
  return HEADER + clueLines(person, width, lang).length * LINE + (person.cell ? LINE : 0) + PAD;
}

export function drawCard(person: CardPerson, x: number, y: number, width: number, lang: Lang): string {
  const height = cardHeight(person, width, lang);
  const parts: string[] = [rect(x, y, width, height, { fill: '#fbfbfa', stroke: '#cfd4d8', 'stroke-width': 1, rx: 6 })];
  if (person.victim || person.murderer) {
    parts.push(line(x + 1.5, y + 5, x + 1.5, y + height - 5, { stroke: person.victim ? VICTIM : INK, 'stroke-width': 4, 'stroke-linecap': 'round' }));
  }
  parts.push(personToken(x + PAD + 10, y + PAD + 10, 10, person.token, 'badge'));
  const nameX = x + PAD + 28;
  const baseline = y + PAD + 15;
  const murderer = murdererLabel(person.gender, lang);
  const tags = (person.victim ? textWidth(L.victim[lang], 11, 'bold') + 8 : 0) + (person.murderer ? textWidth(murderer, 11, 'bold') : 0);
  const room = width - (nameX - x) - PAD - 16 - tags;
  const { shown, size } = fittedName(person.name, room);
  parts.push(text(nameX, baseline, shown, { class: 'person-name', 'font-size': size, 'font-weight': 'bold', fill: INK }));
  let tagX = nameX + textWidth(shown, size, 'bold') + 5;
  parts.push(text(tagX, baseline, person.gender === 'f' ? '♀' : '♂', { 'font-size': NAME_SIZE - 1, fill: MUTED }));
  tagX += 16;
  if (person.victim) {
    parts.push(text(tagX, baseline, L.victim[lang], { class: 'victim-tag', 'font-size': 11, 'font-weight': 'bold', fill: VICTIM }));
    tagX += textWidth(L.victim[lang], 11, 'bold') + 8;
  }
  if (person.murderer) parts.push(text(tagX, baseline, murderer, { class: 'murderer-tag', 'font-size': 11, 'font-weight': 'bold', fill: INK }));

  let lineY = y + HEADER + TEXT_SIZE;
  for (const l of clueLines(person, width, lang)) {
    if (l.first) parts.push(text(x + PAD + 2, lineY, '•', { 'font-size': TEXT_SIZE, fill: MUTED }));
    const empty = person.clues.length === 0;
    parts.push(text(x + PAD + BULLET, lineY, l.text, { class: empty ? 'no-clue' : 'clue', 'font-size': TEXT_SIZE, fill: empty ? MUTED : INK }));
    lineY += LINE;
  }
  if (person.cell) parts.push(text(x + PAD + BULLET, lineY, positionText(person.cell, lang), { class: 'position', 'font-size': TEXT_SIZE, fill: SOLUTION }));
  return g({ class: 'card' }, parts);
}

const FACTS_TITLE = 24;

function factLines(facts: readonly string[], width: number): Array<{ text: string; first: boolean }> {
  return facts.flatMap((fact) => wrapText(fact, width - 2 * PAD - BULLET, TEXT_SIZE).map((l, i) => ({ text: l, first: i === 0 })));
}

/** The height of the case facts' box (`drawFacts`). */
export function factsHeight(facts: readonly string[], width: number, _lang: Lang): number {
  return PAD + FACTS_TITLE + factLines(facts, width).length * LINE + PAD - 4;
}

/**
 * The case facts (on no card) in a box under the cards: "Fakten" / "Facts", then one bullet per
 * fact, wrapped like the clue texts.
 *
 *   ┌ Facts ──────────────────────────┐
 *   │  • Exactly one room was empty.  │
 *   └─────────────────────────────────┘
 */
export function drawFacts(facts: readonly string[], x: number, y: number, width: number, lang: Lang): string {
  const height = factsHeight(facts, width, lang);
  const parts: string[] = [
    rect(x, y, width, height, { fill: '#f4f6f8', stroke: '#9aa5ad', 'stroke-width': 1, rx: 6 }),
    text(x + PAD, y + PAD + 14, L.facts[lang], { class: 'facts-title', 'font-size': NAME_SIZE, 'font-weight': 'bold', fill: INK }),
  ];
  let lineY = y + PAD + FACTS_TITLE + TEXT_SIZE;
  for (const l of factLines(facts, width)) {
    if (l.first) parts.push(text(x + PAD + 2, lineY, '•', { 'font-size': TEXT_SIZE, fill: MUTED }));
    parts.push(text(x + PAD + BULLET, lineY, l.text, { class: 'fact', 'font-size': TEXT_SIZE, fill: INK }));
    lineY += LINE;
  }
  return g({ class: 'facts' }, parts);
}

/**
 * The Murder case picture: title, the floor plan (plan.ts) with the object legend under it, and the
 * people's cards (cards.ts) in one or two columns beside it; the case facts, when the case has any,
 * in a box under the cards. With the solution (and only when the file has `secret`), each person's
 * token stands on their cell and the murderer is marked.
 *
 *   ┌ title ───────────────────────────────────────────────┐
 *   │    1   2   3 …                ┌ card 1 ┐ ┌ card 6 ┐ │
 *   │ 1 [plan        ]              │ card 2 │ │ …      │ │
 *   │ …                             └────────┘ └────────┘ │
 *   │                               ┌ Facts ────────────┐ │
 *   │ legend: standable …  blocking …│ • …              │ │
 *   └──────────────────────────────────────────────────────┘
 */
import { objectsOn, readCaseFile } from '../../murder/model.ts';
import type { MurderCaseInput } from '../../murder/schema.ts';
import type { Gender } from '../../murder/texts/grammar.ts';
import { capital, claimedLevelText, L, murdererLabel } from '../labels.ts';
import { type Lang } from '../../core/lang.ts';
import { heading, HEADING_BASELINE, MARGIN } from '../heading.ts';
import { INK, MURDERER, PERSON_F, PERSON_M, VICTIM } from '../palette.ts';
import type { PictureOptions } from '../picture.ts';
import { circle, g, svgDocument, text, type Picture } from '../svg.ts';
import { textWidth } from '../text.ts';
import { cardHeight, drawCard, drawFacts, factsHeight, type CardPerson } from './cards.ts';
import { isBlockingObject, legendOrder, objectIcon, objectLooks, objectName, type ObjectLooks } from './icons.ts';
import { floorPlan, hatch, type Token } from './plan.ts';

const CARD_WIDTH = 292;
const CARD_GAP = 10;
const LEGEND_SIZE = 11.5;

/** Cell size: 9×9 plans get 60 px, small plans a little more. */
function planCell(size: number): number {
  return Math.min(76, Math.round(540 / size));
}

export function murderPicture(input: MurderCaseInput, options: PictureOptions): Picture {
  const { file } = readCaseFile(input, { source: input.id ?? 'case' });
  const { lang } = options;
  const pub = file.public;
  const n = pub.size;
  const secret = options.solution ? file.secret : undefined;
  const S = planCell(n);

  const people: CardPerson[] = pub.people.map((p, i) => {
    const victim = p.clues.some((c) => c.kind === 'victim');
    const murderer = secret ? secret.solution.murderer === p.id : false;
    const token: Token = { number: i + 1, fill: victim ? VICTIM : murderer ? MURDERER : p.gender === 'f' ? PERSON_F : PERSON_M, ring: '#ffffff' };
    const person: CardPerson = { name: p.name, gender: p.gender, clues: p.clues.map((c) => c.text[lang]), victim, token };
    if (secret) {
      person.murderer = murderer;
      person.cell = secret.solution.positions[p.id];
    }
    return person;
  });
  const tokens = new Map<string, Token>();
  if (secret) for (const person of people) tokens.set(`${person.cell![0]},${person.cell![1]}`, person.token);

  const setting = pub.setting ? ` · ${capital(pub.setting.name[lang])}` : '';
  const title = `${L.murder[lang]} ${n}×${n}${setting}`;
  // a case from elsewhere may claim no level: say so rather than guess (verify reports the level it finds)
  const subtitle = `${claimedLevelText(pub.level, lang)} · ${n} ${L.people[lang]}${secret ? ` · ${L.solution[lang]}` : ''} · ${file.id}`;

  const planX = MARGIN + 22;
  const planY = HEADING_BASELINE + 30;
  const planSize = n * S;
  const murderer = secret ? pub.people.find((p) => p.id === secret.solution.murderer)!.gender : null;
  const looks = objectLooks(pub, lang);
  const legend = objectLegend(pub.objects.flat().flatMap((o) => objectsOn(o)), looks, planX - 22, planY + planSize + 22, planSize + 22, lang, murderer);
  const leftBottom = legend.bottom;

  // cards: one column when they fit beside the plan, otherwise two balanced columns
  const heights = people.map((p) => cardHeight(p, CARD_WIDTH, lang));
  const facts = (pub.facts ?? []).map((f) => f.text[lang]);
  const oneColumnFacts = facts.length > 0 ? factsHeight(facts, CARD_WIDTH, lang) + CARD_GAP : 0;
  const total = heights.reduce((a, b) => a + b + CARD_GAP, 0);
  const available = leftBottom - planY;
  const columns = total + oneColumnFacts <= available * 1.1 ? 1 : 2;
  const split = columns === 1 ? people.length : balancedSplit(heights);
  const cardsX = planX + planSize + 30;
  const cards: string[] = [];
  let columnBottom = planY;
  for (let col = 0; col < columns; col++) {
    let y = planY - 10;
    const from = col === 0 ? 0 : split;
    const to = col === 0 ? split : people.length;
    for (let i = from; i < to; i++) {
      cards.push(drawCard(people[i]!, cardsX + col * (CARD_WIDTH + CARD_GAP), y, CARD_WIDTH, lang));
      y += heights[i]! + CARD_GAP;
    }
    columnBottom = Math.max(columnBottom, y);
  }
  if (facts.length > 0) {
    // under the cards, as wide as their columns
    const factsWidth = columns * (CARD_WIDTH + CARD_GAP) - CARD_GAP;
    cards.push(drawFacts(facts, cardsX, columnBottom, factsWidth, lang));
    columnBottom += factsHeight(facts, factsWidth, lang) + CARD_GAP;
  }

  const head = heading(title, subtitle);
  const width = Math.max(cardsX + columns * (CARD_WIDTH + CARD_GAP) - CARD_GAP, head.right) + MARGIN;
  const height = Math.max(leftBottom, columnBottom) + MARGIN;
  const parts = [
    ...head.markup,
    floorPlan(pub, { x: planX, y: planY, cell: S, lang, tokens, looks }),
    legend.markup,
    g({}, cards),
  ];
  return svgDocument(width, height, `${title}, ${subtitle}`, parts);
}

/** First index of the second column: the split that makes the taller column shortest. */
function balancedSplit(heights: readonly number[]): number {
  let best = 1;
  let bestTall = Infinity;
  for (let k = 1; k < heights.length; k++) {
    const a = heights.slice(0, k).reduce((s, h) => s + h + CARD_GAP, 0);
    const b = heights.slice(k).reduce((s, h) => s + h + CARD_GAP, 0);
    if (Math.max(a, b) < bestTall) {
      bestTall = Math.max(a, b);
      best = k;
    }
  }
  return best;
}

/**
 * The objects on this plan, standable ones first, each as icon + name (built-in ones in catalogue
 * order, then the case's declared ones with their tag and name), flowing in lines of the plan's
 * width; with the solution (the murderer's gender given), the victim's and the murderer's token
 * colours.
 */
function objectLegend(present: readonly string[], looks: ObjectLooks, x: number, y: number, width: number, lang: Lang, murderer: Gender | null): { markup: string; bottom: number } {
  const have = new Set(present);
  const order = legendOrder(looks);
  const groups: Array<{ label: string; ids: string[] }> = [
    { label: L.standable[lang], ids: order.filter((id) => have.has(id) && !isBlockingObject(id, looks)) },
    { label: L.blocking[lang], ids: order.filter((id) => have.has(id) && isBlockingObject(id, looks)) },
  ];
  const ICON = 20;
  const LINE = 26;
  const parts: string[] = [];
  let cy = y;
  for (const group of groups) {
    if (group.ids.length === 0) continue;
    parts.push(text(x, cy + 14, `${group.label}:`, { 'font-size': LEGEND_SIZE, 'font-weight': 'bold', fill: INK }));
    let cx = x + textWidth(`${group.label}:`, LEGEND_SIZE, 'bold') + 10;
    for (const id of group.ids) {
      const name = objectName(id, lang, looks);
      const itemWidth = ICON + 5 + textWidth(name, LEGEND_SIZE) + 12;
      if (cx + itemWidth > x + width && cx > x + 40) {
        cy += LINE;
        cx = x + 12;
      }
      const item: string[] = [];
      if (isBlockingObject(id, looks)) item.push(hatch(cx, cy, ICON));
      item.push(objectIcon(id, cx + 1, cy + 1, ICON - 2, looks), text(cx + ICON + 5, cy + 14, name, { 'font-size': LEGEND_SIZE, fill: INK }));
      parts.push(g({ class: 'legend-object' }, item));
      cx += itemWidth;
    }
    cy += LINE;
  }
  if (murderer) {
    let cx = x;
    for (const [fill, label] of [[VICTIM, L.victim[lang]], [MURDERER, murdererLabel(murderer, lang)]] as const) {
      parts.push(circle(cx + 9, cy + 9, 8, { fill, stroke: '#ffffff', 'stroke-width': 2 }));
      parts.push(text(cx + 24, cy + 14, label, { 'font-size': LEGEND_SIZE, fill: INK }));
      cx += 24 + textWidth(label, LEGEND_SIZE) + 18;
    }
    cy += LINE;
  }
  return { markup: g({ class: 'legend' }, parts), bottom: cy };
}

import { describe, expect, test } from 'vitest';
import { OBJECT_NOUNS, type ObjectId } from '../../src/murder/catalogue/objects.ts';
import { playerForm } from '../../src/murder/case-file.ts';
import type { MurderCaseFile } from '../../src/murder/schema.ts';
import { murderPicture } from '../../src/render/murder/index.ts';
import { svgToPng } from '../../src/render/png.ts';
import { pngSize } from '../helpers/png.ts';
import { esc } from '../../src/render/svg.ts';
import { murderCase } from './samples.ts';
import { allTexts, countClass, textsOfClass, wellFormed } from './svg-helpers.ts';

/** Orthogonal neighbour pairs in different rooms: the walls. */
function walls(file: MurderCaseFile): number {
  const { size: n, roomOf } = file.public;
  let count = 0;
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (c + 1 < n && roomOf[r]![c] !== roomOf[r]![c + 1]) count++;
      if (r + 1 < n && roomOf[r]![c] !== roomOf[r + 1]![c]) count++;
    }
  }
  return count;
}

describe.each([4, 6, 9])('Murder picture of a %i×%i case', (size) => {
  const file = murderCase(size);
  const pub = file.public;

  test.each(['de', 'en'] as const)('plan, walls, room names, objects and cards (%s)', (lang) => {
    const { svg } = murderPicture(playerForm(file), { solution: false, lang });
    expect(wellFormed(svg)).toBe(true);
    expect(countClass(svg, 'floor')).toBe(size * size);
    expect(countClass(svg, 'room-wall')).toBe(walls(file));
    expect(countClass(svg, 'outline')).toBe(1);
    const names = svg.match(/class="room-name"/g)?.length ?? 0;
    expect(names).toBe(pub.rooms.length);
    const texts = allTexts(svg).join('\n');
    for (const room of pub.rooms) expect(texts).toContain(room.name[lang].split(' ')[0]);
    const objects = pub.objects.flat().filter((o) => o !== null);
    expect(countClass(svg, 'object') - countClass(svg, 'legend-object')).toBe(objects.length);
    for (const id of new Set(objects)) expect(texts).toContain(OBJECT_NOUNS[id as ObjectId][lang].word);
    expect(countClass(svg, 'row-label')).toBe(size);
    expect(countClass(svg, 'column-label')).toBe(size);
    expect(countClass(svg, 'card')).toBe(size);
    expect(textsOfClass(svg, 'person-name')).toEqual(pub.people.map((p) => p.name));
    // every clue's text is on its card (wrapped lines joined back)
    const clueText = textsOfClass(svg, 'clue').join(' ');
    for (const p of pub.people) for (const c of p.clues) expect(clueText).toContain(c.text[lang].split(' ').slice(0, 3).join(' '));
    expect(countClass(svg, 'victim-tag')).toBe(1);
  });

  test('no solution without --solution, and nothing of the secret part', () => {
    const { svg } = murderPicture(playerForm(file), { solution: false, lang: 'en' });
    expect(countClass(svg, 'person')).toBe(0);
    expect(countClass(svg, 'murderer-tag')).toBe(0);
    expect(countClass(svg, 'position')).toBe(0);
    expect(svg).not.toContain(file.secret!.seed);
    expect(murderPicture(file, { solution: false, lang: 'en' }).svg).toBe(svg);
  });

  test('with --solution: a token on each person\'s cell, the murderer marked', () => {
    const { svg } = murderPicture(file, { solution: true, lang: 'en' });
    expect(countClass(svg, 'person')).toBe(size);
    expect(countClass(svg, 'murderer-tag')).toBe(1);
    const murderer = pub.people.findIndex((p) => p.id === file.secret!.solution.murderer);
    const cards = svg.split('class="card"').slice(1);
    expect(cards[murderer]).toContain('murderer-tag');
    const positions = textsOfClass(svg, 'position');
    expect(positions).toEqual(pub.people.map((p) => {
      const [r, c] = file.secret!.solution.positions[p.id]!;
      return `→ row ${r + 1}, column ${c + 1}`;
    }));
  });
});

test('names and clue texts with quotes, ampersands and umlauts are escaped and still render', () => {
  const file = structuredClone(murderCase(4));
  file.public.people[0]!.name = `Zoë "Zo" O'Neil & <Co>`;
  file.public.people[1]!.clues.forEach((c) => (c.text.de = `${c.text.de} „Größe“ & <b>`));
  const { svg } = murderPicture(file, { solution: false, lang: 'de' });
  expect(wellFormed(svg)).toBe(true);
  expect(svg).toContain(esc(`Zoë "Zo" O'Neil & <Co>`));
  expect(svg).not.toContain('<Co>');
  expect(svg).not.toContain('<b>');
  const png = svgToPng(svg, { scale: 1 });
  expect(pngSize(png)).not.toBeNull();
});

/**
 * Pictures belong to render: the kinds carry no drawing code (so verifying and generating never
 * load it), render's drawer table draws the built-in kinds, and a kind from elsewhere is drawn
 * once it registers a drawer.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { drawableFormats, pictureOf, registerDrawer } from '../../src/render/pictures.ts';
import { ROOT } from '../helpers/cli.ts';
import { toyKind } from '../pipeline/fixtures/toy-kind.ts';

describe('drawers', () => {
  test('no module of src/kinds imports src/render', () => {
    const names = readdirSync(join(ROOT, 'src/kinds')).filter((name) => name.endsWith('.ts'));
    expect(names.length).toBeGreaterThan(6);
    for (const name of names) expect(readFileSync(join(ROOT, 'src/kinds', name), 'utf8'), name).not.toMatch(/from '\.\.\/render\//);
  });

  test('no module of src/render reads a pipeline format (arrows point down only)', () => {
    const names = readdirSync(join(ROOT, 'src/render'), { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.ts'));
    for (const name of names) expect(readFileSync(join(ROOT, 'src/render', name), 'utf8'), name).not.toMatch(/from '(\.\.\/)+pipeline\//);
  });

  test('the built-in kinds and the tile games are drawable', () => {
    expect(drawableFormats()).toEqual(expect.arrayContaining(['puzzlemill/numbridge-board', 'puzzlemill/murder-case', 'puzzlemill/kosmos-deal', 'puzzlemill/domino-record']));
  });

  test('a kind registered from elsewhere (the toy kind) is drawn once it registers a drawer, from its player form', () => {
    const request = toyKind.parseRequest({});
    const file = toyKind.generate(request, toyKind.puzzleSeed('drawer', request, 0));
    const where = { source: 'toy.json' };
    expect(() => pictureOf(file, where, { solution: false, lang: 'en' })).toThrow(/cannot draw "test\/toy"/);
    registerDrawer('test/toy', (f) => ({ svg: `<svg>${'secret' in f ? 'with secret' : 'player form'}</svg>`, width: 1, height: 1 }) as never);
    expect(drawableFormats()).toContain('test/toy');
    expect(pictureOf(file, where, { solution: false, lang: 'en' }).picture.svg).toBe('<svg>player form</svg>');
    expect(pictureOf(file, where, { solution: true, lang: 'en' })).toMatchObject({ solution: true, picture: { svg: '<svg>with secret</svg>' } });
  });
});

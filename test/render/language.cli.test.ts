/**
 * German output is German everywhere a reader looks (issue 25, section 5): `render --html --lang de`
 * over a daily set and game deals (headings, the contents' lines, meta lines, link texts, every
 * picture's words) and `grade --proof --lang de` (header and steps) keep none of the English
 * labels, and the English page none of the German ones. The murderer's mark follows their gender: "Täterin",
 * "Täter"; "das Opfer" is neuter either way.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Lang } from '../../src/core/lang.ts';
import { victimMurdererText, type ProofNames } from '../../src/murder/prover/texts.ts';
import { renderSvg } from '../../src/render/index.ts';
import { L } from '../../src/render/labels.ts';
import { runCli } from '../helpers/cli.ts';
import { murderCase } from './samples.ts';

/** The words of a language's labels that the other language does not share ("Numbridge", "Hand" are both). */
function ownWords(lang: Lang): string[] {
  const other: Lang = lang === 'de' ? 'en' : 'de';
  const words = (l: Lang) => Object.values(L).flatMap((phrase) => phrase[l].split(/[^\p{L}]+/u)).filter((w) => w.length > 2);
  const shared = new Set(words(other).map((w) => w.toLowerCase()));
  return [...new Set(words(lang))].filter((w) => !shared.has(w.toLowerCase()));
}

/** What the verifier's English summaries and the grade lines say, beyond the labels. */
const ENGLISH_EXTRA = ['easy', 'medium', 'hard', 'fiendish', 'extreme', 'clues', 'robust', 'score', 'murderer', 'Not readable'];
const ENGLISH = [...ownWords('en'), ...ENGLISH_EXTRA];
const GERMAN = [...ownWords('de'), 'leicht', 'mittel', 'schwer', 'Täterin', 'Täter', 'Punkte'];

/** Every text a reader sees on the page: text between tags (the pictures' too), without styles, file names and ids. */
function visibleText(html: string): string {
  return html
    .replace(/<style>[\s\S]*?<\/style>/g, '')
    .replace(/<code>[\s\S]*?<\/code>/g, '')
    .replace(/<[^>]*>/g, '\n')
    .replace(/&[a-z]+;|&#\d+;/g, ' ');
}

/** The words of `words` that occur in `text` as whole words (case-insensitive). */
function found(text: string, words: readonly string[]): string[] {
  return words.filter((w) => new RegExp(`(?<![\\p{L}-])${w}(?![\\p{L}-])`, 'iu').test(text));
}

let dir = '';
let secret = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'pm-language-'));
  const key = join(dir, 'daily.key');
  writeFileSync(key, 'the language test daily key, 32 characters or more', { mode: 0o600 });
  const r = runCli(['daily', '--date', '2026-12-01', '--out', join(dir, 'daily'), '--key-file', key, '--quiet']);
  expect(r.code, r.stderr).toBe(0);
  secret = join(dir, 'daily', 'secret', '2026-12-01');
  // the games' deals beside the puzzles: pages list them too
  mkdirSync(join(dir, 'games'));
  for (const [game, players] of [['kosmos', '2'], ['domino', '3']]) {
    const deal = runCli(['deal', game!, '--players', players!, '--seed', 'language-test']);
    expect(deal.code, deal.stderr).toBe(0);
    writeFileSync(join(dir, 'games', `${game}.json`), deal.stdout);
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('render --html', () => {
  test.each([
    ['de', ENGLISH, GERMAN],
    ['en', GERMAN, ENGLISH],
  ] as const)('--lang %s: none of the other language\'s labels on the page', (lang, foreign, own) => {
    let text = '';
    for (const folder of [secret, join(dir, 'games')]) {
      const out = join(dir, `${lang}.html`);
      const r = runCli(['render', '--html', folder, '--solution', '--lang', lang, '--out', out]);
      expect(r.code, r.stderr).toBe(0);
      text += visibleText(readFileSync(out, 'utf8'));
    }
    expect(found(text, foreign)).toEqual([]);
    // and the page does speak its language (the check above is not vacuous)
    expect(found(text, own).length).toBeGreaterThan(5);
  });
});

describe('grade --proof', () => {
  test('--lang de: the header and the steps in German', () => {
    const files = readdirSync(secret).filter((f) => f !== 'index.json').map((f) => join(secret, f));
    const r = runCli(['grade', '--proof', '--lang', 'de', ...files]);
    expect(r.code, r.stderr).toBe(0);
    // the technique counts are ids ("naked-single ×3"), the same in every language
    const text = r.stdout.replace(/:\s[a-z0-9-]+ ×\d+(, [a-z0-9-]+ ×\d+)*$/gm, '').replace(/\S*\.json:\d+ \S+/g, '');
    expect(found(text, ENGLISH)).toEqual([]);
    expect(r.stdout).toMatch(/ (leicht|mittel|schwer|teuflisch|extrem) \(Stufe \d\), Punkte \d+/);
  });

  test('--lang en: the header as before', () => {
    const r = runCli(['grade', join(secret, 'numbridge-9-regular.json')]);
    expect(r.stdout).toMatch(/ (easy|medium|hard|fiendish|extreme) \(level \d\), score \d+: /);
  });
});

describe('the murderer in their gender', () => {
  test('the solution picture marks a woman "Täterin", a man "Täter"; English "murderer" either way', () => {
    for (const gender of ['f', 'm'] as const) {
      const file = structuredClone(murderCase(5));
      file.public.people.find((p) => p.id === file.secret!.solution.murderer)!.gender = gender;
      const de = renderSvg(file, { lang: 'de', solution: true });
      const word = gender === 'f' ? 'Täterin' : 'Täter';
      expect(/class="murderer-tag"[^>]*>([^<]*)</.exec(de)?.[1]).toBe(word);
      // the card's mark and the legend's; the victim's card keeps the sheet's "mit dem Täter allein"
      expect(de.match(/>Täterin</g) ?? []).toHaveLength(gender === 'f' ? 2 : 0);
      expect(de.match(/>Täter</g) ?? []).toHaveLength(gender === 'f' ? 0 : 2);
      expect(visibleText(renderSvg(file, { lang: 'en', solution: true }))).toMatch(/\bmurderer\b/);
    }
  });

  test('the proof step that finds the murderer', () => {
    const names = (gender: 'f' | 'm'): ProofNames => ({
      person: (p) => ['Vera', 'Ida'][p]!,
      gender: () => gender,
      room: () => ({ de: 'im Foyer', en: 'in the foyer' }),
      clue: () => ({ de: '', en: '' }),
    });
    expect(victimMurdererText(names('f'), 0, 0, 1).de).toBe('Das Opfer Vera ist im Foyer, und nur Ida kann noch dort stehen: Ida ist die Täterin.');
    expect(victimMurdererText(names('m'), 0, 0, 1).de).toMatch(/: Ida ist der Täter\.$/);
  });
});

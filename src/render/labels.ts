/**
 * The words the pictures print themselves (titles, legends), in German and English. Room names,
 * people and clue texts come from the files; only the frame around them is here.
 */
import type { Lang } from '../core/lang.ts';
import { MURDERER_NOUN, type Gender } from '../murder/texts/grammar.ts';

type Phrase = Readonly<Record<Lang, string>>;

export const L = {
  numbridge: { de: 'Numbridge', en: 'Numbridge' },
  regularBlocks: { de: 'reguläre Blöcke', en: 'regular blocks' },
  irregularBlocks: { de: 'unregelmäßige Blöcke', en: 'irregular blocks' },
  givens: { de: 'Vorgaben', en: 'givens' },
  grade: { de: 'Stufe', en: 'grade' },
  level: { de: 'Stufe', en: 'level' },
  player1: { de: 'Spieler 1', en: 'Player 1' },
  player2: { de: 'Spieler 2', en: 'Player 2' },
  player1Joins: { de: 'Spieler 1 verbindet oben und unten', en: 'Player 1 joins top and bottom' },
  player2Joins: { de: 'Spieler 2 verbindet links und rechts', en: 'Player 2 joins left and right' },
  solution: { de: 'Lösung', en: 'solution' },
  solutionDigits: { de: 'Lösungsziffern', en: 'solution digits' },
  row: { de: 'Reihe', en: 'row' },
  column: { de: 'Spalte', en: 'column' },
  murder: { de: 'Sudoku Murder', en: 'Sudoku Murder' },
  standable: { de: 'betretbar', en: 'standable' },
  blocking: { de: 'blockiert (niemand steht dort)', en: 'blocking (nobody stands there)' },
  victim: { de: 'Opfer', en: 'victim' },
  people: { de: 'Personen', en: 'people' },
  kosmos: { de: 'SuDoku – Das Brettspiel', en: 'SuDoku – the board game' },
  domino: { de: 'Domino-SUDOKU', en: 'Domino-SUDOKU' },
  deal: { de: 'Austeilung', en: 'deal' },
  record: { de: 'Partie', en: 'game record' },
  position: { de: 'Stellung', en: 'position' },
  players: { de: 'Spieler', en: 'players' },
  gold: { de: 'Goldplättchen', en: 'gold tiles' },
  tile: { de: 'Plättchen', en: 'tiles' },
  lateError: { de: 'Fehler, zu spät bemerkt (bleibt liegen)', en: 'error noticed late (stays)' },
  ruleBroken: { de: 'Regelverstoß, blieb liegen', en: 'rule broken, stayed on the board' },
  lastMove: { de: 'letzter Zug', en: 'last move' },
  afterTurn: { de: 'nach Zug', en: 'after turn' },
  completion: { de: 'Vervollständigung (geheim)', en: 'completion (secret)' },
  pile: { de: 'Stapel in Ziehreihenfolge (geheim)', en: 'pile in draw order (secret)' },
  hand: { de: 'Hand', en: 'hand' },
  remaining: { de: 'noch zu legen', en: 'still to place' },
  lastDomino: { de: 'zuletzt gelegt', en: 'played last' },
  score: { de: 'Punkte', en: 'score' },
  winner: { de: 'Sieger', en: 'winner' },
  seat: { de: 'Platz', en: 'seat' },
  aside: { de: 'beiseite gelegt', en: 'put aside' },
  unreadable: { de: 'Nicht lesbar', en: 'Not readable' },
  faceDown: { de: 'verdeckt', en: 'face down' },
} as const satisfies Record<string, Phrase>;

/** The solution's mark of the murderer, in their gender: "Täterin", "Täter" (murder/texts/grammar.ts). */
export function murdererLabel(gender: Gender, lang: Lang): string {
  return MURDERER_NOUN[gender][lang].word;
}

/** Grade and level names of the files (English ids) in German. */
const GRADE_NAMES_DE: Readonly<Record<string, string>> = {
  easy: 'leicht',
  medium: 'mittel',
  moderate: 'mittel',
  hard: 'schwer',
  fiendish: 'teuflisch',
  extreme: 'extrem',
};

/** "hotel" → "Hotel": headings start with a capital in both languages. */
export function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function levelName(name: string, lang: Lang): string {
  return lang === 'de' ? (GRADE_NAMES_DE[name] ?? name) : name;
}

/** "grade 3 (hard)", "Stufe 2 (mittel)": a level as pictures and pages print it, under the file's own word. */
export function levelText(word: 'grade' | 'level', level: { level: number; name: string }, lang: Lang): string {
  return `${L[word][lang]} ${level.level} (${levelName(level.name, lang)})`;
}

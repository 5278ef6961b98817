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
  levelUnclaimed: { de: 'Stufe nicht angegeben', en: 'level not stated' },
  facts: { de: 'Fakten', en: 'Facts' },
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
  bridge: { de: 'Brücke', en: 'Bridge' },
  blitz: { de: 'Blitz', en: 'Blitz' },
  domains: { de: 'Domänen', en: 'Domains' },
  afterMove: { de: 'nach Zug', en: 'after move' },
  table: { de: 'Tisch', en: 'table' },
  seatView: { de: 'Sicht von Spieler', en: 'seen by player' },
  ownedBy1: { de: 'Feld von Spieler 1', en: 'owned by player 1' },
  ownedBy2: { de: 'Feld von Spieler 2', en: 'owned by player 2' },
  given: { de: 'Vorgabe (fett; genommen: getönt)', en: 'given (bold; taken: tinted)' },
  placedTile: { de: 'richtig gelegter Stein', en: 'tile laid right' },
  mistakeMark: { de: 'Fehler dieses Zugs: rote Markierung mit der Ziffer, die nicht passte', en: 'mistake of this move: red mark with the digit that did not fit' },
  earlierMistake: { de: 'frühere Fehler (die rote Markierung erscheint nur kurz)', en: 'earlier mistakes (the red mark shows only briefly)' },
  bag: { de: 'Beutel', en: 'bag' },
  bagTiles: { de: 'Steine im Beutel', en: 'tiles in the bag' },
  tiles: { de: 'Steine', en: 'tiles' },
  faceDown: { de: 'verdeckt', en: 'face down' },
  pileLeft: { de: 'Plättchen im Stapel (verdeckt)', en: 'tiles in the pile (face down)' },
  yourTile: { de: 'Ihr Plättchen', en: 'your tile' },
  holdsOne: { de: 'hält ein Plättchen (verdeckt)', en: 'holds a tile (face down)' },
  holdsNone: { de: 'hält kein Plättchen', en: 'holds no tile' },
  mistakes: { de: 'Fehler', en: 'mistakes' },
  lapsed: { de: 'davon verfallen', en: 'lapsed' },
  gameTime: { de: 'Partiezeit', en: 'game time' },
  turnLeft: { de: 'Zugzeit übrig', en: 'turn time left' },
  toMove: { de: 'am Zug', en: 'to move' },
  movesLeft: { de: 'Züge übrig', en: 'moves left' },
  you: { de: 'Sie', en: 'you' },
  blocksOwned: { de: 'Blöcke', en: 'blocks' },
  gameOver: { de: 'Partie beendet', en: 'game over' },
  noWinner: { de: 'kein Sieger', en: 'no winner' },
  contradictions: { de: 'Widersprüche zu den Regeln (replay numbridge nennt sie)', en: 'contradictions with the rules (replay numbridge lists them)' },
  startPosition: { de: 'Ausgangsstellung', en: 'starting position' },
  lastPlace: { de: 'legt', en: 'lays' },
  lastPlaceWrong: { de: 'Fehler', en: 'a mistake' },
  lastTake: { de: 'nimmt die Vorgabe auf', en: 'takes the given on' },
  lastSwap: { de: 'tauscht die Hand', en: 'swaps the hand' },
  lastSkip: { de: 'kann nicht ziehen: übersprungen', en: 'has nothing to play: skipped' },
  lastTimeout: { de: 'Zugzeit abgelaufen: Zug verfällt', en: 'turn limit ran out: the move lapses' },
  lastTimeUp: { de: 'Partiezeit abgelaufen', en: 'game time ran out' },
  lastResign: { de: 'gibt auf', en: 'resigns' },
  lastDraw: { de: 'Remis vereinbart', en: 'draw agreed' },
  lastAdjourn: { de: 'Partie vertagt', en: 'game adjourned' },
  on: { de: 'auf', en: 'on' },
  unreadable: { de: 'Nicht lesbar', en: 'Not readable' },
} as const satisfies Record<string, Phrase>;

/** How a Numbridge game ended (GameResult.reason). */
export const RESULT_REASONS = {
  connection: { de: 'verbindet seine Seiten', en: 'joins its sides' },
  blocks: { de: 'besitzt die Mehrheit der Blöcke', en: 'owns a majority of the blocks' },
  resignation: { de: 'der Gegner gab auf', en: 'the opponent resigned' },
  time: { de: 'der Gegner überschritt die Zeit', en: 'the opponent ran out of time' },
  agreement: { de: 'Remis nach Vereinbarung', en: 'a draw by agreement' },
  abandoned: { de: 'abgebrochen: beide ließen ihre Züge verfallen', en: 'abandoned: both players lapsed their turns' },
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

/**
 * A Murder case's level claim as pictures and pages print it: "Stufe 2 (mittel)", or — for a case
 * from elsewhere that claims none (issue 26) — "Stufe nicht angegeben" / "level not stated".
 */
export function claimedLevelText(level: { level: number; name: string } | undefined, lang: Lang): string {
  return level ? levelText('level', level, lang) : L.levelUnclaimed[lang];
}

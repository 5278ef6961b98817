/**
 * The sentences of proof steps, in German and English. Built only in proof mode; the generator's
 * fast mode never calls these.
 */
import { capitalise, germanAnotherDative, germanDefiniteNominative, germanNoOtherNominative, listWords, MURDERER_NOUN, PERSON_NOUN, type Gender } from '../texts/grammar.ts';
import { cellLabel } from '../cells.ts';
import type { Lang } from '../../core/lang.ts';

type Bilingual = { de: string; en: string };

/** How the prover names people, rooms and clues in its sentences. */
export interface ProofNames {
  person(p: number): string;
  gender(p: number): Gender;
  /** The room as a location: "in der Bibliothek" / "in the library". */
  room(room: number): Bilingual;
  /** The text of clue `index` on person p's card. */
  clue(p: number, index: number): Bilingual;
  /** The text of case fact `index` (model.facts order); without it a step says "the case fact". */
  fact?(index: number): Bilingual;
}

const pronoun = (g: Gender) => ({ de: g === 'f' ? 'sie' : 'er', en: g === 'f' ? 'she' : 'he' });
/** "1 Reihe", "2 Reihen": a count with its noun in the right number. */
const counted = (k: number, one: string, many: string) => `${k} ${k === 1 ? one : many}`;
const cellsPlural = (k: number) => ({ de: k === 1 ? 'Feld' : 'Felder', en: k === 1 ? 'cell' : 'cells' });

export function clueFilterText(names: ProofNames, p: number, index: number, removed: number): Bilingual {
  const clue = names.clue(p, index);
  const w = cellsPlural(removed);
  return {
    de: `${names.person(p)}: „${clue.de}“ Das schließt ${removed} ${w.de} aus.`,
    en: `${names.person(p)}: “${clue.en}” That rules out ${removed} ${w.en}.`,
  };
}

export function nakedSingleText(names: ProofNames, p: number, cell: number): Bilingual {
  return {
    de: `Für ${names.person(p)} bleibt nur ${cellLabel(cell, 'de')}. Reihe und Spalte sind damit für alle anderen besetzt.`,
    en: `Only ${cellLabel(cell, 'en')} is left for ${names.person(p)}. Nobody else can use that row or column.`,
  };
}

export function lineSingleText(names: ProofNames, p: number, line: 'row' | 'column', index: number): Bilingual {
  const pr = pronoun(names.gender(p));
  const de = line === 'row' ? `Reihe ${index + 1}` : `Spalte ${index + 1}`;
  const en = `${line} ${index + 1}`;
  return {
    de: `Nur ${names.person(p)} kann noch in ${de} stehen, also steht ${pr.de} dort.`,
    en: `Only ${names.person(p)} can still stand in ${en}, so ${pr.en} does.`,
  };
}

export function claimingText(names: ProofNames, p: number, line: 'row' | 'column', index: number): Bilingual {
  const de = line === 'row' ? `Reihe ${index + 1}` : `Spalte ${index + 1}`;
  return {
    de: `${names.person(p)} steht sicher in ${de}, also steht dort niemand sonst.`,
    en: `${names.person(p)} must be in ${line} ${index + 1}, so nobody else is.`,
  };
}

export function victimNobodyText(names: ProofNames, v: number, room: number): Bilingual {
  const at = names.room(room);
  return {
    de: `Das Opfer ${names.person(v)} ist nicht ${at.de}: Der Täter müsste dort sein, aber niemand sonst kann ${at.de} stehen.`,
    en: `The victim ${names.person(v)} is not ${at.en}: the murderer would be there too, but nobody else can be.`,
  };
}

export function victimCrowdText(names: ProofNames, v: number, room: number, a: number, b: number): Bilingual {
  const at = names.room(room);
  return {
    de: `Das Opfer ${names.person(v)} ist nicht ${at.de}: ${names.person(a)} und ${names.person(b)} stehen beide dort, beim Opfer ist aber nur der Täter.`,
    en: `The victim ${names.person(v)} is not ${at.en}: ${names.person(a)} and ${names.person(b)} are both there, but only the murderer is with the victim.`,
  };
}

export function victimMurdererText(names: ProofNames, v: number, room: number, q: number): Bilingual {
  const at = names.room(room);
  return {
    de: `Das Opfer ${names.person(v)} ist ${at.de}, und nur ${names.person(q)} kann noch dort stehen: ${names.person(q)} ist ${germanDefiniteNominative(MURDERER_NOUN[names.gender(q)].de)}.`,
    en: `The victim ${names.person(v)} is ${at.en}, and only ${names.person(q)} can be there too: ${names.person(q)} is the murderer.`,
  };
}

export function victimClosedText(names: ProofNames, v: number, room: number, q: number): Bilingual {
  const at = names.room(room);
  return {
    de: `${capitalise(at.de)} sind das Opfer ${names.person(v)} und ${names.person(q)}; sonst steht dort niemand.`,
    en: `${capitalise(at.en)} are the victim ${names.person(v)} and ${names.person(q)}; nobody else is there.`,
  };
}

export function withAnotherTakenText(names: ProofNames, p: number, room: number, gender: Gender, q: number): Bilingual {
  const at = names.room(room);
  const noun = PERSON_NOUN[gender];
  return {
    de: `${names.person(p)} war mit ${germanAnotherDative(noun.de)} ${at.de}, und ${names.person(q)} steht sicher dort: ${capitalise(germanNoOtherNominative(noun.de))} kann ${at.de} sein.`,
    en: `${names.person(p)} was ${at.en} with another ${noun.en.word}, and ${names.person(q)} is certainly there: no other ${noun.en.word} can be.`,
  };
}

export function withAnotherOnlyText(names: ProofNames, p: number, room: number, gender: Gender, q: number): Bilingual {
  const at = names.room(room);
  const noun = PERSON_NOUN[gender];
  return {
    de: `${names.person(p)} war mit ${germanAnotherDative(noun.de)} ${at.de}, und nur ${names.person(q)} kommt dafür in Frage: ${names.person(q)} steht ${at.de}.`,
    en: `${names.person(p)} was ${at.en} with another ${noun.en.word}, and only ${names.person(q)} can be that ${noun.en.word}: ${names.person(q)} is ${at.en}.`,
  };
}

/** Names the loner again at the end: "er"/"he" could be either person when both are men. */
export function aloneExcludedText(names: ProofNames, p: number, room: number, q: number): Bilingual {
  const at = names.room(room);
  return {
    de: `${names.person(p)} war allein im Raum, aber ${names.person(q)} steht sicher ${at.de}: also ist ${names.person(p)} nicht dort.`,
    en: `${names.person(p)} was alone in the room, but ${names.person(q)} is certainly ${at.en}: so ${names.person(p)} is not.`,
  };
}

export function aloneClaimText(names: ProofNames, p: number, room: number): Bilingual {
  const at = names.room(room);
  return {
    de: `${names.person(p)} war allein ${at.de}: Niemand sonst steht dort.`,
    en: `${names.person(p)} was alone ${at.en}: nobody else is there.`,
  };
}

export function capacityText(names: ProofNames, room: number, rows: number, columns: number, inside: number[]): Bilingual {
  const at = names.room(room);
  const cap = Math.min(rows, columns);
  const who = (lang: Lang) => listWords(inside.map((p) => names.person(p)), lang);
  return {
    de: `${capitalise(at.de)} ist nur in ${counted(rows, 'Reihe', 'Reihen')} und ${counted(columns, 'Spalte', 'Spalten')} Platz, also für höchstens ${counted(cap, 'Person', 'Personen')}, und ${who('de')} ${inside.length === 1 ? 'steht' : 'stehen'} sicher dort: Niemand sonst kann ${at.de} sein.`,
    en: `${capitalise(at.en)} there is space in only ${counted(rows, 'row', 'rows')} and ${counted(columns, 'column', 'columns')}, so for at most ${counted(cap, 'person', 'people')}, and ${who('en')} ${inside.length === 1 ? 'is' : 'are'} certainly there: nobody else can be.`,
  };
}

export function hallText(names: ProofNames, people: number[], line: 'row' | 'column', lines: number[]): Bilingual {
  const k = people.length;
  const who = (lang: Lang) => listWords(people.map((p) => names.person(p)), lang);
  const list = (lang: Lang) => listWords(lines.map((i) => String(i + 1)), lang);
  const de = line === 'row' ? 'Reihen' : 'Spalten';
  return {
    de: `${who('de')} können zusammen nur in den ${de} ${list('de')} stehen: ${k} Personen für ${k} ${de}. Diese ${de} gehören ihnen, alle anderen scheiden dort aus.`,
    en: `Between them, ${who('en')} can only stand in ${line}s ${list('en')}: ${k} people for ${k} ${line}s. Those ${line}s are theirs; nobody else stands there.`,
  };
}

export function rectangleText(names: ProofNames, p: number, options: number[], targets: number[]): Bilingual {
  const label = (cells: number[], lang: Lang, conjunction: 'and' | 'or') => listWords(cells.map((c) => cellLabel(c, lang)), lang, conjunction);
  const object = names.gender(p) === 'f' ? 'her' : 'him';
  return {
    de: `${names.person(p)} steht auf ${label(options, 'de', 'or')}. Wer sonst auf ${label(targets, 'de', 'or')} stünde, teilte mit jedem dieser Felder Reihe oder Spalte, und für ${names.person(p)} bliebe keines: Dort steht niemand sonst.`,
    en: `${names.person(p)} is on ${label(options, 'en', 'or')}. Anyone else on ${label(targets, 'en', 'or')} would share a row or column with each of them, leaving ${object} nowhere: nobody else is there.`,
  };
}

/** `person` is −1 when nobody in particular is placed by the step. */
export function oneCellLineText(names: ProofNames, line: 'row' | 'column', index: number, cell: number, person: number): Bilingual {
  const here = { de: line === 'row' ? `Reihe ${index + 1}` : `Spalte ${index + 1}`, en: `${line} ${index + 1}` };
  const across = line === 'row' ? 'column' : 'row';
  const acrossIndex = (line === 'row' ? cell % 9 : (cell / 9) | 0) + 1;
  const there = { de: across === 'row' ? `Reihe ${acrossIndex}` : `Spalte ${acrossIndex}`, en: `${across} ${acrossIndex}` };
  const every = { de: line === 'row' ? 'jeder Reihe' : 'jeder Spalte', en: `every ${line}` };
  let de = `In ${here.de} ist nur noch ${cellLabel(cell, 'de')} frei, und in ${every.de} steht jemand: Dort steht also jemand, und sonst steht niemand in ${there.de}.`;
  let en = `In ${here.en} only ${cellLabel(cell, 'en')} is still open, and ${every.en} holds someone: so someone stands there, and nobody else stands in ${there.en}.`;
  if (person >= 0) {
    const pr = pronoun(names.gender(person));
    de += ` Nur ${names.person(person)} kann dort stehen, also steht ${pr.de} dort.`;
    en += ` Only ${names.person(person)} can stand there, so ${pr.en} does.`;
  }
  return { de, en };
}

/** `line` is the axis of the k lines that fill the k lines `across`. */
export function rowColumnSetText(_names: ProofNames, line: 'row' | 'column', lines: number[], across: number[]): Bilingual {
  const k = lines.length;
  const list = (items: number[], lang: Lang) => listWords(items.map((i) => String(i + 1)), lang);
  const other = line === 'row' ? 'column' : 'row';
  const word = { row: 'Reihen', column: 'Spalten' } as const;
  return {
    de: `In den ${word[line]} ${list(lines, 'de')} ist nur noch in den ${word[other]} ${list(across, 'de')} Platz: ${k} ${word[line]} für ${k} ${word[other]}. Diese ${word[other]} sind damit besetzt; außerhalb der ${word[line]} ${list(lines, 'de')} steht dort niemand.`,
    en: `In ${line}s ${list(lines, 'en')} there is space only in ${other}s ${list(across, 'en')}: ${k} ${line}s for ${k} ${other}s. Those ${other}s are taken by them; nobody outside ${line}s ${list(lines, 'en')} stands there.`,
  };
}

// ——— rules for the clue kinds and facts beyond the sheet (rules-relations.ts, rules-facts.ts, rules-company.ts) ———

const who = (names: ProofNames, people: number[], lang: Lang, conjunction: 'and' | 'or' = 'and') => listWords(people.map((p) => names.person(p)), lang, conjunction);
const factOf = (names: ProofNames, index: number): Bilingual => names.fact?.(index) ?? { de: 'Laut Fall gilt eine Zählung.', en: 'The case states a count.' };
const quoteFact = (names: ProofNames, index: number) => {
  const f = factOf(names, index);
  return { de: `„${f.de}“`, en: `“${f.en}”` };
};

export function onlyOnObjectText(names: ProofNames, p: number, index: number, removed: number): Bilingual {
  const clue = names.clue(p, index);
  const w = cellsPlural(removed);
  return {
    de: `${names.person(p)}: „${clue.de}“ Niemand sonst steht also auf einem solchen Feld; das schließt ${removed} ${w.de} aus.`,
    en: `${names.person(p)}: “${clue.en}” So nobody else stands on such a cell; that rules out ${removed} ${w.en}.`,
  };
}

/**
 * "lo" stands before "hi" (above / left of). `hiLast` is the last line hi can still take (lo stays
 * before it), `loFirst` the first line lo can take (hi stays after it); −1 when that part removed nothing.
 */
export function personOrderText(names: ProofNames, owner: number, index: number, line: 'row' | 'column', lo: number, hi: number, hiLast: number, loFirst: number): Bilingual {
  const clue = names.clue(owner, index);
  const L = names.person(lo), H = names.person(hi);
  const de: string[] = [], en: string[] = [];
  if (line === 'row') {
    if (hiLast >= 0) {
      de.push(`${H} steht höchstens in Reihe ${hiLast + 1}, also steht ${L} darüber`);
      en.push(`${H} stands in row ${hiLast + 1} or higher, so ${L} stands above that`);
    }
    if (loFirst >= 0) {
      de.push(`${L} steht frühestens in Reihe ${loFirst + 1}, also steht ${H} darunter`);
      en.push(`${L} stands in row ${loFirst + 1} or lower, so ${H} stands below that`);
    }
  } else {
    if (hiLast >= 0) {
      de.push(`${H} steht höchstens in Spalte ${hiLast + 1}, also steht ${L} links davon`);
      en.push(`${H} stands in column ${hiLast + 1} or further left, so ${L} stands left of that`);
    }
    if (loFirst >= 0) {
      de.push(`${L} steht frühestens in Spalte ${loFirst + 1}, also steht ${H} rechts davon`);
      en.push(`${L} stands in column ${loFirst + 1} or further right, so ${H} stands right of that`);
    }
  }
  return { de: `${names.person(owner)}: „${clue.de}“ ${capitalise(de.join('; '))}.`, en: `${names.person(owner)}: “${clue.en}” ${capitalise(en.join('; '))}.` };
}

export function sameRoomText(names: ProofNames, owner: number, index: number, p: number, q: number): Bilingual {
  const clue = names.clue(owner, index);
  return {
    de: `${names.person(owner)}: „${clue.de}“ ${names.person(p)} und ${names.person(q)} stehen also in einem Raum, den beide erreichen können: Räume, die einer von beiden nicht mehr erreicht, scheiden für den anderen aus.`,
    en: `${names.person(owner)}: “${clue.en}” So ${names.person(p)} and ${names.person(q)} share a room both can reach: a room one of them can no longer reach is closed to the other.`,
  };
}

export function notSameRoomText(names: ProofNames, owner: number, index: number, keeper: number, other: number, room: number): Bilingual {
  const clue = names.clue(owner, index);
  const at = names.room(room);
  return {
    de: `${names.person(owner)}: „${clue.de}“ ${names.person(keeper)} steht sicher ${at.de}, also steht ${names.person(other)} nicht dort.`,
    en: `${names.person(owner)}: “${clue.en}” ${names.person(keeper)} is certainly ${at.en}, so ${names.person(other)} is not.`,
  };
}

export function onlyWithClosedText(names: ProofNames, owner: number, index: number, keeper: number, room: number): Bilingual {
  const clue = names.clue(owner, index);
  const at = names.room(room);
  return {
    de: `${names.person(owner)}: „${clue.de}“ ${names.person(keeper)} steht sicher ${at.de}; dort stehen also nur die beiden, sonst niemand.`,
    en: `${names.person(owner)}: “${clue.en}” ${names.person(keeper)} is certainly ${at.en}, so only the two of them are there and nobody else is.`,
  };
}

export function onlyWithCrowdText(names: ProofNames, owner: number, index: number, third: number, room: number): Bilingual {
  const clue = names.clue(owner, index);
  const at = names.room(room);
  return {
    de: `${names.person(owner)}: „${clue.de}“ ${names.person(third)} steht sicher ${at.de}, also sind die beiden nicht dort.`,
    en: `${names.person(owner)}: “${clue.en}” ${names.person(third)} is certainly ${at.en}, so the two of them are not.`,
  };
}

/** `full`: the count is reached by `people` (everyone else leaves those cells); else only `people` can reach them (they stand there). */
export function objectCountText(names: ProofNames, fact: number, people: number[], full: boolean): Bilingual {
  const f = quoteFact(names, fact);
  const one = people.length === 1;
  if (full) {
    return {
      de: `${f.de} ${people.length === 0 ? 'Damit' : `${who(names, people, 'de')} ${one ? 'steht' : 'stehen'} sicher auf einem solchen Feld; damit`} ist die Zahl erreicht: Sonst steht niemand darauf.`,
      en: `${f.en} ${people.length === 0 ? 'So' : `${who(names, people, 'en')} ${one ? 'is' : 'are'} certainly on such a cell, so`} the count is reached: nobody else stands on one.`,
    };
  }
  return {
    de: `${f.de} Nur ${who(names, people, 'de')} ${one ? 'kann' : 'können'} noch auf einem solchen Feld stehen, also ${one ? 'steht' : 'stehen'} ${one ? pronoun(names.gender(people[0]!)).de : 'sie'} dort.`,
    en: `${f.en} Only ${who(names, people, 'en')} can still stand on such a cell, so ${one ? pronoun(names.gender(people[0]!)).en + ' does' : 'they do'}.`,
  };
}

/** The rooms someone is certainly in already make up all occupied rooms: the others are empty. */
export function emptyRoomsClosedText(names: ProofNames, fact: number, occupied: number[]): Bilingual {
  const f = quoteFact(names, fact);
  const k = occupied.length;
  return {
    de: `${f.de} ${counted(k, 'Raum ist', 'Räume sind')} sicher besetzt, ${k === 1 ? 'er' : 'sie'} ${k === 1 ? 'ist' : 'sind'} also ${k === 1 ? 'der einzige besetzte' : 'alle besetzten'}: In den übrigen Räumen steht niemand.`,
    en: `${f.en} ${counted(k, 'room is', 'rooms are')} certainly occupied, and ${k === 1 ? 'it is the only one' : 'they are all of them'}: nobody stands in the other rooms.`,
  };
}

/** The rooms nobody can reach are all the empty rooms: every other room holds someone; `room` only `p` can reach. */
export function emptyRoomsNeededText(names: ProofNames, fact: number, room: number, p: number): Bilingual {
  const f = quoteFact(names, fact);
  const at = names.room(room);
  const pr = pronoun(names.gender(p));
  return {
    de: `${f.de} So viele Räume kann schon niemand mehr erreichen; jeder andere Raum ist also besetzt. ${capitalise(at.de)} kann nur ${names.person(p)} stehen, also steht ${pr.de} dort.`,
    en: `${f.en} That many rooms nobody can reach any more, so every other room holds someone. Only ${names.person(p)} can be ${at.en}, so ${pr.en} is.`,
  };
}

/** Why person p needs company in the room: the victim line or the clue's own words. */
function needText(names: ProofNames, p: number, clueOwner: number, index: number): Bilingual {
  const clue = names.clue(clueOwner, index);
  const whose = clueOwner === p ? names.person(p) : names.person(clueOwner);
  return { de: `${whose}: „${clue.de}“`, en: `${whose}: “${clue.en}”` };
}

/**
 * Section 3: p needs company in `room`, but on each of `cells` every cell left there for the
 * eligible people shares a row or column with it (or nobody eligible reaches the room at all).
 */
export function roomCompanyText(names: ProofNames, p: number, clueOwner: number, index: number, room: number, cells: number[], eligible: number[]): Bilingual {
  const need = needText(names, p, clueOwner, index);
  const at = names.room(room);
  const label = (lang: Lang) => listWords(cells.map((c) => cellLabel(c, lang)), lang, 'or');
  const P = names.person(p);
  const them = (lang: Lang) => who(names, eligible, lang, 'or');
  return {
    de: `${need.de} ${P} braucht also Gesellschaft ${at.de}. Stünde ${P} auf ${label('de')}, teilte jedes Feld, das ${them('de')} dort noch bleibt, mit ${cells.length === 1 ? 'ihm' : 'diesem Feld'} Reihe oder Spalte: Niemand könnte dazukommen, also steht ${P} dort nicht.`,
    en: `${need.en} So ${P} needs company ${at.en}. Were ${P} on ${label('en')}, every cell left there for ${them('en')} would share its row or column: nobody could join, so ${P} is not there.`,
  };
}

/**
 * The room would have to hold `inside` (certainly there) and, with a company clue, one companion
 * of p (`need` people); outside the row and column of each of `cells` their open cells there
 * span fewer than `need` rows or columns.
 */
export function roomDemandText(names: ProofNames, p: number, room: number, cells: number[], inside: number[], clue: readonly [number, number] | null, need: number): Bilingual {
  const at = names.room(room);
  const P = names.person(p);
  const label = (lang: Lang) => listWords(cells.map((c) => cellLabel(c, lang)), lang, 'or');
  const de: string[] = [], en: string[] = [];
  if (clue) {
    const q = needText(names, p, clue[0], clue[1]);
    de.push(`${q.de} ${P} braucht also Gesellschaft ${at.de}.`);
    en.push(`${q.en} So ${P} needs company ${at.en}.`);
  }
  if (inside.length > 0) {
    de.push(`${capitalise(at.de)} ${inside.length === 1 ? 'steht' : 'stehen'} sicher ${who(names, inside, 'de')}.`);
    en.push(`${capitalise(at.en)} ${inside.length === 1 ? 'is' : 'are'} certainly ${who(names, inside, 'en')}.`);
  }
  return {
    de: `${de.join(' ')} Dort müssen also ${counted(need, 'weitere Person', 'weitere Personen')} in verschiedenen Reihen und Spalten stehen. Stünde ${P} auf ${label('de')}, blieben ihnen dort außerhalb dieser Reihe und Spalte weniger als ${need} Reihen oder Spalten: zu wenig, also steht ${P} dort nicht.`,
    en: `${en.join(' ')} So ${counted(need, 'more person', 'more people')} must stand there, in different rows and columns. Were ${P} on ${label('en')}, fewer than ${need} rows or columns would be left to them there outside its row and column: too few, so ${P} is not there.`,
  };
}

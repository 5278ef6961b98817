/**
 * Settings: the places a case can happen in, each with its room types (German and English names
 * with their grammar), the floors its rooms can have, and the objects that fit each room.
 * A case uses each room type at most once, so a room's name identifies it in every clue.
 */
import type { GermanGender, Place } from '../texts/grammar.ts';
import type { ObjectId } from './objects.ts';

/** How big a room of this type likes to be: 1 small (pantry, lift), 2 medium, 3 large (hall). */
export type SizeClass = 1 | 2 | 3;

export interface RoomType {
  id: string;
  place: Place;
  size: SizeClass;
  /** Corridor-like types go to long thin rooms first. */
  long?: boolean;
  objects: readonly ObjectId[];
  /** Objects beyond the sheet (window, gift, …) this room may also hold: furnished only for `--clues extended`. */
  more?: readonly ObjectId[];
}

export interface Floor {
  id: string;
  name: { de: string; en: string };
}

export interface Setting {
  id: string;
  name: { de: string; en: string };
  floors: readonly Floor[];
  rooms: readonly RoomType[];
}

type DePrep = Place['de']['prep'];
type EnPrep = Place['en']['prep'];

function room(
  id: string,
  de: [word: string, gender: GermanGender, prep: DePrep],
  en: [word: string, prep: EnPrep],
  size: SizeClass,
  objects: readonly ObjectId[],
  long = false,
): RoomType {
  const type: RoomType = { id, place: { de: { word: de[0], gender: de[1], prep: de[2] }, en: { word: en[0], prep: en[1] } }, size, objects };
  if (long) type.long = true;
  return type;
}

const F = {
  parquet: { id: 'parquet', name: { de: 'Parkett', en: 'parquet' } },
  tiles: { id: 'tiles', name: { de: 'Fliesen', en: 'tiles' } },
  floorboards: { id: 'floorboards', name: { de: 'Dielen', en: 'floorboards' } },
  stone: { id: 'stone', name: { de: 'Steinboden', en: 'stone' } },
  carpeting: { id: 'carpeting', name: { de: 'Teppichboden', en: 'carpeting' } },
  linoleum: { id: 'linoleum', name: { de: 'Linoleum', en: 'linoleum' } },
  terracotta: { id: 'terracotta', name: { de: 'Terrakotta', en: 'terracotta' } },
  marble: { id: 'marble', name: { de: 'Marmor', en: 'marble' } },
  terrazzo: { id: 'terrazzo', name: { de: 'Terrazzo', en: 'terrazzo' } },
  grass: { id: 'grass', name: { de: 'Gras', en: 'grass' } },
  gravel: { id: 'gravel', name: { de: 'Kies', en: 'gravel' } },
  paving: { id: 'paving', name: { de: 'Pflaster', en: 'paving' } },
  soil: { id: 'soil', name: { de: 'Erde', en: 'soil' } },
  sand: { id: 'sand', name: { de: 'Sand', en: 'sand' } },
  moss: { id: 'moss', name: { de: 'Moos', en: 'moss' } },
  decking: { id: 'decking', name: { de: 'Holzdeck', en: 'decking' } },
} as const satisfies Record<string, Floor>;

const HOUSE: Setting = {
  id: 'house',
  name: { de: 'Haus', en: 'house' },
  floors: [F.parquet, F.tiles, F.floorboards, F.stone, F.carpeting, F.linoleum, F.terracotta],
  rooms: [
    room('library', ['Bibliothek', 'f', 'in'], ['library', 'in'], 2, ['bookshelf', 'armchair', 'chair', 'table', 'carpet', 'plant']),
    room('cellar', ['Keller', 'm', 'in'], ['cellar', 'in'], 2, ['box', 'bin', 'stool', 'bench']),
    room('study', ['Arbeitszimmer', 'n', 'in'], ['study', 'in'], 2, ['bookshelf', 'chair', 'table', 'armchair', 'plant', 'rug']),
    room('kitchen', ['Küche', 'f', 'in'], ['kitchen', 'in'], 2, ['table', 'chair', 'stool', 'bin', 'box', 'plant']),
    room('living-room', ['Wohnzimmer', 'n', 'in'], ['living room', 'in'], 3, ['sofa', 'armchair', 'table', 'plant', 'carpet', 'rug']),
    room('dining-room', ['Esszimmer', 'n', 'in'], ['dining room', 'in'], 3, ['table', 'chair', 'plant', 'carpet', 'bench']),
    room('bedroom', ['Schlafzimmer', 'n', 'in'], ['bedroom', 'in'], 2, ['bed', 'chair', 'rug', 'box', 'plant', 'bookshelf']),
    room('bathroom', ['Badezimmer', 'n', 'in'], ['bathroom', 'in'], 1, ['stool', 'rug', 'bin', 'plant']),
    room('hallway', ['Flur', 'm', 'in'], ['hallway', 'in'], 2, ['bench', 'rug', 'plant', 'box', 'statue'], true),
    room('terrace', ['Terrasse', 'f', 'auf'], ['terrace', 'on'], 2, ['bench', 'chair', 'plant', 'table', 'statue']),
    room('attic', ['Dachboden', 'm', 'auf'], ['attic', 'in'], 3, ['box', 'chair', 'rug', 'bookshelf', 'bin']),
    room('pantry', ['Speisekammer', 'f', 'in'], ['pantry', 'in'], 1, ['box', 'stool', 'bin']),
    room('conservatory', ['Wintergarten', 'm', 'in'], ['conservatory', 'in'], 2, ['plant', 'armchair', 'tree', 'bench', 'statue']),
    room('guest-room', ['Gästezimmer', 'n', 'in'], ['guest room', 'in'], 1, ['bed', 'chair', 'rug', 'plant']),
    room('balcony', ['Balkon', 'm', 'auf'], ['balcony', 'on'], 1, ['chair', 'plant', 'bench'], true),
    room('music-room', ['Musikzimmer', 'n', 'in'], ['music room', 'in'], 2, ['stool', 'sofa', 'chair', 'bookshelf', 'carpet', 'statue']),
    room('nursery', ['Kinderzimmer', 'n', 'in'], ['nursery', 'in'], 1, ['bed', 'box', 'rug', 'stool']),
  ],
};

const GARDEN: Setting = {
  id: 'garden',
  name: { de: 'Garten', en: 'garden' },
  floors: [F.grass, F.gravel, F.paving, F.soil, F.sand, F.moss, F.decking],
  rooms: [
    room('rose-garden', ['Rosengarten', 'm', 'in'], ['rose garden', 'in'], 2, ['bush', 'bench', 'statue', 'fountain', 'plant']),
    room('meadow', ['Wiese', 'f', 'auf'], ['meadow', 'in'], 3, ['tree', 'rock', 'bench', 'rug']),
    room('pond', ['Teich', 'm', 'an'], ['pond', 'by'], 2, ['rock', 'bench', 'plant', 'statue']),
    room('orchard', ['Obstgarten', 'm', 'in'], ['orchard', 'in'], 3, ['tree', 'box', 'bench', 'stool']),
    room('arbour', ['Laube', 'f', 'in'], ['arbour', 'in'], 1, ['bench', 'chair', 'table', 'plant']),
    room('terrace', ['Terrasse', 'f', 'auf'], ['terrace', 'on'], 2, ['chair', 'table', 'plant', 'bench', 'sofa']),
    room('herb-garden', ['Kräutergarten', 'm', 'in'], ['herb garden', 'in'], 2, ['plant', 'bush', 'box', 'stool']),
    room('maze', ['Irrgarten', 'm', 'in'], ['maze', 'in'], 3, ['bush', 'statue', 'bench', 'fountain']),
    room('pavilion', ['Pavillon', 'm', 'in'], ['pavilion', 'in'], 1, ['chair', 'bench', 'table', 'sofa']),
    room('greenhouse', ['Gewächshaus', 'n', 'in'], ['greenhouse', 'in'], 2, ['plant', 'table', 'stool', 'box']),
    room('lawn', ['Rasen', 'm', 'auf'], ['lawn', 'on'], 3, ['tree', 'chair', 'bench', 'rug']),
    room('shed', ['Schuppen', 'm', 'in'], ['shed', 'in'], 1, ['box', 'bin', 'stool', 'chair']),
    room('rock-garden', ['Steingarten', 'm', 'in'], ['rock garden', 'in'], 2, ['rock', 'plant', 'bush', 'bench']),
    room('vegetable-garden', ['Gemüsegarten', 'm', 'in'], ['vegetable garden', 'in'], 2, ['plant', 'box', 'bin', 'stool']),
    room('yard', ['Hof', 'm', 'auf'], ['yard', 'in'], 2, ['fountain', 'bench', 'bin', 'box', 'tree']),
    room('path', ['Gartenweg', 'm', 'auf'], ['garden path', 'on'], 2, ['bench', 'statue', 'bush', 'plant'], true),
  ],
};

const HOTEL: Setting = {
  id: 'hotel',
  name: { de: 'Hotel', en: 'hotel' },
  floors: [F.marble, F.carpeting, F.parquet, F.tiles, F.stone, F.linoleum, F.terrazzo],
  rooms: [
    room('lobby', ['Lobby', 'f', 'in'], ['lobby', 'in'], 3, ['sofa', 'armchair', 'plant', 'table', 'statue', 'carpet']),
    room('reception', ['Rezeption', 'f', 'an'], ['reception', 'at'], 1, ['stool', 'plant', 'box', 'chair']),
    room('bar', ['Bar', 'f', 'in'], ['bar', 'in'], 2, ['stool', 'table', 'armchair', 'plant']),
    room('dining-hall', ['Speisesaal', 'm', 'in'], ['dining hall', 'in'], 3, ['table', 'chair', 'plant', 'carpet']),
    room('ballroom', ['Ballsaal', 'm', 'in'], ['ballroom', 'in'], 3, ['chair', 'statue', 'plant', 'carpet', 'sofa']),
    room('suite', ['Suite', 'f', 'in'], ['suite', 'in'], 2, ['bed', 'sofa', 'armchair', 'table', 'rug', 'plant']),
    room('laundry', ['Wäscherei', 'f', 'in'], ['laundry', 'in'], 2, ['box', 'bin', 'stool', 'table']),
    room('kitchen', ['Küche', 'f', 'in'], ['kitchen', 'in'], 2, ['table', 'stool', 'bin', 'box']),
    room('gym', ['Fitnessraum', 'm', 'in'], ['gym', 'in'], 2, ['bench', 'rug', 'stool', 'plant', 'box']),
    room('sauna', ['Sauna', 'f', 'in'], ['sauna', 'in'], 1, ['bench', 'stool', 'plant']),
    room('roof-terrace', ['Dachterrasse', 'f', 'auf'], ['roof terrace', 'on'], 2, ['chair', 'plant', 'table', 'bench', 'sofa']),
    room('lift', ['Aufzug', 'm', 'in'], ['lift', 'in'], 1, ['rug', 'plant']),
    room('reading-room', ['Lesesaal', 'm', 'in'], ['reading room', 'in'], 2, ['armchair', 'bookshelf', 'table', 'chair', 'carpet']),
    room('conference-room', ['Konferenzraum', 'm', 'in'], ['conference room', 'in'], 2, ['table', 'chair', 'plant', 'bin']),
    room('luggage-room', ['Gepäckraum', 'm', 'in'], ['luggage room', 'in'], 1, ['box', 'stool', 'bin']),
    room('corridor', ['Flur', 'm', 'in'], ['corridor', 'in'], 2, ['rug', 'plant', 'bench', 'statue'], true),
    room('pool', ['Hallenbad', 'n', 'in'], ['indoor pool', 'at'], 3, ['bench', 'plant', 'chair']),
  ],
};

const THEATRE: Setting = {
  id: 'theatre',
  name: { de: 'Theater', en: 'theatre' },
  floors: [F.floorboards, F.carpeting, F.parquet, F.stone, F.linoleum, F.tiles, F.marble],
  rooms: [
    room('stage', ['Bühne', 'f', 'auf'], ['stage', 'on'], 3, ['chair', 'table', 'statue', 'sofa', 'box']),
    room('foyer', ['Foyer', 'n', 'in'], ['foyer', 'in'], 3, ['sofa', 'plant', 'statue', 'bench', 'carpet']),
    room('cloakroom', ['Garderobe', 'f', 'in'], ['cloakroom', 'in'], 1, ['stool', 'box', 'bin', 'bench']),
    room('orchestra-pit', ['Orchestergraben', 'm', 'in'], ['orchestra pit', 'in'], 2, ['chair', 'stool', 'box'], true),
    room('private-box', ['Loge', 'f', 'in'], ['private box', 'in'], 1, ['armchair', 'chair', 'carpet']),
    room('auditorium', ['Zuschauerraum', 'm', 'in'], ['auditorium', 'in'], 3, ['chair', 'armchair', 'carpet', 'plant']),
    room('circle', ['Rang', 'm', 'auf'], ['circle', 'in'], 2, ['chair', 'armchair', 'rug'], true),
    room('dressing-room', ['Künstlergarderobe', 'f', 'in'], ['dressing room', 'in'], 2, ['chair', 'sofa', 'rug', 'table', 'plant', 'stool']),
    room('prop-room', ['Requisitenkammer', 'f', 'in'], ['prop room', 'in'], 2, ['box', 'statue', 'chair', 'bookshelf', 'stool']),
    room('backstage', ['Hinterbühne', 'f', 'auf'], ['backstage area', 'in'], 2, ['box', 'bench', 'stool', 'bin']),
    room('fly-loft', ['Schnürboden', 'm', 'auf'], ['fly loft', 'in'], 2, ['box', 'stool', 'rug'], true),
    room('box-office', ['Kasse', 'f', 'an'], ['box office', 'at'], 1, ['stool', 'chair', 'bin', 'plant']),
    room('canteen', ['Kantine', 'f', 'in'], ['canteen', 'in'], 2, ['table', 'chair', 'bench', 'bin']),
    room('rehearsal-room', ['Probenraum', 'm', 'in'], ['rehearsal room', 'in'], 2, ['chair', 'table', 'carpet', 'plant', 'stool']),
    room('costume-workshop', ['Schneiderei', 'f', 'in'], ['costume workshop', 'in'], 2, ['table', 'stool', 'box', 'chair', 'rug']),
  ],
};

const MUSEUM: Setting = {
  id: 'museum',
  name: { de: 'Museum', en: 'museum' },
  floors: [F.marble, F.parquet, F.stone, F.carpeting, F.tiles, F.terrazzo, F.floorboards],
  rooms: [
    room('entrance-hall', ['Eingangshalle', 'f', 'in'], ['entrance hall', 'in'], 3, ['bench', 'statue', 'plant', 'bin', 'carpet']),
    room('gallery', ['Gemäldegalerie', 'f', 'in'], ['picture gallery', 'in'], 3, ['bench', 'statue', 'plant', 'carpet'], true),
    room('sculpture-hall', ['Skulpturensaal', 'm', 'in'], ['sculpture hall', 'in'], 3, ['statue', 'bench', 'plant']),
    room('archive', ['Archiv', 'n', 'in'], ['archive', 'in'], 2, ['bookshelf', 'box', 'chair', 'table', 'stool']),
    room('cafe', ['Café', 'n', 'in'], ['café', 'in'], 2, ['table', 'chair', 'plant', 'sofa', 'bin']),
    room('shop', ['Museumsshop', 'm', 'in'], ['museum shop', 'in'], 1, ['table', 'box', 'stool', 'bookshelf']),
    room('workshop', ['Restaurierungswerkstatt', 'f', 'in'], ['conservation workshop', 'in'], 2, ['table', 'stool', 'box', 'statue']),
    room('lecture-hall', ['Vortragssaal', 'm', 'in'], ['lecture hall', 'in'], 3, ['chair', 'table', 'carpet', 'plant']),
    room('depot', ['Depot', 'n', 'in'], ['storeroom', 'in'], 2, ['box', 'statue', 'bookshelf', 'stool']),
    room('roof-garden', ['Dachgarten', 'm', 'in'], ['roof garden', 'in'], 2, ['tree', 'bench', 'plant', 'fountain']),
    room('courtyard', ['Innenhof', 'm', 'in'], ['courtyard', 'in'], 3, ['fountain', 'tree', 'bench', 'statue', 'rock']),
    room('stairwell', ['Treppenhaus', 'n', 'in'], ['stairwell', 'in'], 1, ['plant', 'statue', 'rug', 'bench'], true),
    room('coin-room', ['Münzkabinett', 'n', 'in'], ['coin room', 'in'], 1, ['table', 'chair', 'carpet']),
    room('cloakroom', ['Garderobe', 'f', 'in'], ['cloakroom', 'in'], 1, ['bench', 'stool', 'bin']),
    room('library', ['Bibliothek', 'f', 'in'], ['library', 'in'], 2, ['bookshelf', 'armchair', 'chair', 'table']),
    room('office', ['Büro', 'n', 'in'], ['office', 'in'], 1, ['chair', 'table', 'bookshelf', 'plant', 'bin']),
  ],
};

/**
 * Per setting and room type, the objects beyond the sheet it may hold (issue 26: the published
 * cases' windows, gifts, tills, TVs, computers and rubbish). Kept apart from the room lists above:
 * a sheet case draws from those alone, exactly as before.
 */
const MORE: Readonly<Record<string, Readonly<Record<string, readonly ObjectId[]>>>> = {
  house: {
    library: ['window', 'computer'], study: ['window', 'computer', 'tv'], kitchen: ['window', 'rubbish'], 'living-room': ['window', 'tv', 'gift'],
    'dining-room': ['window', 'gift'], bedroom: ['window', 'tv', 'gift'], cellar: ['rubbish'], attic: ['window', 'rubbish', 'gift'],
    conservatory: ['window'], 'guest-room': ['window', 'tv', 'gift'], nursery: ['window', 'gift', 'tv'], 'music-room': ['window'], hallway: ['window'],
  },
  garden: { shed: ['rubbish', 'window'], yard: ['rubbish'], greenhouse: ['window'], pavilion: ['gift'], 'vegetable-garden': ['rubbish'], terrace: ['gift'] },
  hotel: {
    lobby: ['window', 'tv', 'gift'], reception: ['cash-register', 'computer'], bar: ['cash-register', 'tv', 'window'], suite: ['window', 'tv', 'gift'],
    laundry: ['rubbish'], kitchen: ['rubbish', 'window'], gym: ['tv', 'window'], 'conference-room': ['computer', 'tv', 'window'], 'reading-room': ['window'],
    'dining-hall': ['window'], 'luggage-room': ['gift'],
  },
  theatre: {
    'box-office': ['cash-register', 'computer', 'window'], foyer: ['window', 'cash-register'], canteen: ['cash-register', 'rubbish'], backstage: ['rubbish', 'tv'],
    'dressing-room': ['gift', 'window'], 'prop-room': ['gift', 'tv'], 'costume-workshop': ['window'], stage: ['gift', 'window'],
  },
  museum: {
    shop: ['cash-register', 'gift'], cafe: ['cash-register', 'window', 'rubbish'], office: ['computer', 'window'], archive: ['computer'], workshop: ['window', 'rubbish'],
    'entrance-hall': ['window', 'cash-register'], gallery: ['window'], library: ['window', 'computer'], depot: ['rubbish'], 'lecture-hall': ['tv', 'computer', 'window'],
    cloakroom: ['gift'],
  },
};
for (const setting of [HOUSE, GARDEN, HOTEL, THEATRE, MUSEUM]) {
  for (const type of setting.rooms) {
    const more = MORE[setting.id]?.[type.id];
    if (more) type.more = more;
  }
}

export const SETTINGS: readonly Setting[] = [HOUSE, GARDEN, HOTEL, THEATRE, MUSEUM];

export function settingById(id: string): Setting | undefined {
  return SETTINGS.find((s) => s.id === id);
}

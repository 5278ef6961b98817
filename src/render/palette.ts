/**
 * The colours of every picture, in one place. Tints are light enough that black digits and names
 * stay readable on them (contrast ≥ 10:1 against #1b1b1b); the two Numbridge players and the
 * solution use hues that stay apart for the common colour-vision deficiencies (orange vs blue,
 * solution digits in a dark teal and drawn thinner than givens, so colour is never the only cue).
 */
export const INK = '#1b1b1b';
export const GRID_LINE = '#9aa0a6';
export const MUTED = '#5f6368';

/** Numbridge: player 1 joins top and bottom, player 2 left and right (docs/RULES.md). */
export const PLAYER_1 = '#e8590c';
export const PLAYER_2 = '#1971c2';
export const SOLUTION = '#0b7285';
/** Cells a Numbridge player owns: pale tints of the two player colours (black digits stay above 10:1). */
export const PLAYER_1_TINT = '#fcd9c3';
export const PLAYER_2_TINT = '#cfe2f6';
/** A tile laid on a Numbridge cell (told apart from a given, which is bold on the bare cell). */
export const PLACED_TILE = '#fffaf0';
export const PLACED_TILE_EDGE = '#8d7a55';

/** Block tints for hex boards: neighbouring blocks never share one (greedy colouring). */
export const BLOCK_TINTS = ['#ffffff', '#eef1f4', '#fdf3e1', '#e8f3ec', '#f3ecf7'] as const;

/** Murder floors: one light tint per floor id of the settings; unknown ids get a fallback by hash. */
export const FLOOR_TINTS: Readonly<Record<string, string>> = {
  parquet: '#f1dfbf',
  floorboards: '#e9d6b4',
  decking: '#e3cda6',
  tiles: '#dde9f3',
  stone: '#e3e3dc',
  marble: '#f4f3ee',
  terrazzo: '#ece5da',
  carpeting: '#eddcea',
  linoleum: '#e0eedb',
  terracotta: '#f6d7c3',
  grass: '#d5edc4',
  moss: '#cfe3bd',
  gravel: '#e5e0d3',
  paving: '#d9dadb',
  soil: '#e6d2b8',
  sand: '#f6ebc4',
};
export const FALLBACK_TINTS = ['#f0e6d2', '#dfe9f2', '#e6f0dc', '#f2e1ea', '#ecebe4', '#f6e7cf', '#e2e6ef', '#eee3d6'] as const;

/** Murder objects: standable ones in warm, open strokes; blocking ones dark and solid on a hatch. */
export const STANDABLE_STROKE = '#8a5a19';
export const STANDABLE_FILL = '#f7d9a8';
export const BLOCKING_STROKE = '#2f3a40';
export const BLOCKING_FILL = '#7b8a91';
export const HATCH = '#b5bcc0';
export const WALL = '#1b1b1b';
export const VICTIM = '#c92a2a';
export const MURDERER = '#1b1b1b';
export const PERSON_F = '#ae3ec9';
export const PERSON_M = '#1c7ed6';

/** Kosmos and Domino boards. */
export const TILE = '#fbf4e4';
export const TILE_EDGE = '#b39b6b';
export const GOLD = '#f2c14e';
export const GOLD_EDGE = '#a87b00';
export const LATE_ERROR = '#e03131';
export const DOMINO = '#fdfcf8';
export const DOMINO_EDGE = '#343a40';
export const LAST_MOVE = '#2f9e44';

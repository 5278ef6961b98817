// The package entry for plain Node (`import … from 'puzzlemill'`, no loader flags): the library is
// TypeScript, so it is loaded through tsx's tsImport, which scopes the loader to these modules and
// leaves the importing application's own module loading alone. Types come from src/index.ts.
import { tsImport } from 'tsx/esm/api';

const api = await tsImport('./index.ts', import.meta.url);

export const { generateBoard, generateCase, solve, grade, verify, playerForm, generateMany, parseLine, formatLine, kindNamed, kindNames, GenerationError, InputError, ExactCover, kosmos, domino, numbridge, exportPuzzle, importPuzzle, NotABoard, renderSvg, renderPng, DEFAULT_MAX_NODES } = api;

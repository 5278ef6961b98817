#!/usr/bin/env node
// The `puzzlemill` command of the compiled build (dist/cli/puzzlemill.js, package.json `bin`).
// puzzlemill.mjs is the same command run from the TypeScript sources through tsx.
import { main } from './main.ts';

await main(process.argv.slice(2));

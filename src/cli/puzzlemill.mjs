#!/usr/bin/env node
// The `puzzlemill` command run from the TypeScript sources through tsx's loader (development and
// the benchmarks; no build needed). The published bin is the compiled puzzlemill.ts.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('./main.ts');
await main(process.argv.slice(2));

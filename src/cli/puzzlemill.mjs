#!/usr/bin/env node
// The `puzzlemill` command. The sources are TypeScript, run through tsx's loader (no build step,
// so `npx puzzlemill` works straight after `npm install` and worker threads load the same files).
import { register } from 'tsx/esm/api';

register();
const { main } = await import('./main.ts');
await main(process.argv.slice(2));

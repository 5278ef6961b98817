// The piscina worker when puzzlemill runs from its TypeScript sources (vitest,
// src/cli/puzzlemill.mjs); the compiled build uses dist/pipeline/pool-worker.js. A thin adapter
// over the pure task functions in src/pipeline (tested there in-process). Each worker thread
// registers tsx's loader itself: loader hooks passed as execArgv do not reach dynamic imports
// inside worker threads on Node 20, and kind modules are imported dynamically (extra kinds), so
// the registration must happen here, in the thread.
import { register } from 'tsx/esm/api';

register();
const { handleTask } = await import('../src/pipeline/tasks.ts');

export default handleTask;

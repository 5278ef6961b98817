// The server's heavy-work worker when puzzlemill runs from its TypeScript sources (vitest, tsx);
// the compiled build uses dist/server/heavy-worker.js. As workers/pool-worker.mjs: tsx's loader
// is registered in the thread itself (execArgv hooks do not reach worker threads on Node 20).
import { register } from 'tsx/esm/api';

register();
const { runHeavyTask } = await import('../src/server/heavy-tasks.ts');

export default runHeavyTask;

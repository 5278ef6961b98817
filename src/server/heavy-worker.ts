/**
 * The piscina worker of the server's heavy-work pool in the compiled build
 * (dist/server/heavy-worker.js). From the sources the pool runs workers/server-worker.mjs, which
 * registers tsx in the thread first.
 */
import { runHeavyTask } from './heavy-tasks.ts';

export default runHeavyTask;

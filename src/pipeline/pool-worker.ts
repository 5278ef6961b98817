/**
 * The piscina worker of the compiled build (dist/pipeline/pool-worker.js): a thin adapter over the
 * task functions in tasks.ts, plain JavaScript with no loader. Running from the sources, the pool
 * uses workers/pool-worker.mjs instead, which registers tsx in the thread first.
 */
import { handleTask } from './tasks.ts';

export default handleTask;

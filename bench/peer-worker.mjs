// Worker threads do not inherit the tsx loader, and `--import tsx` in a worker's execArgv is not
// honoured on Node 20: load the TypeScript worker through tsx's scoped import instead.
import { tsImport } from 'tsx/esm/api';

await tsImport('./peer-worker.ts', import.meta.url);

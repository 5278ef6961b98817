// Worker threads do not inherit the tsx loader (see peer-worker.mjs): load the TypeScript worker through tsx.
import { tsImport } from 'tsx/esm/api';

await tsImport('./nested-worker.ts', import.meta.url);

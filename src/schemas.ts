/**
 * Every JSON Schema puzzlemill publishes, from its single TypeBox source. `npm run schemas` writes
 * them to schemas/; a test fails when a file there is stale. Adding a schema is one line here.
 */
import { fileURLToPath } from 'node:url';
import { DominoDealFile, DominoPositionFile, DominoRecordFile, DominoReplayJson } from './games/domino/schema.ts';
import { KosmosDealFile, KosmosRecordFile, KosmosReplayJson } from './games/kosmos/schema.ts';
import { NumbridgeDealFile, NumbridgeRecordFile, NumbridgeReplayJson, NumbridgeView } from './games/numbridge/schema.ts';
import { MurderCaseFile } from './murder/schema.ts';
import { NumbridgeBoardFile } from './numbridge-board/schema.ts';
import { DailyIndex, DailyPlan, DailyPublicIndex, FingerprintEntry, RunManifest } from './pipeline/schema.ts';

export const SCHEMAS: ReadonlyArray<{ file: string; schema: object }> = [
  { file: 'numbridge-board.schema.json', schema: NumbridgeBoardFile },
  { file: 'murder-case.schema.json', schema: MurderCaseFile },
  { file: 'kosmos-deal.schema.json', schema: KosmosDealFile },
  { file: 'kosmos-record.schema.json', schema: KosmosRecordFile },
  { file: 'kosmos-replay.schema.json', schema: KosmosReplayJson },
  { file: 'domino-deal.schema.json', schema: DominoDealFile },
  { file: 'domino-record.schema.json', schema: DominoRecordFile },
  { file: 'domino-position.schema.json', schema: DominoPositionFile },
  { file: 'domino-replay.schema.json', schema: DominoReplayJson },
  { file: 'numbridge-deal.schema.json', schema: NumbridgeDealFile },
  { file: 'numbridge-record.schema.json', schema: NumbridgeRecordFile },
  { file: 'numbridge-view.schema.json', schema: NumbridgeView },
  { file: 'numbridge-replay.schema.json', schema: NumbridgeReplayJson },
  { file: 'run-manifest.schema.json', schema: RunManifest },
  { file: 'daily-index.schema.json', schema: DailyIndex },
  { file: 'daily-public-index.schema.json', schema: DailyPublicIndex },
  { file: 'fingerprint-entry.schema.json', schema: FingerprintEntry },
  { file: 'daily-plan.schema.json', schema: DailyPlan },
];

export function schemaPath(file: string): string {
  return fileURLToPath(new URL('../schemas/' + file, import.meta.url));
}

/** Stable JSON text of a schema (symbols, which TypeBox adds, are not serialised). */
export function schemaText(schema: object): string {
  return JSON.stringify(schema, null, 2) + '\n';
}

/** Reading Kosmos SuDoku files: schema first, then what a schema cannot say, as InputErrors with pointers. */
import { InputError, type InputPosition } from '../../core/errors.ts';
import { assertValid } from '../../core/schema.ts';
import { goldProblem } from './deal.ts';
import { KosmosDealFile, KosmosRecordFile } from './schema.ts';

/** A deal: schema, the gold setup, and the pile (eight of each digit). */
export function readKosmosDeal(data: unknown, where: InputPosition): KosmosDealFile {
  assertValid<KosmosDealFile>(KosmosDealFile, data, where);
  const problem = goldProblem(data.public.gold);
  if (problem) throw new InputError({ ...where, pointer: `/public/gold/${problem.index}` }, problem.reason);
  if (data.secret) {
    const counts = new Array<number>(10).fill(0);
    for (const d of data.secret.pile) counts[d]!++;
    const wrong = counts.findIndex((n, d) => d > 0 && n !== 8);
    if (wrong > 0) throw new InputError({ ...where, pointer: '/secret/pile' }, `holds ${counts[wrong]} tiles of ${wrong}, expected 8`);
  }
  return data;
}

/** A record: schema, the gold setup, seats within the player count. */
export function readKosmosRecord(data: unknown, where: InputPosition): KosmosRecordFile {
  assertValid<KosmosRecordFile>(KosmosRecordFile, data, where);
  const problem = goldProblem(data.public.gold);
  if (problem) throw new InputError({ ...where, pointer: `/public/gold/${problem.index}` }, problem.reason);
  data.public.turns.forEach((t, i) => {
    if (t.player >= data.public.players) throw new InputError({ ...where, pointer: `/public/turns/${i}/player` }, `seat ${t.player} in a game of ${data.public.players}`);
  });
  return data;
}

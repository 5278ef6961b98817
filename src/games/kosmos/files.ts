/** Reading Kosmos SuDoku files: schema first, then what a schema cannot say, as InputErrors with pointers. */
import { InputError, type InputPosition, inside } from '../../core/errors.ts';
import { assertValid } from '../../core/schema.ts';
import { findClash } from '../../sudoku/check.ts';
import { cellLabel, GEOMETRY, SIZE } from '../sudoku-board.ts';
import { goldProblem } from './deal.ts';
import { KosmosDealFile, KosmosRecordFile } from './schema.ts';

/** A deal: schema, the gold setup, the pile (eight of each digit) and the completion (a full Sudoku over the gold tiles). */
export function readKosmosDeal(data: unknown, where: InputPosition): KosmosDealFile {
  assertValid<KosmosDealFile>(KosmosDealFile, data, where);
  const problem = goldProblem(data.public.gold);
  if (problem) throw new InputError(inside(where, `/public/gold/${problem.index}`), problem.reason);
  if (data.secret) {
    const counts = new Array<number>(10).fill(0);
    for (const d of data.secret.pile) counts[d]!++;
    const wrong = counts.findIndex((n, d) => d > 0 && n !== 8);
    if (wrong > 0) throw new InputError(inside(where, '/secret/pile'), `holds ${counts[wrong]} tiles of ${wrong}, expected 8`);
    // the completability witness is checked, not trusted: a full Sudoku that keeps every gold tile
    const completion = data.secret.completion.flat();
    const gold = data.public.gold.find((g) => completion[g.row * SIZE + g.column] !== g.digit);
    if (gold) throw new InputError(inside(where, `/secret/completion/${gold.row}/${gold.column}`), `${completion[gold.row * SIZE + gold.column]} where the gold ${gold.digit} lies (${cellLabel(gold.row * SIZE + gold.column)})`);
    const clash = findClash(SIZE, GEOMETRY.regions, completion);
    if (clash) throw new InputError(inside(where, `/secret/completion/${Math.floor(clash.b / SIZE)}/${clash.b % SIZE}`), `not a Sudoku: a second ${clash.digit} in the ${clash.house} (${cellLabel(clash.a)} and ${cellLabel(clash.b)})`);
  }
  return data;
}

/** A record: schema, the gold setup, seats within the player count. */
export function readKosmosRecord(data: unknown, where: InputPosition): KosmosRecordFile {
  assertValid<KosmosRecordFile>(KosmosRecordFile, data, where);
  const problem = goldProblem(data.public.gold);
  if (problem) throw new InputError(inside(where, `/public/gold/${problem.index}`), problem.reason);
  data.public.turns.forEach((t, i) => {
    if (t.player >= data.public.players) throw new InputError(inside(where, `/public/turns/${i}/player`), `seat ${t.player} in a game of ${data.public.players}`);
  });
  return data;
}

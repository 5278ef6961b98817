/**
 * The games served at tables, by name: each a registration of the game interface (game.ts). A
 * club's own game module would be one more entry here (and its name in `GameName`).
 */
import type { AnyTableGame, GameName } from './game.ts';
import { dominoTable } from './domino-table.ts';
import { kosmosTable } from './kosmos-table.ts';
import { numbridgeTable } from './numbridge-table.ts';
import type { TableLog } from './store.ts';

export const TABLE_GAMES: Readonly<Record<GameName, AnyTableGame>> = {
  numbridge: numbridgeTable,
  kosmos: kosmosTable,
  domino: dominoTable,
};

/** The game a stored table is played by. */
export function gameOf(log: TableLog): AnyTableGame {
  return TABLE_GAMES[log.table.game ?? 'numbridge'];
}

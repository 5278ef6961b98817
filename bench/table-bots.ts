/**
 * The bots of test/server/table-bots.ts at scale: N games (default 200) of Kosmos SuDoku and of
 * Domino-SUDOKU through the real HTTP API of one tables server, then the figures the issue asks
 * for (games, moves, illegal moves refused, timeouts and lapses, replays clean) as one JSON line
 * per game and a table.
 *
 *   npx tsx bench/table-bots.ts [games]
 */
import { botServer, noFigures, playTable } from '../test/server/table-bots.ts';

const games = Number(process.argv[2] ?? 200);
const server = await botServer();
let failed = false;
try {
  for (const game of ['kosmos', 'domino'] as const) {
    const seats = game === 'kosmos' ? [1, 2, 3, 4] : [2, 3, 4];
    const figures = noFigures();
    const started = performance.now();
    for (let g = 0; g < games; g++) await playTable(server, game, seats[g % seats.length]!, `bench-${g}`, figures);
    const seconds = (performance.now() - started) / 1000;
    const { problems, ...counts } = figures;
    console.log(JSON.stringify({ game, seconds: Math.round(seconds), ...counts, problems: problems.length }));
    for (const p of problems.slice(0, 20)) console.log(`  problem: ${p}`);
    if (problems.length > 0 || figures.replaysClean !== games || figures.illegalRefused !== figures.illegalSent) failed = true;
  }
} finally {
  await server.close();
}
process.exitCode = failed ? 1 : 0;

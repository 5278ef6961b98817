/**
 * Issue 17, defect 19: a deal's board is held to the grade it shows the players, as `verify`
 * holds a board file's (numbridge/verify.ts gradeProblems): a false claim is a 'deal'
 * contradiction, in the replay and through `puzzlemill replay numbridge` (exit 1).
 */
import { describe, expect, test } from 'vitest';
import { undecidedReason } from '../../../src/core/budget.ts';
import { readNumbridgeRecord } from '../../../src/games/numbridge/files.ts';
import { replayNumbridge } from '../../../src/games/numbridge/replay.ts';
import type { NumbridgeRecordFile } from '../../../src/games/numbridge/schema.ts';
import { selfplayGame } from '../../../src/games/numbridge/selfplay.ts';
import { TIER_NAMES } from '../../../src/sudoku/logic/ladder.ts';
import { runCli } from '../../helpers/cli.ts';
import { withTopRowsInBag } from './fixture.ts';

const replay = (record: NumbridgeRecordFile, maxNodes?: number) => {
  const { file, setup, dealFile } = readNumbridgeRecord(JSON.parse(JSON.stringify(record)), { source: 'record.json' });
  return replayNumbridge(file, setup, dealFile, maxNodes === undefined ? {} : { maxNodes });
};
const dealDetails = (record: NumbridgeRecordFile) => replay(record).contradictions.filter((c) => c.kind === 'deal').map((c) => c.detail);

describe("a deal's claimed grade", () => {
  const record = selfplayGame({ variants: ['blitz'], bots: ['logic', 'random'] }, 'deal-grade', 1).record;

  test('a true grade: no contradiction', () => {
    expect(replay(record).contradictions).toEqual([]);
  });

  test('another level (with its own name): a deal contradiction naming both grades', () => {
    const copy = structuredClone(record);
    const grade = copy.public.deal.public.grade;
    const real = { ...grade };
    grade.level = real.level === 1 ? 2 : 1;
    grade.name = TIER_NAMES[grade.level]!;
    expect(dealDetails(copy)).toEqual([`the board claims grade ${grade.level} (${grade.name}) but the prover grades it ${real.level} (${real.name})`]);
  });

  test('the right level with a wrong score', () => {
    const copy = structuredClone(record);
    const grade = copy.public.deal.public.grade;
    const real = grade.score;
    grade.score = real + 5;
    expect(dealDetails(copy)).toEqual([`the board grade score is ${real}, the file says ${real + 5}`]);
  });

  test('replay numbridge: exit 1, the contradiction on stdout', () => {
    const copy = structuredClone(record);
    const grade = copy.public.deal.public.grade;
    grade.level = grade.level === 4 ? 3 : 4;
    grade.name = TIER_NAMES[grade.level]!;
    const r = runCli(['replay', 'numbridge'], { input: JSON.stringify(copy) });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/deal\/end — deal: the board claims grade \d \(\w+\) but the prover grades it \d \(\w+\)/);
    expect(runCli(['replay', 'numbridge'], { input: JSON.stringify(record) }).code).toBe(0);
  });
});

describe("a deal's uniqueness check within --max-nodes (defect 14)", () => {
  const record = selfplayGame({ variants: ['blitz'], bots: ['logic', 'random'] }, 'deal-grade', 1).record;

  test('a budget too small: the deal contradiction says undecided, not several solutions; the default and 0 decide', () => {
    const copy = withTopRowsInBag(record);
    const details = (maxNodes?: number) => replay(copy, maxNodes).contradictions.filter((c) => c.kind === 'deal').map((c) => c.detail);
    expect(details(1)).toEqual([`the board's uniqueness: ${undecidedReason({ maxNodes: 1 })}`]);
    const several = ['the board has more than one solution: a tile can fit the board and still be judged wrong'];
    expect(details()).toEqual(several);
    expect(details(0)).toEqual(several);
  });
});

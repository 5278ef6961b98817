/**
 * Issue 17, defect 14: verify's node budget travels in the verify task, so a check run in a
 * worker thread stays within `--max-nodes` exactly like one in this thread; the library's
 * `verify` takes it too. The board: two givens on one of our irregular 9×9 layouts, which the
 * counter decides (two solutions) only past its first 100,000 nodes.
 */
import { describe, expect, test } from 'vitest';
import { undecidedReason } from '../../src/core/budget.ts';
import { verify } from '../../src/index.ts';
import { PoolExecutor } from '../../src/pipeline/executor.ts';
import type { VerifyReport } from '../../src/pipeline/verify-batch.ts';
import { verifyRun } from '../../src/pipeline/verify-run.ts';

const HARD_LAYOUT = [
  0, 0, 0, 1, 1, 2, 2, 2, 2, 0, 0, 0, 1, 1, 1, 1, 1, 2, 0, 0, 1, 3, 3, 4, 4, 4, 2,
  0, 1, 3, 3, 4, 4, 2, 2, 2, 5, 5, 3, 4, 4, 4, 6, 6, 7, 5, 5, 3, 4, 8, 6, 6, 7, 7,
  5, 3, 3, 8, 8, 6, 6, 6, 7, 5, 3, 8, 8, 8, 6, 6, 7, 7, 5, 5, 5, 8, 8, 8, 7, 7, 7,
];
const LINE = '..74' + '.'.repeat(77) + ':' + HARD_LAYOUT.map((b) => String.fromCharCode(65 + b)).join('');

describe('the verify budget', () => {
  test('in a worker thread: undecided within 100 nodes; the default decides', async () => {
    const pool = new PoolExecutor(1);
    try {
      const run = async (maxNodes?: number) => {
        const reports: VerifyReport[] = [];
        await verifyRun({ inputs: [{ where: { source: 'hard', line: 1 }, line: LINE }], executor: pool, ...(maxNodes === undefined ? {} : { maxNodes }), emit: (r) => reports.push(r) });
        return reports;
      };
      expect(await run(100)).toMatchObject([{ status: 'fail', problems: [undecidedReason({ maxNodes: 100 })] }]);
      expect(await run()).toMatchObject([{ status: 'fail', problems: ['has more than one solution'] }]);
    } finally {
      await pool.close();
    }
  });

  test('the library: verify(puzzle, { maxNodes })', () => {
    expect(verify(LINE, { maxNodes: 100 })).toMatchObject({ status: 'fail', problems: [undecidedReason({ maxNodes: 100 })] });
    expect(verify(LINE, { maxNodes: 0 })).toMatchObject({ status: 'fail', problems: ['has more than one solution'] });
  });
});

/**
 * The chain rungs' shared link graphs (techniques/link-graph.ts): reachability against a plain
 * breadth-first search, and the per-position caches following the candidates — every chain rung
 * asked about positions in turn on the shared prover state lists what it lists on a fresh state.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/core/rng.ts';
import { Geometry } from '../../../src/sudoku/geometry.ts';
import { findInstances, pencilMarksOf, techniqueById, type PencilMarks, type ProofStep } from '../../../src/sudoku/logic/index.ts';
import { LogicState } from '../../../src/sudoku/logic/state.ts';
import { LinkGraph } from '../../../src/sudoku/logic/techniques/link-graph.ts';
import { parseLine } from '../../../src/sudoku/line-format.ts';
import { dataLines } from '../../helpers/data.ts';

/** Plain breadth-first reachability over adjacency lists. */
function reachesBack(lists: number[][], from: number, to: number): boolean {
  const seen = new Set<number>();
  const queue = [...lists[from]!];
  while (queue.length > 0) {
    const st = queue.shift()!;
    if (st === to) return true;
    if (seen.has(st)) continue;
    seen.add(st);
    queue.push(...lists[st]!);
  }
  return false;
}

describe('LinkGraph reachability', () => {
  it('agrees with a breadth-first search on random sparse graphs, cycles and all (reaches, components)', () => {
    const rng = new Rng('link-graph reach');
    for (let round = 0; round < 60; round++) {
      const states = 2 + rng.int(60);
      const lists: number[][] = Array.from({ length: states }, () => (rng.int(4) === 0 ? [] : Array.from({ length: rng.int(4) }, () => rng.int(states))));
      const graph = new LinkGraph(states, states * 4);
      let e = 0;
      lists.forEach((list, st) => {
        graph.first[st] = e;
        for (const to of list) graph.next[e++] = to;
      });
      graph.first[states] = e;
      for (let from = 0; from < states; from++) {
        const seen = new Set<number>();
        const queue = [...lists[from]!];
        while (queue.length > 0) {
          const st = queue.shift()!;
          if (seen.has(st)) continue;
          seen.add(st);
          queue.push(...lists[st]!);
        }
        graph.prepareReach(round);
        const reaches = (to: number) => graph.componentOf(from) >= 0 && graph.componentOf(to) >= 0 && graph.reaches(graph.componentOf(from), graph.componentOf(to));
        for (let to = 0; to < states; to++) if (to !== from) expect(reaches(to), `round ${round}: ${from} → ${to}`).toBe(seen.has(to));
        for (let to = 0; to < states; to++) {
          const mutual = graph.componentOf(to) >= 0 && graph.componentOf(to) === graph.componentOf(from);
          if (to !== from) expect(mutual, `round ${round}: ${from} ↔ ${to}`).toBe(seen.has(to) && reachesBack(lists, to, from));
        }
      }
    }
  });
});

/** findInstances on a state of its own (a new geometry object: no cache shared with the prover's). */
function onFreshState(marks: PencilMarks, id: string): ProofStep[] {
  const s = new LogicState(new Geometry(marks.size, marks.regions));
  s.reset();
  for (let c = 0; c < s.cellCount; c++) if (marks.grid[c]) s.setDigit(c, marks.grid[c]!);
  for (let c = 0; c < s.cellCount; c++) if (!marks.grid[c]) s.removeCandidate(c, s.cand[c]! & ~marks.candidates[c]!);
  s.resetRun('all', true);
  techniqueById(id)!.find(s);
  return s.steps.slice();
}

/** The marks with a step's eliminations applied. */
function after(marks: PencilMarks, step: ProofStep): PencilMarks {
  const candidates = marks.candidates.slice();
  for (const [r, c, d] of step.eliminations) candidates[r * marks.size + c]! &= ~(1 << (d - 1));
  return { ...marks, candidates };
}

describe('the chain rungs follow the position', () => {
  const CHAIN_RUNGS = ['x-chain', 'xy-chain', 'aic', 'nice-loop', 'grouped-nice-loop', 'grouped-aic'];

  it('list on the shared state what they list on a fresh one, position after position', () => {
    const a = pencilMarksOf(parseLine(dataLines('classic/top1465.txt')[0]!));
    const b = after(a, findInstances(a, 'aic')[0]!);
    const c = after(b, findInstances(b, 'grouped-nice-loop')[0]!);
    const positions = [a, b, c];
    const expected = CHAIN_RUNGS.map((id) => positions.map((marks) => onFreshState(marks, id)));
    expect(expected.some(([onA, onB]) => JSON.stringify(onA) !== JSON.stringify(onB))).toBe(true);
    for (const order of [[0, 1, 2], [2, 0, 1], [1, 1, 0]]) {
      for (const i of order) for (const [k, id] of CHAIN_RUNGS.entries()) expect(findInstances(positions[i]!, id), `${id} on position ${i}`).toEqual(expected[k]![i]);
    }
  });
});

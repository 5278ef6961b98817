/**
 * The tasks a worker can run, and the one dispatcher that both the piscina workers and the
 * in-process executor call. Tasks and results are plain data (structured-clone safe).
 *
 * A worker loads only what its tasks need: the generation modules at start (every pooled run but
 * verification generates), the verification modules on the first verify task.
 */
import { validator } from '../core/schema.ts';
import { loadKindModules } from '../kinds/kind-modules.ts';
import { kindNamed } from '../kinds/registry.ts';
import { runGenerateBatch, type BatchResult, type GenerateTask, type PuzzleOutcome } from './generate-batch.ts';
import { writePuzzleFiles } from './out-dir.ts';
import type { VerifyTask, VerifyReport } from './verify-batch.ts';

/**
 * Get a worker ready for a kind before its first batch: the kind modules loaded and the kind's
 * schema compiled (ajv: tens of ms, otherwise paid inside the first batch). Returns the time it took.
 */
export interface WarmTask {
  type: 'warm';
  /** The kind whose schema to compile (none: only start the thread and load the modules). */
  kind?: string;
  kindModules: string[];
}

export type Task = GenerateTask | VerifyTask | WarmTask;

export type TaskResult<T extends Task> = T extends GenerateTask ? BatchResult<PuzzleOutcome> : T extends VerifyTask ? BatchResult<VerifyReport> : BatchResult<never>;

type VerifyModule = typeof import('./verify-batch.ts');
let verifyModule: VerifyModule | undefined;

export async function handleTask<T extends Task>(task: T): Promise<TaskResult<T>> {
  await prepareTask(task);
  return runTask(task);
}

/** What a task needs before it runs: the extra kind modules it names, the verify modules (both async). */
export async function prepareTask(task: Task): Promise<void> {
  await loadKindModules(task.kindModules);
  if (task.type === 'verify') verifyModule ??= await import('./verify-batch.ts');
}

/** How many units (puzzles to make, inputs to check) a task holds. */
export function taskUnits(task: Task): number {
  switch (task.type) {
    case 'generate':
      return task.indices.length;
    case 'verify':
      return task.inputs.length;
    case 'warm':
      return 0;
  }
}

/** The task's work itself, synchronous from its first puzzle to its last (after prepareTask). */
export function runTask<T extends Task>(task: T): TaskResult<T> {
  switch (task.type) {
    case 'generate': {
      const result = runGenerateBatch(task);
      if (task.writeTo) result.outcomes = writePuzzleFiles(task.writeTo, result.outcomes);
      return result as TaskResult<T>;
    }
    case 'verify':
      return verifyModule!.runVerifyBatch(task) as TaskResult<T>;
    case 'warm': {
      const t0 = performance.now();
      if (task.kind !== undefined) validator(kindNamed(task.kind).schema);
      return { outcomes: [], ms: performance.now() - t0 } as BatchResult<never> as TaskResult<T>;
    }
  }
  throw new Error(`unknown task type ${(task as { type: string }).type}`);
}

/**
 * The tasks a worker can run, and the one dispatcher that both the piscina workers and the
 * in-process executor call. Tasks and results are plain data (structured-clone safe).
 */
import { loadKindModules } from '../kinds/kind-modules.ts';
import { runGenerateBatch, type BatchResult, type GenerateTask, type PuzzleOutcome } from './generate-batch.ts';
import { runVerifyBatch, type VerifyTask, type VerifyReport } from './verify-batch.ts';

export type Task = GenerateTask | VerifyTask;

export type TaskResult<T extends Task> = T extends GenerateTask ? BatchResult<PuzzleOutcome> : BatchResult<VerifyReport>;

export async function handleTask<T extends Task>(task: T): Promise<TaskResult<T>> {
  await prepareTask(task);
  return runTask(task);
}

/** What a task needs before it runs: the extra kind modules it names (loading them is async). */
export async function prepareTask(task: Task): Promise<void> {
  await loadKindModules(task.kindModules);
}

/** The task's work itself, synchronous from its first puzzle to its last (after prepareTask). */
export function runTask<T extends Task>(task: T): TaskResult<T> {
  switch (task.type) {
    case 'generate':
      return runGenerateBatch(task) as TaskResult<T>;
    case 'verify':
      return runVerifyBatch(task) as TaskResult<T>;
  }
  throw new Error(`unknown task type ${(task as { type: string }).type}`);
}

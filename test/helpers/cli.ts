/** Run the real `puzzlemill` binary, as a user would: the compiled one (test/global-build.ts builds it). */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const BIN = ROOT + 'dist/cli/puzzlemill.js';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  /** Killed at `timeoutMs` (then `code` is -1). */
  timedOut?: boolean;
}

export function runCli(args: string[], options: { input?: string; cwd?: string; env?: Record<string, string>; timeoutMs?: number } = {}): CliResult {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    input: options.input ?? '',
    cwd: options.cwd ?? ROOT,
    encoding: 'utf8',
    env: { ...process.env, ...options.env },
    maxBuffer: 256 * 1024 * 1024,
    ...(options.timeoutMs !== undefined ? { timeout: options.timeoutMs, killSignal: 'SIGKILL' as const } : {}),
  });
  const timedOut = (r.error as NodeJS.ErrnoException | undefined)?.code === 'ETIMEDOUT';
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr, ...(timedOut ? { timedOut } : {}) };
}

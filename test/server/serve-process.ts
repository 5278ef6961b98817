/** `puzzlemill serve` as a real process on loopback: started, waited for, stopped. */
import { spawn, type ChildProcess } from 'node:child_process';
import { BIN } from '../helpers/cli.ts';

export interface ServeProcess {
  url: string;
  child: ChildProcess;
  stderr: () => string;
  stop: () => Promise<number | null>;
}

/** Start `serve ARGS` (add `--port 0`) and resolve once it prints where it listens. */
export function startServe(args: string[], options: { cwd: string; env?: Record<string, string>; timeoutMs?: number; bin?: string }): Promise<ServeProcess> {
  // `bin`: another build's, e.g. a packed and installed package's (default: this checkout's)
  const child = spawn(process.execPath, [options.bin ?? BIN, 'serve', ...args], { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`serve did not start within ${options.timeoutMs ?? 60_000} ms: ${stderr}`));
    }, options.timeoutMs ?? 60_000);
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => {
      stderr += chunk;
      const m = /on (http:\/\/\S+) \(API/.exec(stderr);
      if (m) {
        clearTimeout(timer);
        resolve({
          url: m[1]!,
          child,
          stderr: () => stderr,
          stop: async () => {
            child.kill('SIGTERM');
            return exited;
          },
        });
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${code} before listening: ${stderr}`));
    });
  });
}

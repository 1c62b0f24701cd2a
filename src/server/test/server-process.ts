import { spawn, type ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';

export interface ServerProcess {
  child: ChildProcess;
  /** http://127.0.0.1:PORT */
  origin: string;
  /** Milliseconds from the spawn to the ready line: migrations and bootstrap included. */
  readyMs: number;
  output(): string;
  exited: Promise<number | null>;
  /** SIGTERM, as a process manager stops it; answers the exit code. */
  stop(): Promise<number | null>;
}

export interface StartOptions {
  /** The checkout whose src/server/main.ts runs: this one unless given (a previous release's). */
  cwd?: string;
  env: NodeJS.ProcessEnv;
  /** Called with each chunk of its output, as it comes. */
  onOutput?: (chunk: string) => void;
}

/**
 * Starts a real server process (main.ts through tsx, as `npm start` runs it) on PORT 0 and resolves once it prints
 * its ready line, or rejects with its output if it exits first.
 */
export function startServer({ cwd, env, onOutput }: StartOptions): Promise<ServerProcess> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd,
    env: { ...process.env, PORT: '0', ...env },
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let ready = false;
    const take = (chunk: Buffer) => {
      const text = chunk.toString();
      output += text;
      onOutput?.(text);
      const line = /Back office ready at (http:\/\/\S+)\/admin/.exec(output);
      if (line && !ready) {
        ready = true;
        resolve({
          child,
          origin: line[1]!,
          readyMs: performance.now() - started,
          output: () => output,
          exited,
          stop: () => {
            if (child.exitCode === null) child.kill('SIGTERM');
            return exited;
          },
        });
      }
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    void exited.then((code) => {
      if (!ready) reject(new Error(`the server exited with ${code} before it was ready:\n${output}`));
    });
  });
}

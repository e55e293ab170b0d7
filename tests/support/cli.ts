/** Running the real `sitegen` executable, as a user or CI would. */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
export const executable = fileURLToPath(new URL('../../bin/sitegen.js', import.meta.url));

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the executable; an `undefined` in `env` removes that variable. */
export function runSitegen(args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<CliResult> {
  const env = Object.fromEntries(Object.entries({ ...process.env, ...options.env }).filter(([, value]) => value !== undefined));
  return new Promise((resolve) => {
    execFile(process.execPath, [executable, ...args], { cwd: options.cwd ?? projectRoot, env }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

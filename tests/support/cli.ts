/** Running the real `sitegen` executable, as a user or CI would. */
import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { constants } from 'node:os';
import { constants as fsConstants } from 'node:fs';
import { open, readFile, rm, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';

export const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
export const executable = fileURLToPath(new URL('../../bin/sitegen.js', import.meta.url));

/** The environment of a build whose forms post to the site itself, whatever the shell or a .env holds of Supabase. */
export const localLeads = { SUPABASE_URL: '', SUPABASE_ANON_KEY: '' } as const;

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the executable (the project's, or `executable`); an `undefined` in `env` removes that variable. */
export function runSitegen(
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; executable?: string } = {},
): Promise<CliResult> {
  const env = environment(options.env);
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [options.executable ?? executable, ...args],
      { cwd: options.cwd ?? projectRoot, env },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
      },
    );
  });
}

/**
 * Runs the executable and, once it has printed its first line (its signal
 * handlers are set by then), does `atFirstLine` to it: sends it a signal,
 * or stops reading what it prints. `held`, a content file the build reads,
 * is first replaced by a named pipe holding the same bytes: the build waits
 * there until that is done, so however fast it runs, it cannot finish
 * first. `code` is 128 and the signal's number if a signal killed the
 * process.
 */
export async function runSitegenHeld(
  args: string[],
  options: {
    cwd: string;
    env?: NodeJS.ProcessEnv;
    held: string;
    atFirstLine: (child: ChildProcessWithoutNullStreams) => void;
  },
): Promise<CliResult> {
  const bytes = await readFile(options.held);
  await rm(options.held);
  await promisify(execFile)('mkfifo', [options.held]);
  const child = spawn(process.execPath, [executable, ...args], { cwd: options.cwd, env: environment(options.env) });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  // 'close', not 'exit': what it printed last is read by then.
  const ended = once(child, 'close') as Promise<[number | null, NodeJS.Signals | null]>;
  const firstLine = new Promise<void>((resolve) =>
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk;
      resolve();
    }),
  );
  await Promise.race([firstLine, ended]);
  options.atFirstLine(child);
  const written = writeFile(options.held, bytes);
  const [code, killedBy] = await ended;
  // A build that ended without reading the pipe leaves the write waiting for a reader: this one lets it end.
  const reader = await open(options.held, fsConstants.O_RDONLY | fsConstants.O_NONBLOCK);
  await written;
  await reader.close();
  await rm(options.held);
  await writeFile(options.held, bytes);
  return { code: code ?? 128 + (killedBy ? constants.signals[killedBy] : 0), stdout, stderr };
}

function environment(env: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries({ ...process.env, ...env }).filter(([, value]) => value !== undefined));
}

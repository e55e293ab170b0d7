/** `sitegen check` as the command runs it: each gate's report as it finishes, then the summary; or all as JSON. */
import { accessSync, constants, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { SitegenError } from '../errors';
import { checkSite, parseGates, type CheckOptions } from './check-site';
import { formatGate, formatSummary, reportJson } from './report';

export type CheckCommandOptions = Omit<CheckOptions, 'only' | 'onGate'> & {
  dir: string;
  /** The gates, comma-separated, as typed after --only. */
  only?: string | undefined;
  /** --json: the report as JSON, to standard output (true) or to the file named. */
  json?: string | boolean | undefined;
};

export async function runCheckCommand({ only, json, ...options }: CheckCommandOptions, write: (text: string) => void) {
  if (typeof json === 'string') requireWritableFolder(json);
  const results = await checkSite({
    ...options,
    only: only === undefined ? undefined : parseGates(only),
    onGate: json === true ? undefined : (result) => write(formatGate(result)),
  });
  if (json === true) write(reportJson(options.dir, results));
  else {
    write(formatSummary(results));
    if (typeof json === 'string') await writeFile(json, reportJson(options.dir, results));
  }
  return results.every((result) => result.passed);
}

/** The report's file can be written: said before the gates run, not after minutes of them. */
function requireWritableFolder(file: string): void {
  const folder = dirname(resolve(file));
  try {
    accessSync(`${folder}/`, constants.W_OK); // with its slash: a file there is no folder (ENOTDIR)
    if (!file || statSync(file, { throwIfNoEntry: false })?.isDirectory()) throw new Error('no file, or a folder');
  } catch {
    throw new SitegenError(`--json: expected a file in a folder that exists and can be written, found "${file}"`);
  }
}

/**
 * `sitegen check` as the command runs it: the gates, each one's report written
 * as it finishes, then the summary, or the whole report as JSON.
 */
import { writeFile } from 'node:fs/promises';
import { checkSite, parseGates, type CheckOptions } from './check-site';
import { formatGate, formatSummary, reportJson } from './report';

export type CheckCommandOptions = Omit<CheckOptions, 'only' | 'onGate'> & {
  dir: string;
  /** The gates, comma-separated, as typed after --only. */
  only?: string | undefined;
  /** --json: the report as JSON, to standard output (true) or to the file named. */
  json?: string | boolean | undefined;
};

/** Runs the gates, writing what the command prints through `write`; whether every gate passed. */
export async function runCheckCommand(
  { only, json, ...options }: CheckCommandOptions,
  write: (text: string) => void,
): Promise<boolean> {
  const results = await checkSite({
    ...options,
    only: only ? parseGates(only) : undefined,
    onGate: json === true ? undefined : (result) => write(formatGate(result)),
  });
  if (json === true) write(reportJson(options.dir, results));
  else {
    write(formatSummary(results));
    if (typeof json === 'string') await writeFile(json, reportJson(options.dir, results));
  }
  return results.every((result) => result.passed);
}

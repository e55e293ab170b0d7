/**
 * Running `sitegen check`'s gates in the check tests (tests/site/check-*.test.ts): copies of the good build with defects
 * planted, a gate run once for many cases (inRounds), and the command run by the executable or in this process.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { runCheckCommand } from '../../src/check/check-command';
import { checkSite } from '../../src/check/check-site';
import type { Finding, GateName, GateResult } from '../../src/check/types';
import { SitegenError } from '../../src/errors';
import { runSitegen, type CliResult } from './cli';
import { siteDir } from './site';

/**
 * The cases of a check test file run at once: the W3C checker (Java) and the
 * command's own processes use the second core while this process checks.
 * A case waits on the gate run it shares with others, on a busy machine
 * well past the default time a test may take.
 */
export const gateTimeout = 300_000;

const copies: string[] = [];
/** Removes the copies and reports made so far: the file's afterAll. */
export const removeCopies = () => Promise.all(copies.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
/** A folder of the test's own, removed by removeCopies. */
export const removeLater = (dir: string) => void copies.push(dir);

/** A copy of the good build, removed by removeCopies. */
export async function copyOfBuild(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'sitegen-check-'));
  copies.push(dir);
  await cp(siteDir(), dir, { recursive: true });
  return dir;
}

/** A change to one file of the good build. */
export type Defect = [file: string, change: (text: string) => string];

/** A copy of the good build with the defects planted. */
export async function brokenCopy(...defects: Defect[]): Promise<string> {
  const dir = await copyOfBuild();
  for (const [file, change] of defects) {
    const path = join(dir, file);
    const before = await readFile(path, 'utf8');
    const after = change(before);
    if (after === before) throw new Error(`the change to ${file} changed nothing`);
    await writeFile(path, after);
  }
  return dir;
}

export async function gate(name: GateName, dir: string) {
  const [result] = await checkSite({ dir, only: [name] });
  return result!;
}

/** A case of a gate: the defects it plants, and which of the gate's findings are its own. */
export interface DefectCase {
  name: string;
  defects: Defect[];
  mine: (finding: Finding) => boolean;
}

export const onPages =
  (...pages: string[]) =>
  (finding: Finding) =>
    pages.includes(finding.page);

/**
 * A gate's findings for each case, the gate run once per round: a copy of the
 * good build holding the defects of every case of the round, each case in the
 * first round that changes none of its files. A finding that no case of its
 * round claims fails every case of the round: each defect causes its own
 * findings, and nothing else.
 */
export function inRounds<Case extends DefectCase>(
  name: GateName,
  cases: readonly Case[],
): (of: Case) => Promise<Finding[]> {
  const files = (round: Case[]) => round.flatMap((each) => each.defects.map(([file]) => file));
  const rounds: Case[][] = [];
  for (const each of cases) {
    const round = rounds.find((other) => each.defects.every(([file]) => !files(other).includes(file)));
    if (round) round.push(each);
    else rounds.push([each]);
  }
  const results = new Map<Case[], Promise<GateResult>>();
  return async (of) => {
    const round = rounds.find((each) => each.includes(of))!;
    if (!results.has(round))
      results.set(
        round,
        brokenCopy(...round.flatMap((each) => each.defects)).then((dir) => gate(name, dir)),
      );
    const { findings, passed } = await results.get(round)!;
    expect(passed).toBe(false);
    expect(findings.filter((finding) => !round.some((each) => each.mine(finding)))).toEqual([]);
    return findings.filter(of.mine);
  };
}

/** The seo cases, each a defect and what the gate must find: the gate runs once for each round of them (inRounds). */
export interface SeoCase extends DefectCase {
  expect: (findings: Finding[]) => void;
}

export const seoCase = (name: string, defects: Defect[], pages: string[], expectation: SeoCase['expect']): SeoCase => ({
  name,
  defects,
  mine: onPages(...pages),
  expect: expectation,
});

/** The command on a site, the gates named, its report on standard output and as JSON in a file (--json <file>). */
export async function checkedWithReport(
  dir: string,
  gates: string,
): Promise<{ result: CliResult; report: JsonReport }> {
  const reports = await mkdtemp(join(tmpdir(), 'sitegen-check-report-'));
  copies.push(reports);
  const file = join(reports, 'report.json');
  const result = await runSitegen(['check', '--dir', dir, '--only', gates, '--json', file]);
  return { result, report: JSON.parse(await readFile(file, 'utf8')) as JsonReport };
}

/**
 * The command's own code in this process (runCheckCommand, which `sitegen check` runs), for what the process does not
 * change: what it prints and its report as JSON in a file; or, refused, the line the executable prints for a
 * SitegenError (`sitegen: <message>`) and what it printed before. One case of each kind runs the executable.
 */
export async function checkedHere(dir: string, gates: string): Promise<{ printed: string; report: JsonReport }> {
  const reports = await mkdtemp(join(tmpdir(), 'sitegen-check-report-'));
  copies.push(reports);
  const file = join(reports, 'report.json');
  let printed = '';
  await runCheckCommand({ dir, only: gates, json: file }, (text) => (printed += text));
  return { printed, report: JSON.parse(await readFile(file, 'utf8')) as JsonReport };
}
export async function refusedHere(options: {
  dir: string;
  only: string;
  json?: string;
  since?: string;
}): Promise<[string, string]> {
  let printed = '';
  const refusal = await runCheckCommand(options, (text) => (printed += text)).then(
    () => 'not refused',
    (error: unknown) => (error instanceof SitegenError ? `sitegen: ${error.message}\n` : error),
  );
  return [printed, refusal as string];
}

export interface JsonReport {
  passed: boolean;
  gates: GateResult[];
}

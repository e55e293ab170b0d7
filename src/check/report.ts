/** The check's report: readable in a terminal, or JSON for other tools. */
import type { Finding, GateResult } from './types';

const shownPerGate = 40;

export function formatGate(result: GateResult): string {
  const lines = [`${result.gate} ${result.passed ? '✓' : '✗'}`];
  // A problem on many pages (a link in the header or footer) has one fix: it is listed once, with the pages it is on.
  const problems = new Map<string, Finding[]>();
  for (const finding of result.findings) {
    // Pages' heads differ in length, so the same markup is on a different line of each: a line is no part of a problem.
    const key = [finding.rule, finding.target?.replace(/^line \d+(: )?/, ''), finding.message, finding.fix].join('\0');
    problems.set(key, [...(problems.get(key) ?? []), finding]);
  }
  for (const [first, ...others] of [...problems.values()].slice(0, shownPerGate)) {
    const more =
      others.length > 2 ? ` and ${others.length} more pages` : others.map((other) => `, ${other.page}`).join('');
    lines.push(`  ✗ ${first!.page}${more}  ${first!.rule}${first!.target ? `  ${first!.target}` : ''}`);
    lines.push(`      ${first!.message}`);
    lines.push(`      fix: ${first!.fix}`);
  }
  if (problems.size > shownPerGate)
    lines.push(`  … and ${problems.size - shownPerGate} more (all of them with --json)`);
  for (const note of result.notes) lines.push(`  ${note}`);
  return `${lines.join('\n')}\n`;
}

export function formatSummary(results: readonly GateResult[]): string {
  const lines = ['', 'summary'];
  for (const result of results) {
    const problems = result.findings.length;
    lines.push(
      `  ${result.gate.padEnd(11)} ${result.passed ? 'pass' : 'FAIL'}  ${problems ? `${problems} problem${problems === 1 ? '' : 's'} · ` : ''}${result.checked}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

export const reportJson = (dir: string, results: readonly GateResult[]): string =>
  `${JSON.stringify({ dir, passed: results.every((result) => result.passed), gates: results }, null, 2)}\n`;

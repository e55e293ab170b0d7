/** The check's report: readable in a terminal, or JSON for other tools. */
import type { GateResult } from './types';

const shownPerGate = 40;

export function formatGate(result: GateResult): string {
  const lines = [`${result.gate} ${result.passed ? '✓' : '✗'}`];
  for (const finding of result.findings.slice(0, shownPerGate)) {
    lines.push(`  ✗ ${finding.page}  ${finding.rule}${finding.target ? `  ${finding.target}` : ''}`);
    lines.push(`      ${finding.message}`);
    lines.push(`      fix: ${finding.fix}`);
  }
  if (result.findings.length > shownPerGate)
    lines.push(`  … and ${result.findings.length - shownPerGate} more (all of them with --json)`);
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

export function reportJson(dir: string, results: readonly GateResult[]): string {
  return `${JSON.stringify({ dir, passed: results.every((result) => result.passed), gates: results }, null, 2)}\n`;
}

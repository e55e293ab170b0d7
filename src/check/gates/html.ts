/** html: every page valid by html-validate's recommended rules. */
import type { CheckContext, Finding, GateResult } from '../types';

export async function checkHtml(context: CheckContext): Promise<GateResult> {
  const { HtmlValidate } = await import('html-validate');
  const validator = new HtmlValidate({ extends: ['html-validate:recommended'] });
  const findings: Finding[] = [];
  for (const page of context.pages) {
    const report = await validator.validateString(page.html, page.file);
    for (const result of report.results) {
      for (const message of result.messages) {
        findings.push({
          page: page.path,
          rule: message.ruleId,
          target: message.selector ?? `line ${message.line}`,
          message: message.message,
          fix: message.ruleUrl ?? `see https://html-validate.org/rules/${message.ruleId}.html`,
        });
      }
    }
  }
  return { gate: 'html', passed: findings.length === 0, checked: `${context.pages.length} pages, html-validate:recommended`, findings, notes: [] };
}

/** html: every page valid by html-validate's rules of the HTML standard and of accessibility, not of a serialisation style (self-closed void elements, attribute case). */
import type { CheckContext, Finding, GateResult } from '../types';

export async function checkHtml(context: CheckContext): Promise<GateResult> {
  const { HtmlValidate } = await import('html-validate');
  const validator = new HtmlValidate({ extends: ['html-validate:standard', 'html-validate:a11y'] });
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
  return { gate: 'html', passed: findings.length === 0, checked: `${context.pages.length} pages, html-validate:standard and a11y`, findings, notes: [] };
}

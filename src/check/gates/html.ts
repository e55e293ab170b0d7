/**
 * html: no error from two validators we did not write: html-validate's standard and a11y rules (not a serialisation
 * style's: self-closed void elements, attribute case) and the W3C's Nu HTML Checker.
 */
import { nuErrors } from '../nu-html-checker';
import { gateResult, type CheckContext, type Finding, type GateResult } from '../types';

export async function checkHtml(context: CheckContext): Promise<GateResult> {
  // The pages left at redirected paths are HTML a browser reads too.
  const pages = [...context.pages, ...context.redirectPages];
  // The checker runs in a process of its own, on the other core, while html-validate runs in this one.
  const nu = nuErrors(context.dir, pages);
  // Awaited below; this only keeps its failure from going unhandled should html-validate throw first.
  nu.catch(() => {});
  const { HtmlValidate } = await import('html-validate');
  const validator = new HtmlValidate({ extends: ['html-validate:standard', 'html-validate:a11y'] });
  const findings: Finding[] = [];
  for (const page of pages) {
    const { results } = await validator.validateString(page.html, page.file);
    for (const message of results.flatMap((result) => result.messages))
      findings.push({
        page: page.path,
        rule: message.ruleId,
        target: message.selector ?? `line ${message.line}`,
        message: message.message,
        fix: message.ruleUrl ?? `see https://html-validate.org/rules/${message.ruleId}.html`,
      });
  }
  findings.push(...(await nu));
  const checked = `${context.pages.length} pages and ${context.redirectPages.length} redirect pages, html-validate:standard and a11y, Nu HTML Checker`;
  return gateResult('html', checked, findings);
}

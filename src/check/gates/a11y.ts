/** a11y: axe-core in headless Chromium on every page, at two widths: no WCAG 2.2 A or AA violation, nor a best practice's. */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type axe from 'axe-core';
import type { Page } from 'playwright-core';
import { answerStockPhotos, chromiumFlags, requireChromium } from '../chromium';
import { gateResult, type CheckContext, type Finding, type GateResult } from '../types';

const viewports = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
] as const;
// Best practices hold headings in order, which screen reader users move by: a skipped level reads as a lost section.
const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];

export async function checkA11y(context: CheckContext): Promise<GateResult> {
  const executablePath = requireChromium();
  const [{ chromium }, axeSource] = await Promise.all([
    import('playwright-core'),
    readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'),
  ]);
  const browser = await chromium.launch({ executablePath, args: chromiumFlags });
  const findings: Finding[] = [];
  try {
    const browserContext = await browser.newContext({ viewport: viewports[0] });
    // Two pages at a time, one per core of the machines this runs on: either may finish first, so findings are sorted.
    const queue = [...context.pages];
    await Promise.all(
      [0, 1].map(async () => {
        const tab = await browserContext.newPage();
        if (!context.external) await answerStockPhotos(tab);
        for (let page = queue.shift(); page; page = queue.shift()) {
          // Loaded once and checked at each width in turn, as a visitor turning a tablet sees it: axe is put in once.
          await tab.setViewportSize(viewports[0]);
          await tab.goto(`${context.origin}${page.path}`, { waitUntil: 'load' });
          // Evaluated through the DevTools protocol, so the page's Content-Security-Policy does not apply to axe itself.
          await tab.evaluate(axeSource);
          for (const viewport of viewports) {
            await tab.setViewportSize(viewport);
            findings.push(...(await axeFindings(tab, `${page.path} (${viewport.width}px)`)));
          }
        }
        await tab.close();
      }),
    );
    await browserContext.close();
    findings.sort((a, b) => a.page.localeCompare(b.page, 'en'));
  } finally {
    await browser.close();
  }
  const notes = context.external ? [] : ['stock photos shown as a blank image (run with --external to load them)'];
  const checked = `${context.pages.length} pages at ${viewports.map((v) => `${v.width}px`).join(' and ')}, axe-core ${axeTags.join(', ')}`;
  return gateResult('a11y', checked, findings, notes);
}

async function axeFindings(tab: Page, page: string): Promise<Finding[]> {
  const violations = await tab.evaluate(
    (tags) =>
      (globalThis as unknown as { axe: typeof axe }).axe
        .run({ runOnly: { type: 'tag', values: tags } })
        .then((result) => result.violations),
    axeTags,
  );
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => ({
      page,
      rule: violation.id,
      target: node.target.map(String).join(' '),
      message: violation.help,
      fix: `${node.failureSummary?.replace(/\s*\n\s*/g, ' ') ?? ''} ${violation.helpUrl}`.trim(),
    })),
  );
}

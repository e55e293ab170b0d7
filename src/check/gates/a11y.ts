/**
 * a11y: axe-core in headless Chromium on every page, at a narrow and a wide
 * viewport: no violation of WCAG 2.2 level A or AA.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { stockPhotoUrl } from '../../stock-photos';
import { blankImage, chromiumFlags, requireChromium } from '../chromium';
import type { CheckContext, Finding, GateResult } from '../types';

export const viewports = [
  { name: 'narrow', width: 390, height: 844 },
  { name: 'wide', width: 1280, height: 900 },
];
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

interface AxeViolation {
  id: string;
  help: string;
  helpUrl: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

export async function checkA11y(context: CheckContext): Promise<GateResult> {
  const executablePath = requireChromium();
  const [{ chromium }, axeSource] = await Promise.all([
    import('playwright-core'),
    readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'),
  ]);
  const browser = await chromium.launch({ executablePath, args: chromiumFlags });
  const findings: Finding[] = [];
  try {
    for (const viewport of viewports) {
      const browserContext = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
      if (!context.external)
        await browserContext.route(stockPhotoUrl, (route) =>
          route.fulfill({ status: 200, contentType: 'image/gif', body: blankImage }),
        );
      // Two pages at a time: one per core of the machines this runs on.
      const queue = [...context.pages];
      await Promise.all(
        [0, 1].map(async () => {
          const page = await browserContext.newPage();
          for (let next = queue.shift(); next; next = queue.shift()) {
            await page.goto(`${context.origin}${next.path}`, { waitUntil: 'load' });
            // Evaluated through the DevTools protocol, so the page's Content-Security-Policy does not apply to axe itself.
            await page.evaluate(axeSource);
            const violations = (await page.evaluate(
              (tags) =>
                (globalThis as unknown as { axe: { run(options: unknown): Promise<{ violations: unknown[] }> } }).axe
                  .run({ runOnly: { type: 'tag', values: tags } })
                  .then((result) => result.violations),
              wcagTags,
            )) as AxeViolation[];
            for (const violation of violations) {
              for (const node of violation.nodes) {
                findings.push({
                  page: `${next.path} (${viewport.width}px)`,
                  rule: violation.id,
                  target: node.target.map(String).join(' '),
                  message: violation.help,
                  fix: `${node.failureSummary?.replace(/\s*\n\s*/g, ' ') ?? ''} ${violation.helpUrl}`.trim(),
                });
              }
            }
          }
          await page.close();
        }),
      );
      await browserContext.close();
    }
  } finally {
    await browser.close();
  }
  const notes = context.external
    ? []
    : ['stock photos were replaced by a blank image (run with --external to load them)'];
  return {
    gate: 'a11y',
    passed: findings.length === 0,
    checked: `${context.pages.length} pages at ${viewports.map((v) => `${v.width}px`).join(' and ')}, axe-core ${wcagTags.join(', ')}`,
    findings,
    notes,
  };
}

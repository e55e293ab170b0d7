/**
 * Every page of the site, walked once on a phone and once on a wide screen,
 * side by side: each loads with no console error, no uncaught exception and no
 * Content-Security-Policy violation at both widths; and, on the phone with its
 * menu open, Chromium's accessibility tree names nothing with a stray space.
 * The one walk gathers what both tests assert (a page loaded once for both on
 * the phone); each failure names the page and what is wrong. (The header's
 * phone link as read: accessible-names.test.ts.)
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { allPaths } from '../support/site';
import { accessibleNames, type Named } from './support/accessibility';
import { narrow, reusedPage, wide, type WatchedPage } from './support/browser';
import { sharedTestPreview } from './support/preview';

const preview = sharedTestPreview();
const narrowVisitor = reusedPage(narrow);
const wideVisitor = reusedPage(wide);

/**
 * Opens the header's menus that show (the narrow one and its Services entry, or the wide Services dropdown), one after
 * the other as taps would (opening a menu closes the others), so that their links are in the tree too.
 */
function openMenus(page: Page): Promise<void> {
  return page.evaluate(async () => {
    for (const details of document.querySelectorAll<HTMLDetailsElement>('details[data-menu]')) {
      if (!details.checkVisibility()) continue;
      const opened = new Promise((resolve) => details.addEventListener('toggle', resolve, { once: true }));
      details.open = true;
      await opened;
    }
  });
}

// A space a reader reads as a pause where the eye sees none: two in a row, one before punctuation, one at either end.
const straySpace = /\s\s|\s[:;,.!?)]|\(\s|^\s|\s$/;

/** What a page showed as it loaded at a width, and on the phone, its menu open, what its tree named and the problems since. */
interface Seen {
  path: string;
  width: number;
  status: number | undefined;
  policy: string | undefined;
  problems: string[];
  names?: Named[];
  problemsWithMenu?: string[];
}

async function walk({ page, problems }: WatchedPage, width: number, readNames: boolean): Promise<Seen[]> {
  const seen: Seen[] = [];
  for (const path of allPaths) {
    const response = await page.goto(`${preview.url}${path}`, { waitUntil: 'load' });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    const loaded: Seen = {
      path,
      width,
      status: response?.status(),
      policy: response?.headers()['content-security-policy'],
      problems: problems.splice(0),
    };
    if (readNames) {
      await openMenus(page);
      loaded.names = await accessibleNames(page);
      loaded.problemsWithMenu = [...loaded.problems, ...problems.splice(0)];
    }
    seen.push(loaded);
  }
  return seen;
}

// Made by whichever test comes first, in either order: the two widths side by side, each in its own page, one
// waiting for the server while the other draws.
let walked: Promise<{ phone: Seen[]; wide: Seen[] }> | undefined;
const walkEveryPage = () =>
  (walked ??= Promise.all([
    narrowVisitor().then((visitor) => walk(visitor, narrow.width, true)),
    wideVisitor().then((visitor) => walk(visitor, wide.width, false)),
  ]).then(([phone, wide]) => ({ phone, wide })));

describe('every page', () => {
  // Every page at two widths: 108 loads, and the phone's accessibility tree of each, made by whichever test runs
  // first (the other then waits for it), which a busy shared machine can stretch to minutes.
  it(
    'loads with no console error, no uncaught exception and no Content-Security-Policy violation',
    { timeout: 300_000 },
    async () => {
      const { phone, wide } = await walkEveryPage();
      for (const { path, width, status, policy, problems } of [...phone, ...wide]) {
        expect(status, path).toBe(200);
        expect(policy, path).toContain("script-src 'self'");
        expect(problems, `${path} at ${width}px`).toEqual([]);
      }
    },
  );

  // On a phone, its menu open: the wide header's dropdown names the same pages, and the phone link is checked at both
  // in accessible-names.test.ts.
  it(
    'names no link, button, image, field, landmark or heading with a doubled space or a space before punctuation or at an end',
    { timeout: 300_000 },
    async () => {
      const { phone } = await walkEveryPage();
      const stray: string[] = [];
      for (const { path, names } of phone) {
        // The menu's links were read too: a trade is named only there.
        expect(names, path).toContainEqual({ role: 'link', name: 'Chimney Sweep' });
        for (const { role, name } of names!)
          if (straySpace.test(name)) stray.push(`${path}: ${role} ${JSON.stringify(name)}`);
      }
      expect(stray).toEqual([]);
      const problems = phone.flatMap(({ problemsWithMenu }) => problemsWithMenu!);
      expect(problems.filter((problem) => !problem.includes('404'))).toEqual([]);
    },
  );
});

/**
 * The names a screen reader reads, taken from Chromium's own accessibility tree
 * (Playwright's role queries compute names themselves and fold spaces, so they
 * would not hear a doubled space or a space before a colon).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { allPaths } from '../support/site';
import { narrow, reusedPage, wide } from './support/browser';
import { sharedTestPreview } from './support/preview';

const preview = sharedTestPreview();
const narrowVisitor = reusedPage(narrow);
const wideVisitor = reusedPage(wide);

interface Named {
  role: string;
  name: string;
}

/** Every name in the page's accessibility tree but its text runs' and list bullets', the text the names are made of. */
async function accessibleNames(page: Page): Promise<Named[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = await cdp.send('Accessibility.getFullAXTree');
    return nodes
      .filter(
        (node) => !node.ignored && !['StaticText', 'InlineTextBox', 'ListMarker'].includes(String(node.role?.value)),
      )
      .map((node) => ({ role: String(node.role?.value), name: String(node.name?.value ?? '') }))
      .filter(({ name }) => name !== '');
  } finally {
    await cdp.detach();
  }
}

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

describe("the header's phone link", () => {
  it('is read "Call free 0808 157 0192", one space between the hidden words and the number, at a narrow and a wide screen', async () => {
    for (const visitor of [narrowVisitor, wideVisitor]) {
      const { page, problems } = await visitor();
      await page.goto(`${preview.url}/about`);
      const names = await accessibleNames(page);
      // Within the words and the number the spaces are non-breaking: made plain, a doubled space still shows.
      const phone = names
        .filter(({ role, name }) => role === 'link' && name.startsWith('Call'))
        .map(({ name }) => name.replace(/\u00a0/g, ' '));
      expect(phone).toEqual(['Call free 0808 157 0192']);
      expect(problems).toEqual([]);
    }
  });
});

describe('every page', () => {
  // On a phone, its menu open: the wide header's dropdown names the same pages, and the phone link is checked at both above.
  it(
    'names no link, button, image, field, landmark or heading with a doubled space or a space before punctuation or at an end',
    { timeout: 120_000 },
    async () => {
      const stray: string[] = [];
      const { page, problems } = await narrowVisitor();
      for (const path of allPaths) {
        await page.goto(`${preview.url}${path}`, { waitUntil: 'domcontentloaded' });
        await openMenus(page);
        const names = await accessibleNames(page);
        // The menu's links were read too: a trade is named only there.
        expect(names, path).toContainEqual({ role: 'link', name: 'Chimney Sweep' });
        for (const { role, name } of names)
          if (straySpace.test(name)) stray.push(`${path}: ${role} ${JSON.stringify(name)}`);
      }
      expect(stray).toEqual([]);
      expect(problems.filter((problem) => !problem.includes('404'))).toEqual([]);
    },
  );
});

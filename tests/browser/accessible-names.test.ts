/**
 * The header's phone link as a screen reader reads it, from Chromium's own
 * accessibility tree (support/accessibility.ts). Every page's names, on a
 * phone with its menu open: every-page.test.ts, on its one walk of the site.
 */
import { describe, expect, it } from 'vitest';
import { accessibleNames } from './support/accessibility';
import { narrow, reusedPage, wide } from './support/browser';
import { sharedTestPreview } from './support/preview';

const preview = sharedTestPreview();
const narrowVisitor = reusedPage(narrow);
const wideVisitor = reusedPage(wide);

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

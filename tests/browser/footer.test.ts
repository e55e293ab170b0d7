/**
 * The footer's contact line between a phone and a wide window: the phone
 * number, the email address and the office each whole on their line, moved to
 * the next line rather than squeezed (the email address read "hello@example /
 * .com" in Safari at 1280 px, and in every browser at 800 px, its icon shrunk).
 */
import { describe, expect, it } from 'vitest';
import { openPage } from './support/browser';
import { sharedTestPreview } from './support/preview';

const preview = sharedTestPreview();

describe("the footer's contact details", () => {
  it('keep the email address on one line and their icons at full size from a tablet to a wide window', async () => {
    const { page, problems } = await openPage({ width: 768, height: 900 });
    // Loaded once: the footer is laid out by CSS alone, again at each width.
    await page.goto(`${preview.url}/contact`);
    for (const width of [768, 800, 900, 1024, 1100, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const drawn = await page.evaluate(() => {
        const mail = document.querySelector<HTMLAnchorElement>('footer a[href^="mailto:"]')!;
        const range = document.createRange();
        range.selectNodeContents(mail.querySelector('span')!);
        const icons = [...mail.closest('ul')!.querySelectorAll('svg')].map(
          (icon) => icon.getBoundingClientRect().width,
        );
        return { lines: new Set([...range.getClientRects()].map((line) => Math.round(line.top))).size, icons };
      });
      expect(drawn, `at ${width} px`).toEqual({ lines: 1, icons: [16, 16, 16] });
    }
    expect(problems).toEqual([]);
  }, 60_000);
});

/**
 * The case studies on a wide screen, each a card of its photo beside its story above its results, laid out as designed
 * whether the photo loads or not: here, as behind a company's firewall or with the stock photos' host down, none does
 * (a photo that failed once took the width its height gave it, and the story ran over the results).
 */
import { describe, expect, it } from 'vitest';
import { stockPhotoOrigin } from '../../src/stock-photos';
import { openPage } from './support/browser';
import { sharedTestPreview } from './support/preview';

const preview = sharedTestPreview();

describe('the case studies, their photos not loaded', () => {
  it('keep each photo two fifths of its card and each story above its results, at 1024, 1280 and 1440 px', async () => {
    const { page, problems } = await openPage({ width: 1024, height: 800, stockPhotosFail: true });
    await page.goto(`${preview.url}/case-studies`);
    // The photos further down are asked for once scrolled near: each is asked for now, and fails.
    const photos = page.locator('main article img');
    await photos.evaluateAll((images: HTMLImageElement[]) => images.forEach((image) => (image.loading = 'eager')));
    await expect
      .poll(() => photos.evaluateAll((images: HTMLImageElement[]) => images.every((image) => image.complete)))
      .toBe(true);
    for (const width of [1024, 1280, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      const cards = await page.locator('main article').evaluateAll((articles) =>
        articles.map((article) => {
          const photo = article.querySelector('img')!;
          const story = photo.nextElementSibling!;
          const results = story.parentElement!.nextElementSibling!;
          return {
            broken: photo.complete && photo.naturalWidth === 0,
            share: photo.getBoundingClientRect().width / article.getBoundingClientRect().width,
            storyEnds: story.lastElementChild!.getBoundingClientRect().bottom,
            resultsStart: results.getBoundingClientRect().top,
          };
        }),
      );
      expect(cards.length, `${width}px`).toBe(3);
      for (const [index, card] of cards.entries()) {
        const which = `case study ${index + 1} at ${width}px`;
        expect(card.broken, which).toBe(true);
        expect(card.share, which).toBeCloseTo(2 / 5, 2);
        expect(card.storyEnds, which).toBeLessThanOrEqual(card.resultsStart);
      }
    }
    // Nothing went wrong but the photos' failing.
    expect(problems.filter((problem) => !problem.includes(`(${stockPhotoOrigin}/`))).toEqual([]);
  });
});

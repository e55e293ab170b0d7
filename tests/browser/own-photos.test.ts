/**
 * The agency's own photos (content/images/) laid out as the stock photos they replace: the same component draws both
 * with the same props (a <picture> around the local one), so each image takes the same width on the page. Served by
 * `sitegen dev` over a copy of the content, against the built site's stock photos.
 */
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type DevServer } from '../../src/dev/dev-server';
import type { Preview } from '../../src/server/preview';
import { projectRoot } from '../support/cli';
import { writeSettled } from '../support/project-copy';
import { writePhoto } from '../support/test-images';
import { narrow, reusedPage, wide } from './support/browser';
import { startTestPreview } from './support/preview';

let content: string;
let dev: DevServer;
let stock: Preview;

/** An article's image, in its front matter. */
async function useOwnPhoto(article: string, src: string): Promise<void> {
  const path = join(content, 'blog', article);
  await writeSettled(path, (await readFile(path, 'utf8')).replace(/^image: .*$/m, `image: "${src}"`));
}

beforeAll(async () => {
  content = join(await mkdtemp(join(tmpdir(), 'sitegen-own-photos-')), 'content');
  await cp(join(projectRoot, 'content'), content, { recursive: true, preserveTimestamps: true });
  await writePhoto(join(content, 'images', 'van.jpg'), { width: 1600, height: 1000, hue: 120 });
  await writePhoto(join(content, 'images', 'office.jpg'), { width: 1600, height: 1200, hue: 40 });
  // The featured article (the blog's wide card), another article (a card of the grid), and the about page's story.
  await useOwnPhoto('local-seo-tips.md', 'images/van.jpg');
  await useOwnPhoto('google-ads-guide.md', 'images/van.jpg');
  const about = join(content, 'pages', 'about.json');
  const aboutPage = JSON.parse(await readFile(about, 'utf8')) as { story: { image: { src: string } } };
  aboutPage.story.image.src = 'images/office.jpg';
  await writeSettled(about, JSON.stringify(aboutPage, null, 2));
  [dev, stock] = await Promise.all([
    startDevServer({ root: projectRoot, content, port: 0, host: '127.0.0.1', leadsDir: null, log: () => {} }),
    startTestPreview(),
  ]);
});
afterAll(async () => {
  await Promise.all([dev?.close(), stock?.close()]);
  await rm(join(content, '..'), { recursive: true, force: true });
});

const pages = { wide: reusedPage(wide), narrow: reusedPage(narrow) };

/** The width of each image of the page's main content, in order. */
async function imageWidths(origin: string, path: string, viewport: keyof typeof pages): Promise<number[]> {
  const { page, problems } = await pages[viewport]();
  // Laid out once the stylesheet applies: the photos' own bytes (made by dev when first asked for) are not waited for.
  await page.goto(`${origin}${path}`, { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet),
  );
  const widths = await page
    .locator('main img')
    .evaluateAll((images) => images.map((image) => Math.round(image.getBoundingClientRect().width)));
  expect(problems).toEqual([]);
  return widths;
}

/** Where the about page's story photo is drawn on a wide screen. */
async function storyPhoto(origin: string) {
  const { page } = await pages.wide();
  await page.goto(`${origin}/about`);
  return page.locator('section[aria-labelledby="story-heading"] img').boundingBox();
}

describe("the agency's own photos", () => {
  for (const viewport of ['wide', 'narrow'] as const) {
    // On a wide screen the featured article's photo is half its card, as the stock photo is. Three pages from each of two
    // servers: past the default time a test may take on a busy machine.
    it(`take the width the stock photos they replace take: the blog's cards, an article, the about page (${viewport})`, async () => {
      for (const path of ['/blog', '/blog/local-seo-tips', '/about']) {
        const own = await imageWidths(dev.url, path, viewport);
        expect(own, path).toEqual(await imageWidths(stock.url, path, viewport));
      }
    }, 120_000);
  }

  it("stand where the stock photos they replace stand: the about page's story photo beside its words, not a row below", async () => {
    expect(await storyPhoto(dev.url)).toEqual(await storyPhoto(stock.url));
  });
});

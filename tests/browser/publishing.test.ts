/**
 * Publishing where a visitor, or the marketer writing, sees it: a draft's
 * banner in `sitegen dev`; an old address followed through `sitegen preview`
 * (its 301) and through a host that reads no _redirects file (the page left
 * there); the feeds the blog links to (one preview for the built site's tests).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DevServer } from '../../src/dev/dev-server';
import { diskSource } from '../../src/server/disk-source';
import type { Preview } from '../../src/server/preview';
import { startSiteServer, type SiteServer } from '../../src/server/site-server';
import { writeSettled } from '../support/project-copy';
import { openPage, wide } from './support/browser';
import { devOnContentCopy, type DevCopy } from './support/dev-copy';
import { startTestPreview } from './support/preview';

describe('a draft in sitegen dev', () => {
  let copy: DevCopy;
  let dev: DevServer;
  beforeAll(async () => {
    const draft = async (content: string) => {
      const file = join(content, 'blog/digital-marketing-roi.md');
      await writeSettled(file, (await readFile(file, 'utf8')).replace(/^readTime:/m, 'draft: true\nreadTime:'));
    };
    copy = await devOnContentCopy({ prepare: draft });
    dev = copy.dev;
  });
  afterAll(() => copy?.remove());

  it('shows the article with a banner saying it is not published, and marks its card on the blog', async () => {
    const { page, problems } = await openPage(wide);
    await page.goto(`${dev.url}/blog`);
    const card = page.locator('main article').filter({ hasText: 'Is Your Marketing Paying Off?' });
    expect(await card.locator('p span').first().textContent()).toBe('Draft');
    await card.getByRole('link', { name: /Read More/ }).click();
    await page.waitForURL(`${dev.url}/blog/digital-marketing-roi`);
    const banner = page.getByRole('note');
    expect(await banner.textContent()).toBe('Draft, not published');
    expect(await banner.isVisible()).toBe(true);
    // Above the article's heading, where the writer looks first.
    const [bannerBox, headingBox] = [await banner.boundingBox(), await page.locator('h1').boundingBox()];
    expect(bannerBox!.y).toBeLessThan(headingBox!.y);
    expect(problems).toEqual([]);
  });
});

describe('the built site', () => {
  let preview: Preview;
  /** The built site as GitHub Pages or S3 serve it: no _redirects read, so the page left at the old path answers. */
  let plainHost: SiteServer;
  beforeAll(async () => {
    preview = await startTestPreview();
    const site = diskSource(inject('siteDir'));
    plainHost = await startSiteServer({
      source: { read: (path) => (path === '_redirects' ? Promise.resolve(undefined) : site.read(path)) },
      port: 0,
      host: '127.0.0.1',
    });
  });
  afterAll(async () => {
    await preview?.close();
    await plainHost?.close();
  });

  it('an old address through sitegen preview: a 301 to the page it moved to', async () => {
    const { page, problems } = await openPage(wide);
    const response = await page.goto(`${preview.url}/blog/category`);
    expect(page.url()).toBe(`${preview.url}/blog`);
    const redirect = response!.request().redirectedFrom();
    expect(redirect?.url()).toBe(`${preview.url}/blog/category`);
    expect((await redirect!.response())!.status()).toBe(301);
    expect(await page.locator('h1').textContent()).toBe('Marketing Tips for Tradesmen');
    await page.goto(`${preview.url}/services`);
    expect(page.url()).toBe(`${preview.url}/#services`);
    expect(problems).toEqual([]);
  });

  // Two old addresses opened, each page fetched through a stand-in host: a busy machine needs more than 30 s.
  it(
    "an old address on a host that reads no _redirects: the page left there sends the browser on, to the site's own address, with the ad's query",
    { timeout: 60_000 },
    async () => {
      const { page, problems } = await openPage(wide);
      // The page names the new URL on the site's origin, which the same host serves here.
      const origin = inject('siteUrl');
      await page.route(`${origin}/**`, async (route) =>
        route.fulfill({ response: await route.fetch({ url: route.request().url().replace(origin, plainHost.url) }) }),
      );
      const response = await page.goto(`${plainHost.url}/blog/category?utm_source=google&gclid=OLD-PATH-1`);
      expect(response!.status()).toBe(200);
      await page.waitForURL(`${origin}/blog?utm_source=google&gclid=OLD-PATH-1`);
      expect(await page.locator('h1').textContent()).toBe('Marketing Tips for Tradesmen');
      // Where the new address has a fragment of its own, the query goes before it.
      await page.goto(`${plainHost.url}/services?gclid=OLD-PATH-2`);
      await page.waitForURL(`${origin}/?gclid=OLD-PATH-2#services`);
      expect(problems).toEqual([]);
      // The page's last requests (its icon) finish through the stand-in host before that host closes.
      await page.unrouteAll({ behavior: 'wait' });
    },
  );

  it('the feeds are linked from the blog, and each link opens a feed', async () => {
    const { page } = await openPage({ ...wide, javaScript: false });
    await page.goto(`${preview.url}/blog`);
    const line = page.locator('main p').filter({ hasText: 'Follow the blog in your feed reader' });
    // The XML feeds declare their encoding (UTF-8) in their first line.
    const types: Record<string, string> = {
      RSS: 'application/xml',
      Atom: 'application/xml',
      'JSON Feed': 'application/json; charset=utf-8',
    };
    for (const [name, type] of Object.entries(types)) {
      const href = await line.getByRole('link', { name }).getAttribute('href');
      const response = await fetch(`${preview.url}${href}`);
      expect([response.status, response.headers.get('content-type')], name).toEqual([200, type]);
    }
  });
});

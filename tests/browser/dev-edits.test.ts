/**
 * `sitegen dev` as the agency edits week after week, beyond dev-reload.test.ts and dev-serving.test.ts: a photo of
 * `content/images/` too narrow is named with the width it must have, as `sitegen build` names it, and the error page
 * asks the server for nothing it lacks, so the browser's console shows the failed page alone.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { errorShown } from './support/dev-copy';
import { article, content, dev, edit, lines, openDevPage, useDevOnContentCopy } from './support/dev-session';

/** A photo as it comes off a camera, `width` pixels wide, dropped into content/images/. */
async function dropPhoto(name: string, width: number) {
  const photo = sharp({ create: { width, height: Math.round(width * 0.6), channels: 3, background: '#c2410c' } });
  await writeFile(join(content, 'images', name), await photo.jpeg().toBuffer());
}

useDevOnContentCopy();

describe('sitegen dev, edited as the agency edits', () => {
  // First of the file: Chromium asks a server's /favicon.ico once, and remembers it missing for the others.
  it('shows a broken file with nothing in the console but the failed page: no request for an icon it lacks', async () => {
    const { page, problems } = await openDevPage('/about');
    const good = await readFile(article(), 'utf8');
    await edit((text) => text.replace(/^readTime: \d+/m, 'readTime: "eight"'));
    await errorShown(page);
    // Fixed, the page comes back: by then the browser has long asked for the error page's icon, if it lacked one.
    await edit(() => good);
    await page.waitForFunction(
      () => document.querySelector('h1')?.textContent?.startsWith('We Only Do One Thing'),
      undefined,
      {
        timeout: 10_000,
      },
    );
    // The page itself answered 500 while broken, as it should: the browser says so for it, and for the fetches of it.
    const ownStatus = `error: Failed to load resource: the server responded with a status of 500 (Internal Server Error) (${dev.url}/about)`;
    expect(problems.filter((problem) => problem !== ownStatus)).toEqual([]);
  });

  it('names the width a photo too narrow must have, as the build does: a photo that wide then brings the page back', async () => {
    const { page } = await openDevPage('/blog/google-ads-guide');
    await edit((text) =>
      text
        .replace(/^image: .*$/m, 'image: "images/our-van.jpg"')
        .replace(/^imageAlt: .*$/m, 'imageAlt: "Our van parked outside a customer\'s house in Derby"'),
    );
    const message = page.locator('#message');
    await expect.poll(() => message.textContent(), { timeout: 10_000 }).toContain('which is not a file of');
    await dropPhoto('our-van.jpg', 300);
    // The blog's card draws it 736 pixels wide, the article 768: the message the photo must answer is the widest.
    const narrow = `${join(content, 'images', 'our-van.jpg')}: is 300 pixels wide, and /blog/google-ads-guide draws it 768 pixels wide: expected an image at least 768 pixels wide`;
    await expect.poll(() => message.textContent(), { timeout: 10_000 }).toBe(narrow);
    await dev.idle();
    expect(lines.at(-1)).toMatch(
      / error: .*our-van\.jpg: is 300 pixels wide, and \/blog\/google-ads-guide draws it 768/,
    );

    await dropPhoto('our-van.jpg', 768);
    await page.waitForFunction(
      () => document.querySelector('h1')?.textContent === 'Google Ads for Tradespeople: Pay for Leads, Not Clicks',
      undefined,
      { timeout: 10_000 },
    );
    expect(await page.locator('main img[alt^="Our van parked"]').count()).toBe(1);
  });
});

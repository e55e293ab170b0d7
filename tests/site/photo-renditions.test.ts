/**
 * The agency's own photos (content/images/) through the real build, on a
 * copy of the project whose team, story, one article and one trade page
 * name photos made by sharp (tests/support/photo-project.ts): each is
 * published at the widths its page draws it, as AVIF, WebP and its own
 * format, upright and without its EXIF, under a name that changes with its
 * bytes; a build with nothing changed encodes nothing; and `sitegen dev`
 * makes an image the first time it is asked for.
 */
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { startDevServer } from '../../src/dev/dev-server';
import { headersFor, parseHeadersFile } from '../../src/server/headers-file';
import { testLeadSettings } from '../browser/support/preview';
import {
  build,
  content,
  firstBuild,
  imageAt,
  out,
  page,
  project,
  siteUrl,
  usePhotoProject,
} from '../support/photo-project';
import { camera, writePhoto } from '../support/test-images';

usePhotoProject();

describe('a photo of content/images/', () => {
  it('is drawn at the widths its page draws it, on a desktop and a phone, 1x and 2x but never wider than the file, as AVIF, WebP and its own format', async () => {
    const $ = await page('/about');
    const pictures = $('#team picture');
    const sarah = pictures.eq(0);
    const name = (file: string) => `/assets/images/${file}-[0-9a-f]{12}`;
    const srcsets = (picture: typeof sarah) =>
      picture
        .find('source')
        .map((_, source) => `${$(source).attr('type')} ${$(source).attr('srcset')}`)
        .get();
    const sarahName = name('sarah-mitchell');
    // Drawn 400 wide on a desktop, 736 on a phone: twice that would be wider than the file, 1200.
    const widths = (file: string, format: string, drawn: number[]) =>
      drawn.map((width) => `${file}-${width}\\.${format} ${width}w`).join(', ');
    expect(srcsets(sarah).join('\n')).toMatch(
      new RegExp(
        `^image/avif ${widths(sarahName, 'avif', [400, 736, 800, 1200])}\nimage/webp ${widths(sarahName, 'webp', [400, 736, 800, 1200])}$`,
      ),
    );
    const img = sarah.find('img');
    // Upright, the photo is 1200 × 1600: drawn 400 wide, it is 533 high.
    expect([img.attr('width'), img.attr('height'), img.attr('alt')]).toEqual([
      '400',
      '533',
      'Portrait of Sarah Mitchell, smiling in a dark blazer',
    ]);
    expect(img.attr('src')).toMatch(new RegExp(`^${sarahName}-400\\.jpg$`));
    expect(img.attr('srcset')).toMatch(new RegExp(`^${widths(sarahName, 'jpg', [400, 736, 800, 1200])}$`));
    // 900 pixels wide: its phone's sharp-screen rendition is the file's own width; a WebP falls back to JPEG.
    const james = pictures.eq(1).find('img');
    expect(james.attr('srcset')).toMatch(new RegExp(`^${widths(name('james'), 'jpg', [400, 736, 800, 900])}$`));
    // A PNG with transparency falls back to PNG; drawn 600 wide on a desktop, 992 on a tablet.
    const story = $('section[aria-labelledby="story-heading"] picture img');
    expect(story.attr('srcset')).toMatch(new RegExp(`^${widths(name('office'), 'png', [600, 992, 1200, 1400])}$`));

    const formats = { avif: 'heif', webp: 'webp', jpg: 'jpeg', png: 'png' } as const;
    const urls = $('picture source, picture img')
      .map((_, element) => ($(element).attr('srcset') ?? '').split(', ').map((entry) => entry.split(' ')[0]!))
      .get();
    expect(urls.length).toBeGreaterThan(20);
    for (const url of urls) {
      const [, width, format] = /-(\d+)\.(\w+)$/.exec(url)!;
      const metadata = await imageAt(url).metadata();
      expect([metadata.format, metadata.width], url).toEqual([formats[format as keyof typeof formats], Number(width)]);
    }
    expect((await imageAt(img.attr('src')!).metadata()).height).toBe(533);
  });

  it("is turned upright and keeps nothing of its EXIF: neither the phone's make and model nor where it was taken", async () => {
    const source = await sharp(content('images', 'team', 'Sarah Mitchell.jpg')).metadata();
    expect([source.orientation, source.exif?.toString('latin1').includes(camera.model)]).toEqual([6, true]);
    const $ = await page('/about');
    const renditions = $('#team picture')
      .first()
      .find('source, img')
      .map((_, element) =>
        $(element)
          .attr('srcset')!
          .split(', ')
          .map((entry) => entry.split(' ')[0]!),
      )
      .get();
    expect(renditions).toHaveLength(12);
    for (const url of renditions) {
      const bytes = await readFile(out(url.slice(1)));
      const metadata = await sharp(bytes).metadata();
      expect([metadata.exif, metadata.xmp, metadata.orientation], url).toEqual([undefined, undefined, undefined]);
      expect(metadata.width! < metadata.height!, url).toBe(true);
      expect(bytes.includes(camera.make) || bytes.includes(camera.model), url).toBe(false);
    }
  });

  it('is named by a key of its bytes and the settings, under /assets/, which _headers caches for a year', async () => {
    const $ = await page('/about');
    const url = $('#team picture img').first().attr('src')!;
    expect(url).toMatch(/^\/assets\/images\/sarah-mitchell-[0-9a-f]{12}-400\.jpg$/);
    const rules = parseHeadersFile(await readFile(out('_headers'), 'utf8'));
    expect(headersFor(rules, url)['Cache-Control']).toBe('public, max-age=31536000, immutable');
  });

  it("is an article's image, at the width the article draws it (preloaded, as the page's main photo) and at 1200 pixels for search engines", async () => {
    const $ = await page('/blog/local-seo-tips');
    expect($('main article picture img').attr('srcset')).toMatch(
      /\/van-[0-9a-f]{12}-768\.jpg 768w, \S+-1536\.jpg 1536w$/,
    );
    // Its page's main photo, preloaded in the best format a browser takes (React preloads no <img> of a <picture>).
    const preload = $('head link[rel="preload"]');
    expect(preload.length).toBe(1);
    const avif = $('main article picture source[type="image/avif"]');
    expect([preload.attr('as'), preload.attr('type'), preload.attr('fetchpriority')]).toEqual([
      'image',
      'image/avif',
      'high',
    ]);
    expect([preload.attr('imagesrcset'), preload.attr('imagesizes')]).toEqual([
      avif.attr('srcset'),
      avif.attr('sizes'),
    ]);
    const graph = JSON.parse($('script[type="application/ld+json"]').text()) as {
      '@graph': { '@type': string; image?: string[] }[];
    };
    const posting = graph['@graph'].find((node) => node['@type'] === 'BlogPosting')!;
    expect(posting.image![0]).toMatch(new RegExp(`^${siteUrl}/assets/images/van-[0-9a-f]{12}-1200\\.jpg$`));
    expect((await imageAt(posting.image![0]!).metadata()).width).toBe(1200);
  });
});

describe('what is kept between builds', () => {
  it('a build with nothing changed encodes nothing; a replaced photo makes only its own renditions, under new names', async () => {
    expect(firstBuild).toMatch(/^ {2}images {5}\d+ files: [1-9]\d* made, \d+ kept/m);
    // Built once more first: another case of this file may have replaced a photo since (sitegen dev's does).
    await build();
    const again = await build();
    // Every file of the output's images either made by this build or kept from one before.
    const counted = /^ {2}images {5}(\d+) files: 0 made, (\d+) kept/m.exec(again.stdout);
    expect(counted, again.stdout).not.toBeNull();
    const [, files, kept] = counted!;
    expect(kept).toBe(files);
    const before = (await page('/about'))('#team picture img').eq(1).attr('src')!;
    await writePhoto(content('images', 'team', 'james.webp'), { width: 900, height: 900, format: 'webp', hue: 90 });
    const replaced = await build();
    // Its twelve renditions: AVIF, WebP and JPEG, 400, 736, 800 and 900 pixels wide.
    expect(replaced.stdout).toMatch(
      new RegExp(`^ {2}images {5}${files} files: 12 made, ${Number(files) - 12} kept`, 'm'),
    );
    const after = (await page('/about'))('#team picture img').eq(1).attr('src')!;
    expect(after).not.toBe(before);
    await expect(readFile(out(before.slice(1)))).rejects.toThrow();
    expect((await imageAt(after).metadata()).width).toBe(400);
  });

  it('an image cut short in the output a build writes over is copied whole again; a whole one is left as it is', async () => {
    await build();
    const card = (await page('/blog/local-seo-tips'))('meta[property="og:image"]').attr('content')!;
    const path = card.replace(/^https?:\/\/[^/]+\//, '');
    const whole = await readFile(out(path));
    // The next build writes over the output before last: one image there cut short, as by a full disk.
    const before = join(`${out()}.previous`, path);
    await writeFile(before, whole.subarray(0, 100));
    const logo = (await page('/'))('header img').attr('src')!.slice(1);
    const logoTime = (await stat(join(`${out()}.previous`, logo))).mtimeMs;
    await build();
    expect(await readFile(out(path))).toEqual(whole);
    expect((await stat(out(logo))).mtimeMs).toBe(logoTime);
  });
});

describe('sitegen dev', () => {
  it('makes an image the first time it is asked for, and a photo replaced while it runs shows under a new name', async () => {
    const dev = await startDevServer({
      root: project.dir,
      port: 0,
      host: '127.0.0.1',
      leadsDir: null,
      leadSettings: testLeadSettings,
      log: () => {},
    });
    try {
      const aboutImage = async () =>
        cheerio
          .load(await (await fetch(`${dev.url}/about`)).text())('#team picture source[type="image/avif"]')
          .first()
          .attr('srcset')!
          .split(' ')[0]!;
      const first = await aboutImage();
      const response = await fetch(`${dev.url}${first}`);
      expect([response.status, response.headers.get('content-type')]).toEqual([200, 'image/avif']);
      const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect([metadata.format, metadata.width]).toEqual(['heif', 400]);
      await writePhoto(content('images', 'team', 'Sarah Mitchell.jpg'), {
        width: 1600,
        height: 1200,
        orientation: 6,
        hue: 0,
      });
      await expect.poll(aboutImage, { timeout: 20_000 }).not.toBe(first);
      const replaced = await aboutImage();
      expect((await fetch(`${dev.url}${replaced}`)).status).toBe(200);
      expect((await fetch(`${dev.url}${first}`)).status).toBe(404);
    } finally {
      await dev.close();
    }
  });
});

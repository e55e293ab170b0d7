/**
 * The agency's own photos (content/images/) through the real build, on a
 * copy of the project whose team, story, one article and one trade page
 * name photos made by sharp: each is published at the widths its page draws
 * it, as AVIF, WebP and its own format, upright and without its EXIF, under
 * a name that changes with its bytes; every article and trade page has a
 * social card unless it names its own image; a build with nothing changed
 * encodes nothing; and `sitegen dev` makes an image the first time it is
 * asked for.
 */
import { cp, mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import * as cheerio from 'cheerio';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer } from '../../src/dev/dev-server';
import { headersFor, parseHeadersFile } from '../../src/server/headers-file';
import { testLeadSettings } from '../browser/support/preview';
import { fingerprint } from '../support/fingerprint';
import { copyProject, writeSettled, type ProjectCopy } from '../support/project-copy';
import { articleSlugs, tradeSlugs } from '../support/site';
import { camera, photo, writePhoto } from '../support/test-images';

const siteUrl = 'https://photos.example.co.uk';
let project: ProjectCopy;
let firstBuild: string;

const content = (...path: string[]) => join(project.dir, 'content', ...path);
const out = (...path: string[]) => join(project.dir, 'dist', ...path);
const build = () => project.buildHere({ out: 'dist', siteUrl, quiet: false });

async function editJson<T>(file: string, change: (data: T) => void): Promise<void> {
  const data = JSON.parse(await readFile(content(file), 'utf8')) as T;
  change(data);
  await writeSettled(content(file), JSON.stringify(data, null, 2));
}

async function editText(file: string, change: (text: string) => string): Promise<void> {
  await writeSettled(content(file), change(await readFile(content(file), 'utf8')));
}

async function page(path: string) {
  return cheerio.load(await readFile(out(path === '/' ? 'index.html' : `${path.slice(1)}.html`), 'utf8'));
}

/** An image of the output, by its URL (absolute or from the root). */
const imageAt = (url: string) => sharp(out(url.replace(/^https?:\/\/[^/]+/, '').slice(1)));

type Team = { team: { image: { src: string; alt: string } }[] };

/** The project's content as it is now, to put back after a test breaks it. */
async function snapshot(dir: string) {
  const [content, saved] = [join(dir, 'content'), join(dir, 'content.saved')];
  await cp(content, saved, { recursive: true, preserveTimestamps: true });
  return {
    restore: async () => {
      await rm(content, { recursive: true });
      await rename(saved, content);
    },
  };
}

beforeAll(async () => {
  project = await copyProject();
  // A phone's portrait photo: its pixels stored on their side, with the orientation that stands them up.
  await writePhoto(content('images', 'team', 'Sarah Mitchell.jpg'), { width: 1600, height: 1200, orientation: 6 });
  await writePhoto(content('images', 'team', 'james.webp'), { width: 500, height: 500, format: 'webp', hue: 30 });
  await writePhoto(content('images', 'office.png'), { width: 1400, height: 900, format: 'png', transparent: true });
  await writePhoto(content('images', 'blog', 'van.jpg'), { width: 1600, height: 900, hue: 120 });
  await writePhoto(content('images', 'blog', 'share.jpg'), { width: 1300, height: 700, hue: 300 });
  await writePhoto(content('images', 'plumber-share.jpg'), { width: 1000, height: 525, hue: 190 });
  await editJson<Team>('team.json', ({ team }) => {
    team[0]!.image.src = 'images/team/Sarah Mitchell.jpg';
    team[1]!.image.src = 'images/team/james.webp';
  });
  await editJson<{ story: { image: { src: string } } }>('pages/about.json', ({ story }) => {
    story.image.src = 'images/office.png';
  });
  await editJson<{ socialImage?: object }>('trades/plumber.json', (plumber) => {
    plumber.socialImage = { src: 'images/plumber-share.jpg', alt: "A plumber's van outside a terraced house" };
  });
  await editText('blog/local-seo-tips.md', (text) => text.replace(/^image: .*$/m, 'image: "images/blog/van.jpg"'));
  await editText('blog/google-ads-guide.md', (text) =>
    text.replace(
      /^imageAlt: /m,
      'socialImage: "images/blog/share.jpg"\nsocialImageAlt: "Our van at a job"\nimageAlt: ',
    ),
  );
  const result = await build();
  expect(result.stderr).toBe('');
  firstBuild = result.stdout;
}, 180_000);
afterAll(() => project?.remove());

describe('a photo of content/images/', () => {
  it('is drawn at the widths its page draws it, 1x and 2x but never wider than the file, as AVIF, WebP and its own format', async () => {
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
    expect(srcsets(sarah).join('\n')).toMatch(
      new RegExp(
        `^image/avif ${sarahName}-400\\.avif 400w, ${sarahName}-800\\.avif 800w\nimage/webp ${sarahName}-400\\.webp 400w, ${sarahName}-800\\.webp 800w$`,
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
    expect(img.attr('srcset')).toMatch(new RegExp(`^${sarahName}-400\\.jpg 400w, ${sarahName}-800\\.jpg 800w$`));
    // 500 pixels wide, drawn at 400: its sharp-screen rendition is the file's own width; a WebP falls back to JPEG.
    const james = pictures.eq(1).find('img');
    expect(james.attr('srcset')).toMatch(
      new RegExp(`^${name('james')}-400\\.jpg 400w, ${name('james')}-500\\.jpg 500w$`),
    );
    // A PNG with transparency falls back to PNG.
    const story = $('section[aria-labelledby="story-heading"] picture img');
    expect(story.attr('srcset')).toMatch(
      new RegExp(`^${name('office')}-600\\.png 600w, ${name('office')}-1200\\.png 1200w$`),
    );

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
    expect(renditions).toHaveLength(6);
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

  it("is an article's image, at the width the article draws it and at 1200 pixels for search engines", async () => {
    const $ = await page('/blog/local-seo-tips');
    expect($('main article picture img').attr('srcset')).toMatch(
      /\/van-[0-9a-f]{12}-768\.jpg 768w, \S+-1536\.jpg 1536w$/,
    );
    const graph = JSON.parse($('script[type="application/ld+json"]').text()) as {
      '@graph': { '@type': string; image?: string[] }[];
    };
    const posting = graph['@graph'].find((node) => node['@type'] === 'BlogPosting')!;
    expect(posting.image![0]).toMatch(new RegExp(`^${siteUrl}/assets/images/van-[0-9a-f]{12}-1200\\.jpg$`));
    expect((await imageAt(posting.image![0]!).metadata()).width).toBe(1200);
  });
});

describe('social cards', () => {
  it('every article and trade page has one of its own, 1200 × 630, as og:image and twitter:image', async () => {
    const cards = new Set<string>();
    for (const path of [
      ...articleSlugs.map((slug) => `/blog/${slug}`),
      ...tradeSlugs.map((slug) => `/services/${slug}`),
    ]) {
      if (path === '/blog/google-ads-guide' || path === '/services/plumber') continue;
      const $ = await page(path);
      const card = $('meta[property="og:image"]').attr('content')!;
      expect(card, path).toMatch(new RegExp(`^${siteUrl}/assets/cards/${path.split('/').pop()}-[0-9a-f]{12}\\.png$`));
      expect($('meta[name="twitter:image"]').attr('content'), path).toBe(card);
      expect($('meta[name="twitter:card"]').attr('content'), path).toBe('summary_large_image');
      expect([
        $('meta[property="og:image:width"]').attr('content'),
        $('meta[property="og:image:height"]').attr('content'),
      ]).toEqual(['1200', '630']);
      // The card shows the page's title: it is the card's description.
      expect($('meta[property="og:image:alt"]').attr('content'), path).toBe($('h1').text());
      const metadata = await imageAt(card).metadata();
      expect([metadata.format, metadata.width, metadata.height], path).toEqual(['png', 1200, 630]);
      cards.add(card);
    }
    expect(cards.size).toBe(articleSlugs.length + tradeSlugs.length - 2);
  });

  it('a page that names its own social image keeps it, at 1200 pixels or its own width, and has no card', async () => {
    const article = await page('/blog/google-ads-guide');
    const image = article('meta[property="og:image"]').attr('content')!;
    expect(image).toMatch(new RegExp(`^${siteUrl}/assets/images/share-[0-9a-f]{12}-1200\\.jpg$`));
    expect(article('meta[property="og:image:alt"]').attr('content')).toBe('Our van at a job');
    expect(article('meta[property="og:image:height"]').attr('content')).toBe('646');
    expect((await imageAt(image).metadata()).height).toBe(646);
    const trade = await page('/services/plumber');
    expect(trade('meta[property="og:image"]').attr('content')).toMatch(
      /\/assets\/images\/plumber-share-[0-9a-f]{12}-1000\.jpg$/,
    );
    expect(trade('meta[property="og:image:width"]').attr('content')).toBe('1000');
    const cards = await readdir(out('assets', 'cards'));
    expect(cards.filter((file) => /^(google-ads-guide|plumber)-/.test(file))).toEqual([]);
  });

  it("are named anew when what draws them changes (the card's template, its helpers, the brand's colours), not when a page's template does; the brand's colour has one home, for the cards, the stylesheet and the browser's theme colour", async () => {
    const card = async () => (await page('/blog/local-seo-tips'))('meta[property="og:image"]').attr('content')!;
    const drawn = await card();
    const template = (...path: string[]) => join(project.dir, 'templates', ...path);
    const [legal, brand] = await Promise.all([
      readFile(template('pages', 'Legal.tsx'), 'utf8'),
      readFile(template('lib', 'brand.json'), 'utf8'),
    ]);
    try {
      await writeSettled(
        template('pages', 'Legal.tsx'),
        legal.replace('export function', '/** Edited. */\nexport function'),
      );
      expect((await build()).code).toBe(0);
      expect(await card()).toBe(drawn);
      await writeSettled(template('lib', 'brand.json'), brand.replace('"brand": "#1d4ed8"', '"brand": "#047857"'));
      expect((await build()).code).toBe(0);
      const redrawn = await card();
      expect(redrawn).toMatch(new RegExp(`^${siteUrl}/assets/cards/local-seo-tips-[0-9a-f]{12}\\.png$`));
      expect(redrawn).not.toBe(drawn);
      const article = await page('/blog/local-seo-tips');
      expect(article('meta[name="theme-color"]').attr('content')).toBe('#047857');
      const stylesheet = article('link[rel="stylesheet"]').attr('href')!;
      expect(await readFile(out(stylesheet), 'utf8')).toContain('--color-brand:#047857;');
    } finally {
      await writeSettled(template('pages', 'Legal.tsx'), legal);
      await writeSettled(template('lib', 'brand.json'), brand);
      // The cards as the next tests find them: drawn again under their first names.
      await build();
    }
  });

  it('cannot be drawn with a file of templates/ outside their folders: the build refuses it, naming both, and writes nothing', async () => {
    const file = join(project.dir, 'templates', 'social', 'SocialCard.tsx');
    const source = await readFile(file, 'utf8');
    const before = await fingerprint(out());
    try {
      await writeSettled(
        file,
        `import { Stars } from '../components/Stars';\n${source}\nexport const stars = Stars;\n`,
      );
      const refused = await build();
      expect(refused.code).toBe(1);
      expect(refused.stderr).toBe(
        'sitegen: templates/social/SocialCard.tsx: draws with templates/components/Stars.tsx: expected only files of templates/social/ and templates/lib/, which name every card\n',
      );
      expect(await fingerprint(out())).toEqual(before);
    } finally {
      await writeSettled(file, source);
    }
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
    await writePhoto(content('images', 'team', 'james.webp'), { width: 500, height: 500, format: 'webp', hue: 90 });
    const replaced = await build();
    // Its six renditions: AVIF, WebP and JPEG, 400 and 500 pixels wide.
    expect(replaced.stdout).toMatch(
      new RegExp(`^ {2}images {5}${files} files: 6 made, ${Number(files) - 6} kept`, 'm'),
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

describe('a file that cannot be published', () => {
  let refusing: ProjectCopy;
  beforeAll(async () => {
    refusing = await copyProject();
    expect((await refusing.buildHere({ out: 'dist' })).stderr).toBe('');
  }, 120_000);
  afterAll(() => refusing?.remove());

  const logo = async (width: number, height: number) =>
    writeSettled(join(refusing.dir, 'content', 'images', 'logo.png'), await photo({ width, height, format: 'png' }));
  const teamPhoto = async (name: string, bytes: Uint8Array | Promise<Uint8Array>) => {
    const path = join(refusing.dir, 'content', 'images', 'team', name);
    await mkdir(dirname(path), { recursive: true });
    await writeSettled(path, await bytes);
    const team = join(refusing.dir, 'content', 'team.json');
    const data = JSON.parse(await readFile(team, 'utf8')) as Team;
    data.team[0]!.image.src = `images/team/${name}`;
    await writeSettled(team, JSON.stringify(data));
  };
  const heic = Buffer.concat([Buffer.from('\0\0\0\u0018ftypheic\0\0\0\0mif1heic', 'latin1'), Buffer.alloc(64)]);
  const cases: [string, () => Promise<void>, RegExp][] = [
    [
      'a file that is not an image',
      () => teamPhoto('notes.jpg', Buffer.from('Call Sarah back on Monday\n')),
      /^sitegen: content\/images\/team\/notes\.jpg: is not an image \(.+\): expected a JPEG, PNG, WebP, AVIF, GIF or TIFF file$/,
    ],
    [
      "an empty file (a copy that failed, or a cloud drive's placeholder for a photo not yet downloaded)",
      () => teamPhoto('sarah.jpg', new Uint8Array(0)),
      /^sitegen: content\/images\/team\/sarah\.jpg: is not an image \(Input Buffer is empty\): expected a JPEG, PNG, WebP, AVIF, GIF or TIFF file$/,
    ],
    [
      'a folder given the name of the photo content names, which no differing capitals explain',
      async () => {
        await teamPhoto('sarah.jpg', photo({ width: 800, height: 800 }));
        const path = join(refusing.dir, 'content', 'images', 'team', 'sarah.jpg');
        await rm(path);
        await mkdir(path);
      },
      /^sitegen: content\/team\.json: team\[0\]\.image\.src: names "images\/team\/sarah\.jpg", which is not a file of content\/images\/$/,
    ],
    [
      "a photo named with Windows' backslashes, as its Explorer copies a path: told as a file of content/images/, not a stock photo",
      async () => {
        await teamPhoto('sarah.jpg', photo({ width: 800, height: 800 }));
        const team = join(refusing.dir, 'content', 'team.json');
        const data = JSON.parse(await readFile(team, 'utf8')) as Team;
        data.team[0]!.image.src = 'images\\team\\sarah.jpg';
        await writeSettled(team, JSON.stringify(data));
      },
      /^sitegen: content\/team\.json: team\[0\]\.image\.src: expected a file of content\/images\/ named from the content folder, such as "images\/team\/sarah\.jpg", found "images\\team\\sarah\.jpg"$/,
    ],
    [
      "a phone's HEIC photo, which sharp cannot read",
      () => teamPhoto('sarah.heic', heic),
      /^sitegen: content\/images\/team\/sarah\.heic: is in HEIC format, which the site cannot publish: expected a JPEG, PNG, WebP, AVIF, GIF or TIFF file \(export it as JPEG, or PNG for a logo\)$/,
    ],
    [
      'a file over 25 MB',
      () => teamPhoto('huge.jpg', Buffer.alloc(26 * 1024 * 1024)),
      /^sitegen: content\/images\/team\/huge\.jpg: is 26\.0 MB: expected at most 25 MB/,
    ],
    [
      'an image over 40 megapixels (a decompression bomb)',
      () =>
        teamPhoto(
          'bomb.png',
          sharp({ create: { width: 8000, height: 5200, channels: 3, background: '#888' } })
            .png()
            .toBuffer(),
        ),
      /^sitegen: content\/images\/team\/bomb\.png: is 8,000 × 5,200 pixels \(41\.6 megapixels\): expected at most 40 megapixels/,
    ],
    [
      'a photo narrower than its page draws it',
      () => teamPhoto('small.jpg', photo({ width: 300, height: 300 })),
      /^sitegen: content\/images\/team\/small\.jpg: is 300 pixels wide, and \/about draws it 400 pixels wide: expected an image at least 400 pixels wide$/,
    ],
    [
      "an article's photo narrower than the blog and its own page draw it: the message gives the widest, its page's",
      async () => {
        const path = join(refusing.dir, 'content', 'images', 'blog', 'narrow.jpg');
        await mkdir(dirname(path), { recursive: true });
        await writeSettled(path, await photo({ width: 500, height: 300 }));
        const article = join(refusing.dir, 'content', 'blog', 'local-seo-tips.md');
        await writeSettled(
          article,
          (await readFile(article, 'utf8')).replace(/^image: .*$/m, 'image: "images/blog/narrow.jpg"'),
        );
      },
      /^sitegen: content\/images\/blog\/narrow\.jpg: is 500 pixels wide, and \/blog\/local-seo-tips draws it 768 pixels wide: expected an image at least 768 pixels wide$/,
    ],
    [
      "a photo named with other capitals and accents written otherwise than its file's: a Mac's disk finds it, a server's does not",
      async () => {
        // The file's name as a Mac writes it: the accent a character of its own (NFD).
        await teamPhoto('Café Front.jpg'.normalize('NFD'), photo({ width: 800, height: 800 }));
        const team = join(refusing.dir, 'content', 'team.json');
        const data = JSON.parse(await readFile(team, 'utf8')) as Team;
        data.team[0]!.image.src = 'images/team/café front.jpg';
        await writeSettled(team, JSON.stringify(data));
      },
      new RegExp(
        `^sitegen: content/team\\.json: team\\[0\\]\\.image\\.src: names "images/team/café front\\.jpg", which is not a file of content/images/: the folder has "${'Café Front'.normalize('NFD')}\\.jpg", which differs in its capitals or how its accents are written \\(a Mac's disk takes either; the server's does not\\)$`,
      ),
    ],
    [
      'a logo smaller than a phone draws it on its home screen',
      () => logo(120, 120),
      /^sitegen: content\/images\/logo\.png: is 120 × 120 pixels: expected a square logo, at least 180 pixels a side/,
    ],
    [
      'a logo twice as wide as it is high, which every icon would squash',
      () => logo(800, 400),
      /^sitegen: content\/images\/logo\.png: is 800 × 400 pixels: expected a square logo, at least 180 pixels a side/,
    ],
    [
      "an article's image without its description",
      async () => {
        const article = join(refusing.dir, 'content', 'blog', 'local-seo-tips.md');
        await writeSettled(article, (await readFile(article, 'utf8')).replace(/^imageAlt: .*\n/m, ''));
      },
      /^sitegen: content\/blog\/local-seo-tips\.md: front matter: imageAlt: is missing: expected a text describing the image, for people who cannot see it$/,
    ],
  ];

  it.each(cases)('%s is refused, named, and the output stays as it was', async (_, breakIt, message) => {
    const before = await fingerprint(join(refusing.dir, 'dist'));
    const saved = await snapshot(refusing.dir);
    try {
      await breakIt();
      const refused = await refusing.buildHere({ out: 'dist' });
      expect(refused.stderr.trimEnd()).toMatch(message);
      expect(refused.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(refused.code).toBe(1);
      expect(await fingerprint(join(refusing.dir, 'dist'))).toEqual(before);
    } finally {
      await saved.restore();
    }
  });
});

/**
 * The editor at /admin, as a marketer writes in it: the real `sitegen dev`
 * in a copy of the project, its real local backend (decap-server, inside
 * the dev server) writing the copy's content/, Decap CMS in Chromium,
 * opened once for the file's tests, each at an entry of its own, with the
 * content as the repository has it (support/editor-session.ts). An article
 * written with a photo from disk, previewed on the site's own page, saved
 * as a draft, then published; one with a photo already in content/images/,
 * chosen in the media library, previewed without a request the dev server
 * cannot answer; the phone number and the logo changed; a
 * testimonial added with two photos from disk; "View Live" leading to the
 * page each form previews; the saves the build would refuse refused in the
 * build's words, with nothing written.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import type { Page, Request } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { parseFrontMatter } from '../../src/content/front-matter';
import { projectNow } from '../../src/config';
import { projectRoot } from '../support/cli';
import { londonDay } from '../../src/content/publishing';
import { articleFrontMatterSchema } from '../../src/content/schemas';
import { validate } from '../../src/content/validate';
import { photo } from '../support/test-images';
import { openPage, wide } from './support/browser';
import {
  addTestimonial,
  chooseTestimonialPhotos,
  field,
  notification,
  publish,
  uploadPhoto,
  writeArticle,
} from './support/editor';
import {
  contentFile,
  dev,
  devPage,
  edited,
  editor,
  lines,
  retype,
  saved,
  refused,
  savedChanges,
  savedLines,
  useEditedProject,
} from './support/editor-session';

let upload: Buffer;

/** Today in London by sitegen dev's clock (SITEGEN_NOW, which vitest.config.ts sets for every test), which the editor keeps to. */
const devToday = londonDay(projectNow(projectRoot));

beforeAll(async () => {
  upload = await photo({ width: 2400, height: 1350, hue: 30 });
});
useEditedProject();

/**
 * The backend the editor saved through: decap-server inside the dev server, on the page's own origin (no port of its
 * own for another page to find), each of its requests a POST there.
 */
function expectOwnOriginBackend(page: Page): () => void {
  const posts: string[] = [];
  const watch = (request: Request) => request.method() === 'POST' && posts.push(request.url());
  page.on('request', watch);
  return () => {
    page.off('request', watch);
    expect(posts.length).toBeGreaterThan(0);
    expect(new Set(posts)).toEqual(new Set([`${dev.url}/admin/api/v1`]));
    expect(lines).toContain('  editor     saves to content/ through decap-server at /admin/api/v1');
  };
}

/** The site's logo (the facts form's first image) swapped for `file`, chosen on the computer: its part opened first. */
async function chooseLogo(page: Page, file: { name: string; photo: Buffer }) {
  await page.getByText('Logo', { exact: true }).last().locator('..').getByRole('button', { name: 'Expand' }).click();
  await page.getByRole('button', { name: 'Choose different image' }).first().click();
  await page.locator('input[type=file]').setInputFiles({ name: file.name, mimeType: 'image/jpeg', buffer: file.photo });
  await page.getByRole('button', { name: 'Choose selected' }).click();
}

// Each step waits for the editor, which a busy machine takes its time over.
describe('the editor at /admin in sitegen dev', { timeout: 60_000 }, () => {
  it('writes an article with a photo from disk, previewed on the site’s own page, saved as a draft; publishes it: on /blog in sitegen dev, no longer a draft', async () => {
    // As a marketer gets there: the editor's home, the articles, a new one.
    const { page, problems } = await editor.at('/');
    const backendUsed = expectOwnOriginBackend(page);
    await page.getByRole('link', { name: 'Articles', exact: true }).click();
    await page.getByRole('link', { name: 'Create entry of type Article' }).click();
    await writeArticle(page, { slug: 'van-signs' });
    await uploadPhoto(page, { name: 'van-signs.jpg', photo: upload });

    // The preview: the article's page as the site draws it, header and footer, the draft's banner, the photo chosen.
    const preview = page.frameLocator('#preview-pane');
    await expect.poll(() => preview.locator('h1').textContent()).toBe('Van Signs That Win Work');
    await expect.poll(() => preview.locator('header').getByRole('link', { name: '0808 157 0192' }).count()).toBe(1);
    expect(await preview.locator('footer').getByText('TradeBoost Digital').count()).toBeGreaterThan(0);
    expect(await preview.getByRole('note').textContent()).toBe('Draft, not published');
    expect(await preview.locator('main img').first().getAttribute('src')).toMatch(/^blob:/);

    await publish(page);
    expect(await notification(page)).toBe('Entry saved');
    const saved = await readFile(contentFile('blog/van-signs.md'), 'utf8');
    const parsed = parseFrontMatter(saved);
    if (!parsed.ok) throw new Error(`not a Markdown file with front matter: ${saved}`);
    // What Decap wrote is what the build reads: its schema accepts it, as the build will.
    const data = validate('content/blog/van-signs.md', articleFrontMatterSchema, parsed.data);
    expect(data).toMatchObject({
      title: 'Van Signs That Win Work',
      slug: 'van-signs',
      draft: true,
      category: 'Web Design',
      readTime: 7,
      keywords: ['van signs'],
      image: 'images/van-signs.jpg',
    });
    // Today in London by sitegen dev's clock, the editor's default, whatever the browser's says, written as text.
    expect(data.date).toBe(devToday);
    expect(saved).toMatch(new RegExp(`^date: "${devToday}"$`, 'm'));
    expect(parsed.body.trim()).toBe('Your van is seen by more people in a week than your website is in a month.');
    expect(await readFile(contentFile('images/van-signs.jpg'))).toEqual(upload);
    backendUsed();
    // sitegen dev shows a draft, marked as one, with the photo through the image pipeline.
    await expect
      .poll(() => devPage('/blog/van-signs').catch(() => ''), { timeout: 10_000 })
      .toContain('Draft, not published');
    expect(await devPage('/blog/van-signs')).toMatch(/\/assets\/images\/van-signs-[0-9a-f]+-\d+\.avif/);

    // Published: the saved entry, its draft box ticked, unticked.
    await page.waitForURL(`${dev.url}/admin/#/collections/articles/entries/van-signs`);
    const draft = field(page, 'Draft (left off the site while ticked)');
    expect(await draft.getAttribute('aria-checked')).toBe('true');
    await draft.click();
    await publish(page);
    expect(await notification(page)).toBe('Entry saved');
    expect(await readFile(contentFile('blog/van-signs.md'), 'utf8')).toMatch(/^draft: false$/m);
    await expect.poll(() => devPage('/blog'), { timeout: 10_000 }).toContain('Van Signs That Win Work');
    const blog = await openPage(wide);
    await blog.page.goto(`${dev.url}/blog`);
    const card = blog.page.locator('main article').filter({ hasText: 'Van Signs That Win Work' });
    expect(await card.count()).toBe(1);
    expect(await card.getByText('Draft', { exact: true }).count()).toBe(0);
    expect([...problems(), ...blog.problems]).toEqual([]);
  });

  it('changes the phone number in the site’s facts: its line alone in site.json; every page shows the new one', async () => {
    const { page, problems } = await editor.at('/');
    await page.getByRole('link', { name: 'Site facts', exact: true }).click();
    // The collection's one file, listed under the collection's own link.
    await page.getByRole('link', { name: 'Site facts', exact: true }).nth(1).click();
    const phone = field(page, 'Phone number');
    expect(await phone.inputValue()).toBe('0808 157 0192');
    await phone.fill('0808 157 0200');
    await saved(page);
    expect(JSON.parse(await readFile(contentFile('site.json'), 'utf8')).phone).toBe('0808 157 0200');
    expect(await savedChanges()).toEqual(['1\t1\tcontent/site.json']);
    expect(await savedLines()).toContain('-  "phone": "0808 157 0192",\n+  "phone": "0808 157 0200",');
    // Every page's header and footer call the new number; a page's own words may quote a number of their own.
    const pages = [
      '/',
      '/blog',
      '/blog/google-ads-guide',
      '/contact',
      '/about',
      '/services/plumber',
      '/privacy-policy',
    ];
    const phoneLinks = async (path: string) => {
      const html = await devPage(path);
      return {
        path,
        links: [...new Set([...html.matchAll(/<a href="tel:([^"]+)"[^>]*>(.*?)<\/a>/g)].map((link) => link[1]))],
      };
    };
    const showing = () => Promise.all(pages.map(phoneLinks));
    const expected = pages.map((path) => ({ path, links: ['+448081570200'] }));
    await expect.poll(showing, { timeout: 10_000 }).toEqual(expected);
    expect(await devPage('/')).toContain('0808 157 0200');
    expect(await devPage('/')).not.toContain('0808 157 0192');
    expect(problems()).toEqual([]);
  });

  it('leads “View Live” to the page each form previews: the team’s to About, a service page’s words to its page', async () => {
    const forms = {
      '/collections/lists/entries/team': '/about',
      '/collections/lists/entries/case-studies': '/case-studies',
      '/collections/pages/entries/service-local-seo': '/services/local-seo',
      '/collections/articles/entries/local-seo-tips': '/blog/local-seo-tips',
    };
    const seen: Record<string, string> = {};
    for (const route of Object.keys(forms)) {
      const { page } = await editor.at(route);
      const href = await page.getByRole('link', { name: 'View Live' }).getAttribute('href');
      seen[route] = new URL(href!).pathname;
    }
    expect(seen).toEqual(forms);
  });

  it('previews an article with a photo chosen from the media library, already in content/images, asking for no address it cannot load', async () => {
    // A photo a colleague's commit brought, not yet named by any page: the editor has not measured it.
    await writeFile(contentFile('images/van-side.jpg'), upload);
    await editor.reload();
    const { page, problems } = await editor.at('/collections/articles/new');
    await writeArticle(page, { slug: 'van-side' });
    await page.getByRole('button', { name: 'Choose an image' }).first().click();
    await page.getByText('van-side.jpg', { exact: true }).click();
    await page.getByRole('button', { name: 'Choose selected' }).click();
    // Drawn from the photo itself once the editor has measured it, and before then at its place, with no address.
    const preview = page.frameLocator('#preview-pane');
    await expect.poll(() => preview.locator('main img').first().getAttribute('src')).toMatch(/^blob:/);
    await saved(page);
    expect(problems()).toEqual([]);
  });

  it('refuses a logo that is not square in the build’s words, and writes nothing', async () => {
    const { page, problems } = await editor.at('/collections/site/entries/facts');
    await chooseLogo(page, { name: 'banner.jpg', photo: await photo({ width: 400, height: 200, hue: 220 }) });
    await publish(page);
    expect(await notification(page)).toBe(
      'Failed to persist entry: content/images/banner.jpg: is 400 × 200 pixels: expected a square logo, at least 180 pixels a side (the icon phones show on their home screen)',
    );
    expect(await edited.git('status', '--porcelain', '--', 'content')).toBe('');
    expect(problems().filter((problem) => problem.startsWith('uncaught:'))).toEqual([]);
  });

  it('saves a new logo chosen on the computer, and its preview still draws the home page after the save', async () => {
    const { page, problems } = await editor.at('/collections/site/entries/facts');
    const logo = await photo({ width: 512, height: 512, hue: 120 });
    await chooseLogo(page, { name: 'new-logo.jpg', photo: logo });
    await saved(page);
    expect(await readFile(contentFile('images/new-logo.jpg'))).toEqual(logo);
    // The next edit's preview: the home page, not Decap's error page for an exception in the preview.
    await retype(field(page, 'Phone number'), '0808 157 0200');
    const preview = page.frameLocator('#preview-pane');
    await expect.poll(() => preview.locator('header').getByRole('link', { name: '0808 157 0200' }).count()).toBe(1);
    expect(await page.getByText("There's been an error").count()).toBe(0);
    // Drawn before sitegen dev's content tells its size, the new logo has no rendition yet to load: a 404, and no more.
    expect(problems().filter((problem) => !problem.includes('404 (Not Found)'))).toEqual([]);
  });

  it('refuses a read time of 40 minutes or of 6.5, an empty title, a slug taken and an empty body in the build’s words, and writes nothing', async () => {
    const { page, problems } = await editor.at('/collections/articles/new');
    const before = { blog: await readdir(contentFile('blog')), images: await readdir(contentFile('images')) };
    await writeArticle(page, { slug: 'too-long', readTime: '40' });
    await uploadPhoto(page, { name: 'too-long.jpg', photo: upload });
    await publish(page);
    expect(await notification(page)).toBe(
      'Failed to persist entry: content/blog/too-long.md: Read time (minutes): expected a read time of at most 10 minutes, found number 40',
    );
    // Not cut to a whole number without a word: refused in the build's.
    await field(page, 'Read time (minutes)').fill('6.5');
    await publish(page);
    expect(await notification(page)).toBe(
      'Failed to persist entry: content/blog/too-long.md: Read time (minutes): expected a whole number of minutes, found number 6.5',
    );
    await field(page, 'Read time (minutes)').fill('7');
    // Emptied as a marketer empties it: everything selected, then deleted.
    await field(page, 'Title').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace');
    // The preview says it first, in the same words.
    const preview = page.frameLocator('#preview-pane');
    await expect
      .poll(() => preview.getByRole('alert').textContent())
      .toContain('content/blog/too-long.md: Title: is missing');
    await publish(page);
    expect(await notification(page)).toBe(
      'Failed to persist entry: content/blog/too-long.md: Title: is missing: expected a text',
    );
    // Another article's slug: named as typed, with the article that has it (Decap would write the file beside it, as -1).
    await field(page, 'Title').fill('Van Signs That Win Work');
    await retype(field(page, 'Slug (its address)'), 'social-media-guide');
    await publish(page);
    expect(await notification(page)).toBe(
      'Failed to persist entry: content/blog (a new article): Slug (its address): "social-media-guide" is already the slug of content/blog/social-media-guide.md ("Social Media for Tradespeople: What to Post and Where"): each page needs its own',
    );
    // An empty body, in the build's words rather than Decap's own.
    await retype(field(page, 'Slug (its address)'), 'too-long');
    // Its text selected whole, as a marketer drags over it, then deleted, and again if it is still there: on a busy
    // machine Decap can draw the form again before the editor takes the selection, and the key then deletes nothing.
    const body = page.locator('[data-slate-editor="true"]');
    const bodyText = async () => (await body.textContent())?.replace(/\uFEFF/g, '').trim();
    await vi.waitFor(
      async () => {
        if ((await bodyText()) !== '') {
          await body.selectText();
          await page.keyboard.press('Backspace');
        }
        expect(await bodyText()).toBe('');
      },
      { timeout: 30_000, interval: 1_000 },
    );
    await publish(page);
    expect(await notification(page)).toBe(
      "Failed to persist entry: content/blog/too-long.md: Body: is empty: write the page's words below the front matter",
    );
    // Nothing written: neither the article nor its photo.
    expect({ blog: await readdir(contentFile('blog')), images: await readdir(contentFile('images')) }).toEqual(before);
    expect(existsSync(contentFile('blog/too-long.md'))).toBe(false);
    // Decap logs each failed save itself, and that is all: no uncaught error.
    expect(problems().filter((problem) => !problem.startsWith('error: Error: content/blog'))).toEqual([]);
  });

  it('refuses a job that closes before it is posted, naming its field as the Careers form labels it, and writes nothing', async () => {
    const { page, problems } = await editor.at('/collections/lists/entries/jobs');
    // The job in the list, shown by its title; opened by the arrow first in its bar.
    const job = page.getByText('Web Developer', { exact: true }).locator('..');
    await job.getByRole('button').first().click({ timeout: 60_000 });
    await field(job, 'Valid through').first().fill('2026-10-01');
    await refused(
      page,
      problems,
      'content/jobs.json: Jobs, entry 2 › Valid through: expected a closing date on or after the date posted, found "2026-10-01"',
    );
  });

  it('adds a testimonial with its two photos, refused first without them in the form’s words: the new entry alone is written, laid out as the others', async () => {
    const { page, problems } = await editor.at('/collections/lists/entries/testimonials');
    await addTestimonial(page);
    await publish(page);
    expect(await notification(page)).toBe(
      'Failed to persist entry: content/testimonials.json: Testimonials, entry 4 › Image: is missing: expected an image and its description',
    );
    // A photo of its own for each (Decap keeps an entry's new photos by their bytes' hash: the same bytes chosen twice
    // are kept once, editor-refusals.test.ts).
    await chooseTestimonialPhotos(page, [
      {
        name: 'Gary Hughes.JPG',
        photo: await photo({ width: 1600, height: 1600, hue: 90 }),
        alt: 'Portrait of Gary Hughes on a roof',
      },
      {
        name: 'Hughes Roofing Van.JPG',
        photo: await photo({ width: 1600, height: 1600, hue: 150 }),
        alt: 'The Hughes Roofing van outside a house',
      },
    ]);
    await saved(page);
    // Its name as the site's files are named: lower case, words joined by hyphens.
    expect(await savedLines()).toContain(
      [
        '+    },',
        '+    {',
        '+      "name": "Gary Hughes",',
        '+      "business": "Hughes Roofing",',
        '+      "location": "Ilkeston, Derbyshire",',
        '+      "rating": 5,',
        '+      "text": "Our phone has not stopped since the new site went live: three new roofs booked in a month.",',
        '+      "image": {',
        '+        "src": "images/gary-hughes.jpg",',
        '+        "alt": "Portrait of Gary Hughes on a roof"',
        '+      },',
        '+      "businessImage": {',
        '+        "src": "images/hughes-roofing-van.jpg",',
        '+        "alt": "The Hughes Roofing van outside a house"',
        '+      }',
      ].join('\n'),
    );
    expect(await savedChanges()).toEqual(['15\t0\tcontent/testimonials.json']);
    expect(await readdir(contentFile('images'))).toEqual(['gary-hughes.jpg', 'hughes-roofing-van.jpg', 'logo.png']);
    expect(problems().filter((problem) => !problem.startsWith('error: Error: content/testimonials.json'))).toEqual([]);
  });

  it('refuses a phone’s HEIC photo in the build’s words, its preview drawn once, and writes nothing', async () => {
    // Each of the build's rules for a photo is held in tests/unit/editor-entry.test.ts: here, that a save is refused by
    // them, for a photo the browser cannot draw, which froze the editor as its preview measured it again and again.
    const before = { blog: await readdir(contentFile('blog')), images: await readdir(contentFile('images')) };
    const { page, problems } = await editor.at('/collections/articles/new');
    await writeArticle(page, { slug: 'from-the-phone' });
    const heic = Buffer.concat([Buffer.from('\u0000\u0000\u0000\u0018ftypheic', 'latin1'), Buffer.alloc(2048)]);
    await uploadPhoto(page, { name: 'from-the-phone.heic', photo: heic });
    await publish(page);
    expect(await notification(page)).toBe(
      'Failed to persist entry: content/images/from-the-phone.heic: is in HEIC format, which the site cannot publish: expected a JPEG, PNG, WebP, AVIF, GIF or TIFF file (export it as JPEG, or PNG for a logo)',
    );
    expect({ blog: await readdir(contentFile('blog')), images: await readdir(contentFile('images')) }).toEqual(before);
    expect(problems().filter((problem) => problem.startsWith('uncaught:'))).toEqual([]);
  });

  it('saves an article once a photo it refused is swapped for another: the other alone is written', async () => {
    const { page, problems } = await editor.at('/collections/articles/new');
    await writeArticle(page, { slug: 'swapped-photo' });
    // A document given a photo's name, refused; then the marketer chooses a real photo in its place.
    await uploadPhoto(page, { name: 'quote.jpg', photo: Buffer.from('%PDF-1.4 a quote, not a photo') });
    await publish(page);
    expect(await notification(page)).toBe(
      'Failed to persist entry: content/images/quote.jpg: is not an image: expected a JPEG, PNG, WebP, AVIF, GIF or TIFF file',
    );
    await page.getByRole('button', { name: 'Choose different image' }).click();
    await page.locator('input[type=file]').setInputFiles({ name: 'van.jpg', mimeType: 'image/jpeg', buffer: upload });
    await page.getByRole('button', { name: 'Choose selected' }).click();
    await saved(page);
    expect(parseFrontMatter(await readFile(contentFile('blog/swapped-photo.md'), 'utf8'))).toMatchObject({
      data: { image: 'images/van.jpg' },
    });
    expect(await readFile(contentFile('images/van.jpg'))).toEqual(upload);
    expect(existsSync(contentFile('images/quote.jpg'))).toBe(false);
    expect(problems().filter((problem) => !problem.startsWith('error: Error: content/images/quote.jpg'))).toEqual([]);
  });

  it('saves an article with a scanner’s TIFF photo, which the build takes and no browser draws', async () => {
    const { page, problems } = await editor.at('/collections/articles/new');
    await writeArticle(page, { slug: 'scanned-van' });
    const tiff = await sharp(upload).tiff().toBuffer();
    await uploadPhoto(page, { name: 'scanned-van.tif', photo: tiff });
    // Previewed on its page, measured by its header: no browser draws it, and it was "not a file of content/images/".
    const preview = page.frameLocator('#preview-pane');
    await expect.poll(() => preview.locator('h1').textContent()).toBe('Van Signs That Win Work');
    await saved(page);
    expect(parseFrontMatter(await readFile(contentFile('blog/scanned-van.md'), 'utf8'))).toMatchObject({
      data: { image: 'images/scanned-van.tif' },
    });
    expect(await readFile(contentFile('images/scanned-van.tif'))).toEqual(tiff);
    await expect.poll(() => devPage('/blog/scanned-van'), { timeout: 10_000 }).toContain('scanned-van');
    expect(problems()).toEqual([]);
  });
});

/**
 * The editor at /admin, as a marketer uses it: the real `sitegen dev` in a
 * copy of the project, its real local backend (decap-server, inside the dev
 * server) writing the copy's content/, Decap CMS in Chromium, opened once
 * and shared by the tests, each at an entry of its own. An article written
 * with a photo from disk, previewed on the site's own page, saved as a
 * draft, then published; the phone number changed everywhere; and the saves
 * the build would refuse refused in the build's words, with nothing written.
 */
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFrontMatter } from '../../src/content/front-matter';
import { articleFrontMatterSchema } from '../../src/content/schemas';
import { validate } from '../../src/content/validate';
import { startDevServer, type DevServer } from '../../src/dev/dev-server';
import { copyProject, type ProjectCopy } from '../support/project-copy';
import { photo } from '../support/test-images';
import { openPage, wide } from './support/browser';
import { field, notification, openEditor, publish, type Editor } from './support/editor';

let project: ProjectCopy;
let dev: DevServer;
let editor: Editor;
const lines: string[] = [];
let upload: Buffer;

beforeAll(async () => {
  project = await copyProject();
  upload = await photo({ width: 2400, height: 1350, hue: 30 });
  dev = await startDevServer({
    root: project.dir,
    port: 0,
    host: '127.0.0.1',
    leadsDir: null,
    log: (line) => lines.push(line),
  });
  editor = await openEditor(dev.url);
}, 120_000);
afterAll(async () => {
  await dev?.close();
  await project?.remove();
});

const contentFile = (path: string) => join(project.dir, 'content', path);

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

async function devPage(path: string): Promise<string> {
  const response = await fetch(`${dev.url}${path}`);
  expect(response.status).toBe(200);
  return response.text();
}

/** The article's photo, chosen on the computer (Decap's media library, "Upload"): a photo as a phone takes it. */
async function uploadPhoto(page: Page, name: string) {
  await page.getByRole('button', { name: 'Choose an image' }).first().click();
  await page.locator('input[type=file]').setInputFiles({ name, mimeType: 'image/jpeg', buffer: upload });
  await page.getByRole('button', { name: 'Choose selected' }).click();
}

/** Fills every field an article needs, with `changes` in place of the usual values. */
async function writeArticle(page: Page, changes: { title?: string; readTime?: string; slug: string }) {
  await field(page, 'Title').fill(changes.title ?? 'Van Signs That Win Work');
  await field(page, 'Slug (its address)').fill(changes.slug);
  await field(page, 'Excerpt').fill('What to put on your van so that the people behind it call you.');
  await field(page, 'Description').fill(
    "What to put on a tradesperson's van so that the people who see it call: the name, the trade, a number.",
  );
  await page.getByRole('button', { name: /^Add keywords/ }).click();
  await field(page, 'Keyword').fill('van signs');
  await field(page, 'Read time (minutes)').fill(changes.readTime ?? '7');
  await field(page, 'Category').click();
  await page.getByRole('option', { name: 'Web Design', exact: true }).click();
  await field(page, 'Image description (for people who cannot see it)').fill(
    "A white van with the firm's name and number on its side",
  );
  await page.locator('[data-slate-editor="true"]').click();
  await page.keyboard.type('Your van is seen by more people in a week than your website is in a month.');
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
    await uploadPhoto(page, 'van-signs.jpg');

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

  it('changes the phone number in the site’s facts: every page shows the new one', async () => {
    const { page, problems } = await editor.at('/');
    const facts = contentFile('site.json');
    const before = await readFile(facts, 'utf8');
    try {
      await page.getByRole('link', { name: 'Site facts', exact: true }).click();
      // The collection's one file, listed under the collection's own link.
      await page.getByRole('link', { name: 'Site facts', exact: true }).nth(1).click();
      const phone = field(page, 'Phone number');
      expect(await phone.inputValue()).toBe('0808 157 0192');
      await phone.fill('0808 157 0200');
      await publish(page);
      expect(await notification(page)).toBe('Entry saved');
      expect(JSON.parse(await readFile(facts, 'utf8')).phone).toBe('0808 157 0200');
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
    } finally {
      // The site's number again, for the other tests: in the site, and in the content the editor previews entries with.
      if ((await readFile(facts, 'utf8')) !== before) {
        const previewed = page.waitForResponse(
          async (response) =>
            response.url() === `${dev.url}/admin/content.json` && (await response.text()).includes('0808 157 0192'),
        );
        await writeFile(facts, before);
        await previewed;
        await expect.poll(() => devPage('/'), { timeout: 10_000 }).toContain('0808 157 0192');
      }
    }
  });

  it('refuses a read time of 40 minutes and an empty title in the build’s words, and writes nothing', async () => {
    const { page } = await editor.at('/collections/articles/new');
    const before = { blog: await readdir(contentFile('blog')), images: await readdir(contentFile('images')) };
    await writeArticle(page, { slug: 'too-long', readTime: '40' });
    await uploadPhoto(page, 'too-long.jpg');
    await publish(page);
    expect(await notification(page)).toBe(
      'Failed to persist entry: content/blog/too-long.md: front matter: readTime: expected a read time of at most 10 minutes, found number 40',
    );
    await field(page, 'Read time (minutes)').fill('7');
    // Emptied as a marketer empties it: everything selected, then deleted.
    await field(page, 'Title').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace');
    // The preview says it first, in the same words.
    const preview = page.frameLocator('#preview-pane');
    await expect.poll(() => preview.getByRole('alert').textContent()).toContain('front matter: title: is missing');
    await publish(page);
    expect(await notification(page)).toBe(
      'Failed to persist entry: content/blog/too-long.md: front matter: title: is missing: expected a text',
    );
    // Nothing written: neither the article nor its photo.
    expect({ blog: await readdir(contentFile('blog')), images: await readdir(contentFile('images')) }).toEqual(before);
    expect(existsSync(contentFile('blog/too-long.md'))).toBe(false);
  });
});

describe('the editor with content outside the project (sitegen dev --content)', () => {
  it('says why it cannot open, and starts no local backend', async () => {
    const outside = await mkdtemp(join(tmpdir(), 'sitegen-editor-content-'));
    const content = join(outside, 'content');
    const log: string[] = [];
    let server: DevServer | undefined;
    try {
      await cp(contentFile(''), content, { recursive: true });
      const options = { root: project.dir, content, port: 0, host: '127.0.0.1', leadsDir: null };
      server = await startDevServer({ ...options, log: (line) => log.push(line) });
      const response = await fetch(`${server.url}/admin/`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(
        `the editor saves into the project's folder, and the content (${content}) is outside it (${project.dir})`,
      );
      expect(log.filter((line) => line.includes('decap-server'))).toEqual([]);
    } finally {
      await server?.close();
      await rm(outside, { recursive: true, force: true });
    }
  });
});

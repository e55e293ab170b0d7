/**
 * What `sitegen dev` says in its terminal of what keeps a page from
 * rendering, as the build says it, and of the edit that puts it right: an
 * island the registry lacks, a file of public/ a body names, a photo too
 * narrow for where it is drawn; each page refused while it lasts.
 */
import { appendFile, copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startDevServer } from '../../src/dev/dev-server';
import { inProjectCopy, type ProjectCopy } from '../support/project-copy';
import { writePhoto } from '../support/test-images';

describe('the dev site', () => {
  it('says in its terminal what the build says of an edit of islands/registry.ts that breaks a page no browser has open', async () => {
    await inProjectCopy(async (project) => {
      const lines: string[] = [];
      const options = { root: project.dir, port: 0, host: '127.0.0.1', leadsDir: null };
      const dev = await startDevServer({ ...options, log: (line) => lines.push(line) });
      try {
        const started = lines.length;
        const registry = join(project.dir, 'islands', 'registry.ts');
        const text = await readFile(registry, 'utf8');
        await writeFile(registry, text.replace('{ EnquiryForm, NewsletterForm, Toaster }', '{ EnquiryForm, Toaster }'));
        // Waited for by its line, then for the rebuilds to end: dev.idle() alone may look before a busy machine's
        // watcher has heard the save, as in each step below.
        await expect.poll(() => lines.length).toBeGreaterThan(started);
        await dev.idle();
        // The build's words (tests/site/refusals-templates.test.ts), as the terminal shows an error.
        expect(lines.slice(started)).toEqual([
          expect.stringMatching(
            /^ {2}\d\d:\d\d:\d\d error: templates\/components\/Island\.tsx: rendering \/blog \(made from content\/pages\/blog\.json\) failed: islands\/registry\.ts does not list the island "NewsletterForm": add it there$/,
          ),
        ]);
        // Every page shows it, as for a template that does not compile, until the registry is put right.
        expect((await fetch(`${dev.url}/about`)).status).toBe(500);
        await writeFile(registry, text);
        // The watcher may see the save twice: the first rebuild says it is fixed. No page differs from the last good
        // site's (the open pages, which showed the error, are all told to reload).
        await expect
          .poll(() => lines[started + 1])
          .toMatch(/^ {2}\d\d:\d\d:\d\d islands\/registry\.ts → no page changed in \d+ ms \(fixed\)$/);
        expect((await fetch(`${dev.url}/blog`)).status).toBe(200);
      } finally {
        await dev.close();
      }
    });
  });
  it('shows a brand colour mistyped in templates/lib/brand.json on every page, as the build says it, until it is put right', async () => {
    await inProjectCopy(async (project) => {
      const lines: string[] = [];
      const options = { root: project.dir, port: 0, host: '127.0.0.1', leadsDir: null };
      const dev = await startDevServer({ ...options, log: (line) => lines.push(line) });
      try {
        const brand = join(project.dir, 'templates', 'lib', 'brand.json');
        const text = await readFile(brand, 'utf8');
        await writeFile(brand, text.replace('"brand": "#1d4ed8"', '"brand": "#1d4ed"'));
        // Not a stylesheet whose bg-brand draws nothing, said nowhere: the build's words (refusals-templates.test.ts).
        await expect
          .poll(() => lines.at(-1))
          .toMatch(
            /^ {2}\d\d:\d\d:\d\d error: templates\/lib\/brand\.ts: threw as the templates loaded: brand\.json's brand: expected a colour written as "#1d4ed8", found "#1d4ed"$/,
          );
        const page = await fetch(`${dev.url}/contact`);
        expect([page.status, await page.text()]).toEqual([
          500,
          expect.stringContaining('Unexpected Application Error!'),
        ]);
        await writeFile(brand, text);
        await expect.poll(async () => (await fetch(`${dev.url}/contact`)).status).toBe(200);
      } finally {
        await dev.close();
      }
    });
  });
  it('takes in a file saved to public/ that a body names: the pages refused for the missing photo come back, and fail again when it is deleted', async () => {
    await inProjectCopy(async (project) => {
      await mkdir(join(project.dir, 'public', 'photos'), { recursive: true });
      const lines: string[] = [];
      const options = { root: project.dir, port: 0, host: '127.0.0.1', leadsDir: null };
      const dev = await startDevServer({ ...options, log: (line) => lines.push(line) });
      try {
        const article = join(project.dir, 'content', 'blog', 'local-seo-tips.md');
        await appendFile(article, "\n![Our new van outside a customer's house](/photos/van.png)\n");
        await expect
          .poll(() => lines.at(-1))
          .toContain('links to "/photos/van.png", which is neither a page of this site nor a file of public/');
        expect((await fetch(`${dev.url}/about`)).status).toBe(500);
        const before = lines.length;
        await copyFile(
          join(project.dir, 'content', 'images', 'logo.png'),
          join(project.dir, 'public', 'photos', 'van.png'),
        );
        // The watcher may see the copy twice: the first rebuild says it is fixed.
        await expect.poll(() => lines[before]).toMatch(/ public\/photos\/van\.png → 1 page in \d+ ms \(fixed\)$/);
        await dev.idle();
        expect((await fetch(`${dev.url}/blog/local-seo-tips`)).status).toBe(200);
        await rm(join(project.dir, 'public', 'photos', 'van.png'));
        await expect.poll(async () => (await fetch(`${dev.url}/about`)).status).toBe(500);
      } finally {
        await dev.close();
      }
    });
  });
  it('says once what keeps a page from rendering, however often the page is asked for, and again after the next rebuild', async () => {
    await inProjectCopy(async (project) => {
      const { dev, lines } = await devShowingPhoto(project, 'narrow.jpg', { width: 500, height: 300 });
      try {
        const told = () => lines.filter((line) => line.includes('narrow.jpg: is 500 pixels wide')).length;
        for (let request = 0; request < 3; request++)
          expect((await fetch(`${dev.url}/blog/local-seo-tips`)).status).toBe(500);
        expect(told()).toBe(1);
        const before = lines.length;
        await appendFile(join(project.dir, 'content', 'blog', 'google-ads-guide.md'), '\nOne more line.\n');
        // The rebuild's line waited for, then the rebuilds' end: dev.idle() alone may look before the watcher has heard.
        await expect.poll(() => lines.length).toBeGreaterThan(before);
        await dev.idle();
        expect((await fetch(`${dev.url}/blog/local-seo-tips`)).status).toBe(500);
        expect(told()).toBe(2);
      } finally {
        await dev.close();
      }
    });
  });
  it('names the widest a page draws a photo too narrow for it, as the build does, not the first drawing found too wide', async () => {
    await inProjectCopy(async (project) => {
      const team = join(project.dir, 'content', 'team.json');
      await writeFile(
        team,
        (await readFile(team, 'utf8')).replace(/"https:[^"]*b8d87734a5a2"/, '"images/blog/small.jpg"'),
      );
      const { dev, lines } = await devShowingPhoto(project, 'small.jpg', { width: 300, height: 300 });
      try {
        expect((await fetch(`${dev.url}/about`)).status).toBe(500);
        expect(lines.filter((line) => line.includes('small.jpg: is 300 pixels wide, and /about'))).toEqual([
          expect.stringMatching(
            / content\/images\/blog\/small\.jpg: is 300 pixels wide, and \/about draws it 736 pixels wide: expected an image at least 736 pixels wide$/,
          ),
        ]);
      } finally {
        await dev.close();
      }
    });
  });
  it('says at once that a photo swapped for one too small for where it is drawn would stop the build, and when it is put right', async () => {
    await inProjectCopy(async (project) => {
      const { dev, lines, photo } = await devShowingPhoto(project, 'van.jpg', { width: 1600, height: 900 });
      try {
        const refused = lines.length;
        await writePhoto(photo, { width: 500, height: 300 });
        // No page was opened: the rebuild itself found it (after one that read the file half written, maybe).
        await expect
          .poll(() => lines.slice(refused))
          .toContainEqual(
            expect.stringMatching(
              /error: content\/images\/blog\/van\.jpg: is 500 pixels wide, and \/blog\S* draws it \d+ pixels wide: expected an image at least \d+ pixels wide$/,
            ),
          );
        const fixed = lines.length;
        await writePhoto(photo, { width: 1600, height: 900 });
        // The watcher may see the write twice: the first rebuild says it is fixed, the second only what it rewrote.
        await expect
          .poll(() => lines.slice(fixed))
          .toContainEqual(
            expect.stringMatching(
              / content\/images\/blog\/van\.jpg → (no page changed|\d+ pages?) in \d+ ms \(fixed\)$/,
            ),
          );
        expect((await fetch(`${dev.url}/blog/local-seo-tips`)).status).toBe(200);
      } finally {
        await dev.close();
      }
    });
  });
});

/** sitegen dev on a project whose article local-seo-tips shows a photo of content/images/blog/ made `size`; its lines kept. */
async function devShowingPhoto(project: ProjectCopy, name: string, size: { width: number; height: number }) {
  const photo = join(project.dir, 'content', 'images', 'blog', name);
  await writePhoto(photo, size);
  const article = join(project.dir, 'content', 'blog', 'local-seo-tips.md');
  const text = await readFile(article, 'utf8');
  await writeFile(article, text.replace(/^image: .*$/m, `image: "images/blog/${name}"`));
  const lines: string[] = [];
  const options = { root: project.dir, port: 0, host: '127.0.0.1', leadsDir: null };
  const dev = await startDevServer({ ...options, log: (line) => lines.push(line) });
  return { dev, lines, photo };
}

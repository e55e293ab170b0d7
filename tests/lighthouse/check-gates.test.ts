/**
 * The browser-driven gates of `sitegen check` on a small copy of the good
 * build (home, about, contact) in which the about page has lost an image's
 * alt text: each gate fails naming that page and rule, and passes the others.
 */
import { cp, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSite } from '../../src/check/check-site';
import { siteDir } from '../support/site';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sitegen-check-browser-'));
  await cp(siteDir(), dir, { recursive: true });
  const keep = new Set(['index.html', 'about.html', 'contact.html']);
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (
      entry.isFile() &&
      entry.name.endsWith('.html') &&
      !keep.has(join(entry.parentPath, entry.name).slice(dir.length + 1))
    ) {
      await rm(join(entry.parentPath, entry.name));
    }
  }
  const about = join(dir, 'about.html');
  await writeFile(about, (await readFile(about, 'utf8')).replace(/ alt="Portrait of Sarah[^"]*"/, ''));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('a11y gate', () => {
  // Chromium and axe on three pages at two widths: on a busy machine, past the default time a test may take.
  it(
    'finds the image without alt text at both widths, and nothing on the good pages',
    { timeout: 120_000 },
    async () => {
      const [result] = await checkSite({ dir, only: ['a11y'] });
      expect(result!.passed).toBe(false);
      expect(result!.findings.map((finding) => `${finding.page} ${finding.rule}`).sort()).toEqual([
        '/about (1280px) image-alt',
        '/about (390px) image-alt',
      ]);
      // axe names the element by a selector of its own making: here the team photo's classes.
      expect(result!.findings[0]!.target).toContain('.aspect-square');
      expect(result!.findings[0]!.fix).toContain('https://dequeuniversity.com/rules/axe/');
    },
  );
});

describe('lighthouse gate', () => {
  it(
    'scores the broken page below 100 for accessibility, names the audit, reports a page it cannot load, and passes the home page',
    { timeout: 300_000 },
    async () => {
      // A page that sends the browser on to a missing one: Lighthouse cannot measure it, and, the answer being the page's own, tries once.
      await writeFile(
        join(dir, 'moved.html'),
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0; url=/gone"><title>Moved</title></head><body><p>Moved</p></body></html>',
      );
      const [result] = await checkSite({
        dir,
        only: ['lighthouse'],
        lighthousePages: [
          { template: 'home', path: '/' },
          { template: 'about', path: '/about' },
          { template: 'moved', path: '/moved' },
        ],
      });
      // Lighthouse counts alt text towards both accessibility and SEO.
      expect(result!.findings).toEqual([
        expect.objectContaining({
          page: '/moved',
          rule: 'lighthouse-error',
          message: expect.stringMatching(
            /^Lighthouse could not measure the page: ERRORED_DOCUMENT_REQUEST: .*\(Status code: 404\)$/,
          ),
        }),
        expect.objectContaining({
          page: '/about',
          rule: 'lighthouse-accessibility',
          fix: expect.stringContaining('image-alt'),
        }),
        expect.objectContaining({ page: '/about', rule: 'lighthouse-seo', fix: expect.stringContaining('image-alt') }),
      ]);
      expect(result!.notes.find((line) => line.startsWith('home'))).toMatch(
        /accessibility 100 {2}best practices \d+ {2}SEO 100$/,
      );
      expect(result!.notes[0]).toMatch(/^bare page .* performance \d+, \d+, \d+ \(median \d+; limit \d+\)$/);
    },
  );
});

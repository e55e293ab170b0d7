/**
 * The a11y gate of `sitegen check` (axe in Chromium) on a small copy of the
 * good build (home, about, contact) in which the about page has lost an
 * image's alt text, its first heading's level (an h4 under the h1) and gained
 * a link with no name that only a wide screen shows: it fails naming that
 * page, rule and width, and passes the others,
 * the home page with an article's footnotes and a wide table among them.
 * (The Lighthouse gate: tests/lighthouse/lighthouse-gate.test.ts.)
 */
import { cp, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Marked } from 'marked';
import markedFootnote from 'marked-footnote';
import { checkSite } from '../../src/check/check-site';
import { renderMarkdown } from '../../src/content/markdown';
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
  // And a link with no name that only a wide screen shows: found at 1280px alone, so each width is checked as drawn at it.
  await writeFile(
    about,
    (await readFile(about, 'utf8'))
      .replace(/ alt="Portrait of Sarah[^"]*"/, '')
      .replace(/<h2 id="story-heading"([^>]*)>(.*?)<\/h2>/, '<h4 id="story-heading"$1>$2</h4>')
      .replace('</main>', '<a href="/contact" class="hidden lg:block"></a></main>'),
  );
  // Footnotes as an article writes them (home), and a note referred to twice as marked-footnote would write it, which
  // the build refuses (contact): its second link back reads "↩2", and its name leaves the 2 out.
  const notes = 'Most homeowners read reviews first[^survey].\n\n[^survey]: BrightLocal, 2024.\n';
  const twice = 'Reviews first[^1], stars next[^1].\n\n[^1]: BrightLocal, 2024.\n';
  // And a table of results as wide as an agency writes them, which scrolls within itself on a phone.
  const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September'];
  const results = `| Campaign | ${months.join(' | ')} |\n|---|${'---|'.repeat(9)}\n| Calls | ${'1,204 | '.repeat(9)}\n`;
  for (const [page, html] of [
    ['index.html', renderMarkdown(`${notes}\n${results}`).html],
    ['contact.html', new Marked().use(markedFootnote()).parse(twice) as string],
  ]) {
    const path = join(dir, page!);
    await writeFile(path, (await readFile(path, 'utf8')).replace('</main>', `<div class="prose">${html}</div></main>`));
  }
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('a11y gate', () => {
  // Chromium and axe on three pages at two widths: on a busy machine, past the default time a test may take.
  it(
    'finds the image without alt text and the heading out of order at both widths, the nameless link at the wide one alone, and nothing on the good pages',
    { timeout: 120_000 },
    async () => {
      const [result] = await checkSite({ dir, only: ['a11y'] });
      expect(result!.passed).toBe(false);
      expect(result!.findings.map((finding) => `${finding.page} ${finding.rule}`).sort()).toEqual([
        '/about (1280px) heading-order',
        '/about (1280px) image-alt',
        '/about (1280px) link-name',
        '/about (390px) heading-order',
        '/about (390px) image-alt',
        '/contact (1280px) label-content-name-mismatch',
        '/contact (390px) label-content-name-mismatch',
      ]);
      // axe names the element by a selector of its own making: here by the team member's card it is in.
      const [order, image] = ['heading-order', 'image-alt'].map((rule) =>
        result!.findings.find((f) => f.rule === rule)!,
      );
      expect(image!.target).toMatch(/^#sarah-mitchell > img\b/);
      expect(image!.fix).toContain('https://dequeuniversity.com/rules/axe/');
      expect([order!.target, order!.message]).toEqual(['#story-heading', 'Heading levels should only increase by one']);
    },
  );
});

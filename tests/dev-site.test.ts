/**
 * The dev server's builder renders a page when it is first asked for, and
 * keeps it until what it is rendered from changes (SiteBuilderOptions.lazy):
 * every page it serves must be byte for byte the page a builder rendering
 * everything at once makes, before and after edits.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../src/config';
import { SiteBuilder } from '../src/site-builder';
import { copyProject, type ProjectCopy } from './support/project-copy';

let project: ProjectCopy;
beforeAll(async () => {
  project = await copyProject();
});
afterAll(() => project?.remove());

/** Every page of a builder that renders everything at once, by path. */
async function eagerPages(root: string): Promise<Map<string, string>> {
  const builder = new SiteBuilder(resolveConfig({ root }, {}), { dev: true });
  try {
    await builder.update();
    return new Map(builder.storedPages().map((page) => [page.route.path, page.html!]));
  } finally {
    await builder.close();
  }
}

describe('a lazy builder (sitegen dev)', () => {
  it('renders nothing until asked, then each page byte for byte as an eager builder does, after edits too', async () => {
    const config = resolveConfig({ root: project.dir }, {});
    const lazy = new SiteBuilder(config, { dev: true, remember: true, lazy: true });
    try {
      const first = await lazy.update();
      expect(first.rendered).toHaveLength(48);
      expect(lazy.storedPages().filter((page) => page.html !== undefined)).toEqual([]);
      expect(lazy.page('/no-such-page')).toBeUndefined();

      const compare = async () => {
        const expected = await eagerPages(project.dir);
        expect([...expected.keys()].sort()).toEqual(
          lazy
            .storedPages()
            .map((page) => page.route.path)
            .sort(),
        );
        for (const [path, html] of expected) expect(lazy.page(path), path).toBe(html);
        // A page is found by its file's name too, as the server asks for it.
        expect(lazy.file('about.html')).toBe(expected.get('/about'));
      };
      await compare();

      // An article's title: its page and the blog's, which lists it, are found changed; the others keep their HTML.
      const article = join(config.contentDir, 'blog', 'google-ads-guide.md');
      await writeFile(
        article,
        (await readFile(article, 'utf8')).replace(/^title: .*$/m, 'title: "Google Ads, Edited for the Lazy Builder"'),
      );
      const edited = await lazy.update([article]);
      expect(edited.rendered.sort()).toEqual(['/blog', '/blog/google-ads-guide']);
      expect(
        lazy
          .storedPages()
          .filter((page) => page.html === undefined)
          .map((page) => page.route.path)
          .sort(),
      ).toEqual(['/blog', '/blog/google-ads-guide']);
      await compare();

      // A date that makes the article the newest: the blog's order changes, and with it what each of its pages lists.
      await writeFile(article, (await readFile(article, 'utf8')).replace(/^date: .*$/m, 'date: "2024-12-01"'));
      expect((await lazy.update([article])).rendered.sort()).toEqual(['/blog', '/blog/google-ads-guide']);
      await compare();

      // A slug changed under a link: the article linking to the old path, unchanged itself, is checked again and named.
      const linked = join(config.contentDir, 'blog', 'digital-marketing-roi.md');
      const linkedText = await readFile(linked, 'utf8');
      await writeFile(linked, linkedText.replace(/^slug: .*$/m, 'slug: "marketing-roi"'));
      await expect(lazy.update([linked])).rejects.toThrow(
        /google-ads-guide\.md: body: links to "\/blog\/digital-marketing-roi", which is not a page of this site/,
      );
      await writeFile(linked, linkedText);
      expect((await lazy.update([linked])).rendered).toEqual([]);
      await compare();

      // A slug edited to another article's: refused, naming both files, until it is its own again.
      await writeFile(linked, linkedText.replace(/^slug: .*$/m, 'slug: "google-ads-guide"'));
      await expect(lazy.update([linked])).rejects.toThrow(
        /blog\/(digital-marketing-roi|google-ads-guide)\.md: slug: "google-ads-guide" is already the slug of .*blog\/(google-ads-guide|digital-marketing-roi)\.md/,
      );
      await writeFile(linked, linkedText);
      expect((await lazy.update([linked])).rendered).toEqual([]);
      await compare();

      // A page's own words: that page alone.
      const about = join(config.contentDir, 'pages', 'about.json');
      const aboutText = await readFile(about, 'utf8');
      await writeFile(about, aboutText.replace(/"title": "[^"]*"/, '"title": "About Us, Edited for the Lazy Builder"'));
      expect((await lazy.update([about])).rendered).toEqual(['/about']);
      await compare();

      // The header's template: every page.
      const header = join(project.dir, 'templates', 'layout', 'Header.tsx');
      await writeFile(header, (await readFile(header, 'utf8')).replace('<header', '<header data-edited="yes"'));
      expect((await lazy.update([header])).rendered).toHaveLength(48);
      await compare();

      // A shared datum (the phone number, in the header): every page.
      const site = join(config.contentDir, 'site.json');
      await writeFile(
        site,
        (await readFile(site, 'utf8')).replace('"phone": "0808 157 0192"', '"phone": "0808 157 0195"'),
      );
      expect((await lazy.update([site])).rendered).toHaveLength(48);
      await compare();
    } finally {
      await lazy.close();
    }
  });
});

/**
 * The dev server's site renders a page when it is first asked for, and keeps
 * it until what it is rendered from changes: every page it serves must be
 * byte for byte the page a new dev site makes, before and after every kind
 * of edit, and the page `sitegen build` writes but for what dev adds (the
 * reload client) and names otherwise (assets without hashes). And the
 * editor's checks, made by the build's rules over the dev site's content.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config';
import { DevSite } from '../../src/dev/dev-site';
import { devScripts } from '../../src/dev/reload-client';
import { EditorSite } from '../../admin/editor-site';
import { copyProject, type ProjectCopy } from '../support/project-copy';

let project: ProjectCopy;
beforeAll(async () => {
  project = await copyProject();
});
afterAll(() => project?.remove());

/** Every page of a new dev site, by path. */
async function freshPages(root: string): Promise<Map<string, string>> {
  const site = new DevSite(resolveConfig({ root }, {}));
  try {
    await site.update();
    return new Map(site.routes().map((route) => [route.path, site.page(route.path)!]));
  } finally {
    site.close();
  }
}

/** A page with what only dev adds taken out, and every asset named without its hash. */
const withoutDevDifferences = (html: string) =>
  html
    .replace(`<script type="module" src="${devScripts.client}"></script>`, '')
    .replace(/(\/assets\/[\w-]+?)-[A-Za-z0-9]{8,10}\.(js|css)/g, '$1.$2');

describe('the dev site', () => {
  it("serves every page as sitegen build writes it, but for dev's reload client and unhashed asset names", async () => {
    const built = await project.buildHere({ out: 'built' });
    expect(built.stderr).toBe('');
    const pages = await freshPages(project.dir);
    expect(pages.size).toBe(54);
    for (const [path, html] of pages) {
      const file = path === '/' ? 'index.html' : `${path.slice(1)}.html`;
      const written = await readFile(join(project.dir, 'built', file), 'utf8');
      expect(withoutDevDifferences(html), path).toBe(withoutDevDifferences(written));
    }
  });

  it('renders nothing until asked, then each page byte for byte as a new dev site does, after every kind of edit', async () => {
    const config = resolveConfig({ root: project.dir }, {});
    const lazy = new DevSite(config);
    try {
      expect(await lazy.update()).toHaveLength(54);
      expect(lazy.renderedPages()).toEqual([]);
      expect(lazy.page('/no-such-page')).toBeUndefined();

      const compare = async () => {
        const expected = await freshPages(project.dir);
        expect([...expected.keys()].sort()).toEqual(
          lazy
            .routes()
            .map((route) => route.path)
            .sort(),
        );
        for (const [path, html] of expected) expect(lazy.page(path), path).toBe(html);
        // A page is found by its file's name too, as the server asks for it.
        expect(lazy.file('about.html')).toBe(expected.get('/about'));
      };
      await compare();

      // An article's title: its page and the blog's and its category's, which list it, are found changed; the others keep their HTML.
      const article = join(config.contentDir, 'blog', 'google-ads-guide.md');
      await writeFile(
        article,
        (await readFile(article, 'utf8')).replace(/^title: .*$/m, 'title: "Google Ads, Edited in the Dev Site"'),
      );
      const edited = await lazy.update([article]);
      expect(edited.sort()).toEqual(['/blog', '/blog/category/google-ads', '/blog/google-ads-guide']);
      const kept = new Set(lazy.renderedPages());
      const dropped = lazy.routes().filter((route) => !kept.has(route.path));
      expect(dropped.map((route) => route.path).sort()).toEqual([
        '/blog',
        '/blog/category/google-ads',
        '/blog/google-ads-guide',
      ]);
      await compare();

      // A date that makes the article the newest: the blog's order changes, and with it what each of its pages lists.
      await writeFile(article, (await readFile(article, 'utf8')).replace(/^date: .*$/m, 'date: "2024-12-01"'));
      expect((await lazy.update([article])).sort()).toEqual([
        '/blog',
        '/blog/category/google-ads',
        '/blog/google-ads-guide',
      ]);
      await compare();

      // A slug changed under a link: the article linking to the old path, unchanged itself, is checked again and named.
      const linked = join(config.contentDir, 'blog', 'digital-marketing-roi.md');
      const linkedText = await readFile(linked, 'utf8');
      await writeFile(linked, linkedText.replace(/^slug: .*$/m, 'slug: "marketing-roi"'));
      await expect(lazy.update([linked])).rejects.toThrow(
        /google-ads-guide\.md: body: line \d+: links to "\/blog\/digital-marketing-roi", which is neither a page of this site nor a file of public\//,
      );
      await writeFile(linked, linkedText);
      expect(await lazy.update([linked])).toEqual([]);
      await compare();

      // A slug edited to another article's: refused, naming both files, until it is its own again.
      await writeFile(linked, linkedText.replace(/^slug: .*$/m, 'slug: "google-ads-guide"'));
      await expect(lazy.update([linked])).rejects.toThrow(
        /blog\/(digital-marketing-roi|google-ads-guide)\.md: slug: "google-ads-guide" is already the slug of .*blog\/(google-ads-guide|digital-marketing-roi)\.md/,
      );
      await writeFile(linked, linkedText);
      expect(await lazy.update([linked])).toEqual([]);
      await compare();

      // A page's own words: that page alone.
      const about = join(config.contentDir, 'pages', 'about.json');
      const aboutText = await readFile(about, 'utf8');
      await writeFile(about, aboutText.replace(/"title": "[^"]*"/, '"title": "About Us, Edited in the Dev Site"'));
      expect(await lazy.update([about])).toEqual(['/about']);
      await compare();

      // A member of the team renamed: the about page, and the articles whose bylines linked to their card, link no more.
      const team = join(config.contentDir, 'team.json');
      await writeFile(team, (await readFile(team, 'utf8')).replace('"Sarah Mitchell"', '"Sarah Mitchell-Jones"'));
      expect((await lazy.update([team])).sort()).toEqual([
        '/about',
        '/blog/local-seo-tips',
        '/blog/online-reviews-guide',
      ]);
      await compare();

      // The header's template: every page.
      const header = join(project.dir, 'templates', 'layout', 'Header.tsx');
      await writeFile(header, (await readFile(header, 'utf8')).replace('<header', '<header data-edited="yes"'));
      expect(await lazy.update([header])).toHaveLength(54);
      await compare();

      // A shared datum (the phone number, in the header): every page.
      const site = join(config.contentDir, 'site.json');
      await writeFile(
        site,
        (await readFile(site, 'utf8')).replace('"phone": "0808 157 0192"', '"phone": "0808 157 0195"'),
      );
      expect(await lazy.update([site])).toHaveLength(54);
      await compare();

      // The stylesheet, whose name dev keeps, so that no page's fingerprint holds it: no page changed, but an open
      // browser is told to take the stylesheet again.
      const styles = join(project.dir, 'templates', 'styles.css');
      await writeFile(styles, `${await readFile(styles, 'utf8')}\n.edited-in-dev {\n  color: red;\n}\n`);
      expect(await lazy.update([styles])).toEqual([]);
      expect(lazy.stylesheetChanged).toBe(true);
      await compare();

      // An island saved without a change: its script is made again, the same bytes, and no page is told to change.
      const island = join(project.dir, 'islands', 'NewsletterForm.tsx');
      await writeFile(island, await readFile(island, 'utf8'));
      expect(await lazy.update([island])).toEqual([]);
      await compare();

      // An article deleted: its page is among those changed, for a browser that shows it; so are the lists it was in.
      const unlinked = join(config.contentDir, 'blog', 'social-media-guide.md');
      const unlinkedText = await readFile(unlinked, 'utf8');
      await rm(unlinked);
      expect((await lazy.update([unlinked])).sort()).toEqual([
        '/blog',
        '/blog/category/social-media',
        '/blog/social-media-guide',
      ]);
      expect(lazy.stylesheetChanged).toBe(false);
      await compare();
      // Put back for the file's other test, which counts the site's 54 pages.
      await writeFile(unlinked, unlinkedText);
    } finally {
      lazy.close();
    }
  });
});

describe("the editor's checks of a trade (admin/editor-site.ts), by the build's rules over dev's content", () => {
  it('take a new trade, one of the site once saved; refuse a new slug for a trade, which would take its live page away, and a name another trade has', async () => {
    const site = new DevSite(resolveConfig({ root: project.dir }, {}));
    try {
      await site.update();
      const editor = new EditorSite(site.editorContent()!);
      const path = 'trades/plumber.json';
      const plumber = JSON.parse(await readFile(join(project.dir, 'content', path), 'utf8')) as Record<string, unknown>;
      expect(editor.hasFile(path)).toBe(true);
      const words = { name: 'Glazier', slug: 'glazier', singular: 'Glazier', plural: 'Glaziers' };
      const glazier = {
        ...plumber,
        ...words,
        metaDescription: 'Glazier marketing that wins window, door and conservatory jobs.',
      };
      expect(editor.hasFile('trades/glazier.json')).toBe(false);
      expect(() => editor.check({ path: 'trades/glazier.json', data: glazier })).not.toThrow();
      expect(() => editor.check({ path, data: { ...plumber, slug: 'plumbers' } })).toThrow(
        'content/trades/plumber.json: slug: expected "plumber", as its file is named (a trade\'s address changes only with its file\'s name, and a redirect from the old one), found "plumbers"',
      );
      expect(() => editor.check({ path: 'trades/glazier.json', data: { ...glazier, name: 'Plumber' } })).toThrow(
        'content/trades/glazier.json: name: "Plumber" is also the name of content/trades/plumber.json',
      );
      // Saved, the new trade is one of the site's: the next entry is checked with it.
      editor.remember({ path: 'trades/glazier.json', data: glazier });
      expect(editor.hasFile('trades/glazier.json')).toBe(true);
      expect(editor.model().trades.map((trade) => trade.slug)).toContain('glazier');
    } finally {
      site.close();
    }
  });
});

/**
 * The dev server's site renders a page when it is first asked for, and keeps
 * it until what it is rendered from changes: every page it serves must be
 * byte for byte the page a new dev site makes, before and after every kind
 * of edit, and the page `sitegen build` writes but for what dev adds (the
 * reload client) and names otherwise (assets without hashes).
 */
import { appendFile, copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config';
import { startDevServer } from '../../src/dev/dev-server';
import { DevSite } from '../../src/dev/dev-site';
import { devScripts } from '../../src/dev/reload-client';
import { EditorSite } from '../../admin/editor-site';
import { copyProject, inProjectCopy, type ProjectCopy } from '../support/project-copy';
import { writePhoto } from '../support/test-images';

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
        await dev.idle();
        // The watcher may see the save twice: the first rebuild says it is fixed. No page differs from the last good
        // site's (the open pages, which showed the error, are all told to reload).
        expect(lines[started + 1]).toMatch(
          /^ {2}\d\d:\d\d:\d\d islands\/registry\.ts → no page changed in \d+ ms \(fixed\)$/,
        );
        expect((await fetch(`${dev.url}/blog`)).status).toBe(200);
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
        await dev.idle();
        expect(lines.at(-1)).toContain(
          'links to "/photos/van.png", which is neither a page of this site nor a file of public/',
        );
        expect((await fetch(`${dev.url}/about`)).status).toBe(500);
        const before = lines.length;
        await copyFile(
          join(project.dir, 'content', 'images', 'logo.png'),
          join(project.dir, 'public', 'photos', 'van.png'),
        );
        await dev.idle();
        // The watcher may see the copy twice: the first rebuild says it is fixed.
        expect(lines[before]).toMatch(/ public\/photos\/van\.png → 1 page in \d+ ms \(fixed\)$/);
        expect((await fetch(`${dev.url}/blog/local-seo-tips`)).status).toBe(200);
        await rm(join(project.dir, 'public', 'photos', 'van.png'));
        await dev.idle();
        expect((await fetch(`${dev.url}/about`)).status).toBe(500);
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
        await appendFile(join(project.dir, 'content', 'blog', 'google-ads-guide.md'), '\nOne more line.\n');
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
        await writePhoto(photo, { width: 500, height: 300 });
        // No page was opened: the rebuild itself found it (after one that read the file half written, maybe).
        await expect
          .poll(() => lines.at(-1))
          .toMatch(
            /error: content\/images\/blog\/van\.jpg: is 500 pixels wide, and \/blog\S* draws it \d+ pixels wide: expected an image at least \d+ pixels wide$/,
          );
        await writePhoto(photo, { width: 1600, height: 900 });
        await expect
          .poll(() => lines.at(-1))
          .toMatch(/ content\/images\/blog\/van\.jpg → (no page changed|\d+ pages?) in \d+ ms \(fixed\)$/);
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
      const glazier = { ...plumber, ...words, metaDescription: 'Glazier marketing that wins window and door jobs.' };
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

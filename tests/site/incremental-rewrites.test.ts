/**
 * `sitegen build --incremental`: after every kind of edit (an article's body
 * or title, a template, the footer, the phone number, a file of public/, an
 * article deleted, added or renamed, or moved to the front of a large blog),
 * the output is byte for byte what a whole build writes, and only the files
 * the edit changed are written. Each test has a project of its own, built
 * once incrementally before its edit (tests/support/incremental-project.ts).
 * The builds run in this process; on the large blog, the incremental ones on
 * the executable's build threads (lib/site-worker.js, src/threads/).
 */
import { mkdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { after, builtProject, edit, incremental, project, useIncrementalProject } from '../support/incremental-project';
import { tree } from '../support/output-tree';
import { writeSettled } from '../support/project-copy';

useIncrementalProject();

/** The pages among files: the pages left at redirected paths, which no template draws, aside. */
const pages = (files: string[]) =>
  files.filter((file) => file.endsWith('.html') && !['services/index.html', 'blog/category/index.html'].includes(file));
/** The blog's feeds, which hold every article in full: an article's edit rewrites them. */
const feeds = ['blog/atom.xml', 'blog/feed.json', 'blog/rss.xml'];
const indexPages = (files: string[]) => files.filter((file) => /^blog(\/page\/\d+)?\.html$/.test(file));

describe('sitegen build --incremental', () => {
  it("refuses a link to no page as any build does, writing nothing, then builds once it is fixed; rewrites an article's page when its body changed, and only that page; its page, the blog and category pages that list it and the feeds when its title changed", async () => {
    await builtProject();
    const out = join(project!.dir, 'out');
    const before = await tree(out);
    let lines = 0;
    await edit('content/blog/google-ads-guide.md', (text) => {
      lines = text.split('\n').length + 1;
      return `${text}\nSee [our pricing](/pricing).\n`;
    });
    const broken = await incremental();
    expect(broken.code).toBe(1);
    expect(broken.stderr).toBe(
      `sitegen: content/blog/google-ads-guide.md: body: line ${lines}: links to "/pricing", which is neither a page of this site nor a file of public/ (pages are listed by \`sitegen build\` and in sitemap.xml)\n`,
    );
    expect(await tree(out)).toEqual(before);
    const fixed = await after(() =>
      edit('content/blog/google-ads-guide.md', (text) => text.replace('(/pricing)', '(/contact)')),
    );
    expect(fixed).toEqual([...feeds, 'blog/google-ads-guide.html'].sort());
    const body = await after(() => edit('content/blog/google-ads-guide.md', (text) => `${text}\nOne more line.\n`));
    expect(body).toEqual([...feeds, 'blog/google-ads-guide.html'].sort());
    const written = await after(() =>
      edit('content/blog/google-ads-guide.md', (text) => text.replace(/^title: .*$/m, 'title: "Google Ads, Edited"')),
    );
    // Its social card shows its title: a new card, under a new name.
    expect(written).toEqual([
      expect.stringMatching(/^assets\/cards\/google-ads-guide-[0-9a-f]{12}\.png$/),
      ...['blog.html', 'blog/category/google-ads.html', ...feeds, 'blog/google-ads-guide.html'].sort(),
    ]);
  });

  it('rewrites only the pages a template draws; every page, and the feeds, when the footer or the phone number and e-mail changed, which then no file holds', async () => {
    await builtProject();
    const written = await after(() =>
      edit('templates/pages/Legal.tsx', (text) =>
        text.replace(
          '<article className="mx-auto max-w-3xl',
          '<article data-edited="yes" className="mx-auto max-w-3xl',
        ),
      ),
    );
    expect(written).toEqual(['cookie-policy.html', 'privacy-policy.html', 'terms-of-service.html']);
    const all = pages(Object.keys(await tree(join(project!.dir, 'out'))));
    const footer = await after(() =>
      edit('templates/layout/Footer.tsx', (text) =>
        text.replace('<p className="mt-4 max-w-sm">', '<p data-edited="yes" className="mt-4 max-w-sm">'),
      ),
    );
    expect(pages(footer)).toEqual(all.sort());
    const phone = await after(() =>
      edit('content/site.json', (text) =>
        text
          .replace('"phone": "0808 157 0192"', '"phone": "0808 157 0193"')
          .replace('"email": "hello@example.com"', '"email": "team@tradeboost.example"'),
      ),
    );
    expect(pages(phone)).toEqual(all.sort());
    expect(phone).toEqual(expect.arrayContaining(feeds));
    // The articles and legal pages name them by {phone} and {email}: filled in on each page and in each feed.
    const out = join(project!.dir, 'out');
    for (const file of Object.keys(await tree(out)).filter((name) => /\.(html|xml|json|txt)$/.test(name))) {
      const text = await readFile(join(out, file), 'utf8');
      expect(/0808 157 0192|8081570192|hello@example\.com/.exec(text)?.[0], file).toBeUndefined();
    }
    const privacy = await readFile(join(out, 'privacy-policy.html'), 'utf8');
    expect(privacy).toContain(
      '<li><strong>Freephone:</strong> <a href="tel:+448081570193">0808\u00a0157\u00a00193</a> (Mon-Fri 9AM-6PM)</li>',
    );
    expect(privacy).toContain(
      'email <a href="mailto:team@tradeboost.example" aria-label="team@tradeboost.example">team<wbr>@tradeboost<wbr>.example</a> or write',
    );
    expect(await readFile(join(out, 'blog', 'rss.xml'), 'utf8')).toContain(
      'ring us free on <a href="tel:+448081570193">0808\u00a0157\u00a00193</a>',
    );
  });

  it('refuses a file of public/ where the build writes one of its own, or a folder, before anything is written; adds, then rewrites, a hidden file of public/, as any file of the site; follows a file of public/ that becomes a folder of the same name, and back', async () => {
    await builtProject();
    const out = join(project!.dir, 'out');
    const before = await tree(out);
    const refusals: [string, RegExp][] = [
      [
        'robots.txt',
        /^sitegen: public\/robots\.txt: expected no file where the build writes one of its own \(robots\.txt\); remove it from public\/$/,
      ],
      [
        'blog',
        /^sitegen: public\/blog: expected no file where the build writes the folder of a page \(blog\/[\w/-]+\.html\)$/,
      ],
      [
        'about/index.html',
        /^sitegen: public\/about\/index\.html: expected no page at \/about\/, which some hosts show there or at \/about in place of the page \/about; remove it from public\/$/,
      ],
    ];
    for (const [file, message] of refusals) {
      await mkdir(dirname(join(project!.dir, 'public', file)), { recursive: true });
      await writeFile(join(project!.dir, 'public', file), 'in the way\n');
      for (const incremental of [true, false]) {
        const refused = await project!.buildHere({ incremental, out: 'out' });
        expect(refused.code).toBe(1);
        expect(refused.stderr.trimEnd()).toMatch(message);
        expect(await tree(out)).toEqual(before);
      }
      await rm(join(project!.dir, 'public', file.split('/')[0]!), { recursive: true });
    }
    await mkdir(join(project!.dir, 'public', '.well-known'), { recursive: true });
    for (const contact of ['security@example.com', 'security-team@example.com']) {
      const file = join(project!.dir, 'public', '.well-known', 'security.txt');
      expect(await after(() => writeSettled(file, `Contact: mailto:${contact}\n`))).toEqual([
        '.well-known/security.txt',
      ]);
    }
    const docs = join(project!.dir, 'public', 'docs');
    await after(() => writeSettled(docs, 'a file\n'));
    await after(async () => {
      await unlink(docs);
      await mkdir(join(docs, 'nested'), { recursive: true });
      await writeSettled(join(docs, 'nested', 'readme.txt'), 'now a folder\n');
    });
    await after(async () => {
      await rm(docs, { recursive: true });
      await writeSettled(docs, 'a file again\n');
    });
    await after(() => unlink(docs));
    await expect(stat(join(project!.dir, 'out', 'docs'))).rejects.toThrow();
  });

  it('removes the page of an article deleted, writes that of one added, and nothing for a file renamed', async () => {
    await builtProject();
    const blog = join(project!.dir, 'content', 'blog');
    const deleted = await after(() => unlink(join(blog, 'social-media-guide.md')));
    // Its category has no other article: its page says so, and leaves the sitemap.
    expect(deleted).toEqual(['blog.html', 'blog/category/social-media.html', ...feeds, 'sitemap.xml'].sort());
    await expect(stat(join(project!.dir, 'out', 'blog', 'social-media-guide.html'))).rejects.toThrow();
    const text = (await readFile(join(blog, 'google-ads-guide.md'), 'utf8')).replace(/^slug: .*$/m, 'slug: "added"');
    const added = await after(() =>
      writeSettled(
        join(blog, 'added.md'),
        text
          .replace(/^title: .*$/m, 'title: "Added"')
          .replace(
            /^description: .*$/m,
            'description: "An article added by this test, with a description of its own."',
          ),
      ),
    );
    expect(added).toEqual([
      expect.stringMatching(/^assets\/cards\/added-[0-9a-f]{12}\.png$/),
      ...['blog.html', 'blog/added.html', 'blog/category/google-ads.html', ...feeds, 'sitemap.xml'].sort(),
    ]);
    expect(await after(() => rename(join(blog, 'added.md'), join(blog, 'renamed.md')))).toEqual([]);
  });

  it(
    'on a blog its threads read, rewrites an article moved to the front, every blog and category page it passed and the feeds',
    { timeout: 60_000 },
    async () => {
      await builtProject(250);
      const out = join(project!.dir, 'out');
      const listing = async (slug: string) => {
        const files = indexPages(Object.keys(await tree(out)));
        for (const file of files)
          if ((await readFile(join(out, file), 'utf8')).includes(`href="/blog/${slug}"`)) return file;
        throw new Error(`no blog page lists ${slug}`);
      };
      const slug = 'trade-marketing-note-00202';
      const from = await listing(slug);
      const fromPage = from === 'blog.html' ? 1 : Number(/(\d+)\.html$/.exec(from)![1]);
      expect(fromPage).toBeGreaterThan(2);
      const moved = await after(() =>
        edit(`content/blog/${slug}.md`, (text) => text.replace(/^date: .*$/m, 'date: "2025-01-01"')),
      );
      const category = /^category: "(.*)"$/m.exec(
        await readFile(join(project!.dir, `content/blog/${slug}.md`), 'utf8'),
      )![1]!;
      const categoryPages = moved.filter((file) => file.startsWith('blog/category/'));
      expect(categoryPages.length).toBeGreaterThan(0);
      for (const file of categoryPages)
        expect(file).toMatch(new RegExp(`^blog/category/${category.toLowerCase().replace(/ /g, '-')}[./]`));
      expect(moved.filter((file) => !indexPages([file]).length && !categoryPages.includes(file))).toEqual(
        [...feeds, `blog/${slug}.html`, 'sitemap.xml'].sort(),
      );
      const passed = Array.from({ length: fromPage - 1 }, (_, index) => `blog/page/${index + 2}.html`);
      expect(indexPages(moved)).toEqual(['blog.html', ...passed].sort());
    },
  );
});

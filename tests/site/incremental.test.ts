/**
 * `sitegen build --incremental`: after every kind of edit, the output is
 * byte for byte what a whole build writes, and only the files the edit
 * changed are written; with nothing changed, nothing is. Each test has a
 * project of its own, built once incrementally before its edit. The builds
 * run in this process; on the large blog, the incremental ones on the
 * executable's build threads (lib/site-worker.js, src/threads/).
 */
import { mkdir, readFile, readdir, rename, rm, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { writeArticles } from '../../bench/scale/articles.js';
import { modified, rewritten, tree } from '../support/output-tree';
import { copyProject, writeSettled, type ProjectCopy } from '../support/project-copy';

/** A project built once, whose caches (assets, cards) every test's project starts with: its edits make only what they change. */
let seed: ProjectCopy;
beforeAll(async () => {
  seed = await copyProject({ caches: false });
  expect((await seed.buildHere({ out: 'out' })).stderr).toBe('');
});
afterAll(() => seed?.remove());

let project: ProjectCopy | undefined;
/** Whether this test's incremental builds read and render the articles on the build threads. */
let threaded = false;
afterEach(async () => {
  await project?.remove();
  threaded = false;
});

/** A project of its own, built once incrementally into `out/`; with `articles`, a blog the build threads read. */
async function builtProject(articles = 0): Promise<ProjectCopy> {
  project = await copyProject({ caches: seed.dir });
  // The project has no file of public/ yet; its tests add some.
  await mkdir(join(project.dir, 'public'), { recursive: true });
  if (articles) await writeArticles(join(project.dir, 'content', 'blog'), articles, 5);
  threaded = articles > 0;
  expect((await incremental()).stderr).toBe('');
  return project;
}

const incremental = (env: NodeJS.ProcessEnv = {}) =>
  project!.buildHere({ incremental: true, out: 'out', env, quiet: false, threads: threaded });

/** A whole build of the same project into a folder of its own. */
async function whole(env: NodeJS.ProcessEnv = {}): Promise<Record<string, string>> {
  await rm(join(project!.dir, 'whole'), { recursive: true, force: true });
  expect((await project!.buildHere({ out: 'whole', env })).stderr).toBe('');
  return tree(join(project!.dir, 'whole'));
}

/** Makes `change`, builds incrementally, checks the output against a whole build, and says which files were written. */
async function after(change: () => Promise<unknown>, env: NodeJS.ProcessEnv = {}): Promise<string[]> {
  const out = join(project!.dir, 'out');
  const before = await modified(out);
  await change();
  const result = await incremental(env);
  expect(result.stderr).toBe('');
  expect(await tree(out)).toEqual(await whole(env));
  return rewritten(before, await modified(out));
}

/** An edit of a project file, saved a while ago (its time vouches for it: see src/file-versions.ts). */
async function edit(path: string, change: (text: string) => string): Promise<void> {
  const file = join(project!.dir, path);
  const text = await readFile(file, 'utf8');
  expect(change(text)).not.toBe(text);
  await writeSettled(file, change(text));
}

/** The pages among files: the pages left at redirected paths, which no template draws, aside. */
const pages = (files: string[]) =>
  files.filter((file) => file.endsWith('.html') && !['services.html', 'blog/category.html'].includes(file));
/** The blog's feeds, which hold every article in full: an article's edit rewrites them. */
const feeds = ['blog/atom.xml', 'blog/feed.json', 'blog/rss.xml'];
const indexPages = (files: string[]) => files.filter((file) => /^blog(\/page\/\d+)?\.html$/.test(file));

describe('sitegen build --incremental', () => {
  it('writes nothing when nothing changed, and says it is up to date; keeps its record in a git-ignored folder; is not up to date once package.json, read by the compilers, changed; writes again a file of the output removed by hand, and a page', async () => {
    await builtProject();
    const out = join(project!.dir, 'out');
    expect(await tree(out)).toEqual(await whole());
    const before = await modified(out);
    const again = await incremental();
    expect(again.stdout).toMatch(/^up to date: no input changed since the last build, nothing written \(\d+ ms\)$/m);
    expect(await modified(out)).toEqual(before);
    // A script reading --json is told so too.
    const json = await project!.buildHere({ incremental: true, out: 'out', json: true, threads: threaded });
    expect(JSON.parse(json.stdout)).toMatchObject({ upToDate: true, pages: [], totals: { files: 0, bytes: 0 } });

    const gitignore = await readFile(join(process.cwd(), '.gitignore'), 'utf8');
    expect(gitignore).toMatch(/^\/\.sitegen\/$/m);
    await expect(stat(join(project!.dir, '.sitegen', 'incremental'))).resolves.toBeTruthy();

    await edit('package.json', (text) => `${text}\n`);
    expect((await incremental()).stdout).not.toContain('up to date');
    const written = await after(async () => {
      await unlink(join(out, 'sitemap.xml'));
      await unlink(join(out, 'about.html'));
    });
    expect(written).toEqual(['about.html', 'sitemap.xml']);
  });

  it("refuses a link to no page as any build does, writing nothing, then builds once it is fixed; rewrites an article's page when its body changed, and only that page; its page, the blog and category pages that list it and the feeds when its title changed", async () => {
    await builtProject();
    const out = join(project!.dir, 'out');
    const before = await tree(out);
    await edit('content/blog/google-ads-guide.md', (text) => `${text}\nSee [our pricing](/pricing).\n`);
    const broken = await incremental();
    expect(broken.code).toBe(1);
    expect(broken.stderr).toBe(
      'sitegen: content/blog/google-ads-guide.md: body: links to "/pricing", which is neither a page of this site nor a file of public/ (pages are listed by `sitegen build` and in sitemap.xml)\n',
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
      '<li><strong>Freephone:</strong> <a href="tel:+448081570193">0808 157 0193</a> (Mon-Fri 9AM-6PM)</li>',
    );
    expect(privacy).toContain('e-mail <a href="mailto:team@tradeboost.example">team@tradeboost.example</a> or write');
    expect(await readFile(join(out, 'blog', 'rss.xml'), 'utf8')).toContain(
      'ring us free on <a href="tel:+448081570193">0808 157 0193</a>',
    );
  });

  it("moves every canonical URL, the sitemap and robots.txt with the site's origin", async () => {
    await builtProject();
    const written = await after(async () => undefined, { SITE_URL: 'https://moved.example.co.uk' });
    expect(written).toEqual(expect.arrayContaining(['robots.txt', 'sitemap.xml', 'about.html']));
    const about = await readFile(join(project!.dir, 'out', 'about.html'), 'utf8');
    expect(about).toContain('<link rel="canonical" href="https://moved.example.co.uk/about"/>');
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

  it('sees an edit of the same size in the same tick of the clock, just after a build read the file; makes a whole build when its record of the last build cannot be read', async () => {
    await builtProject();
    const note = join(project!.dir, 'content', 'blog', 'google-ads-guide.md');
    const text = await readFile(note, 'utf8');
    await writeFile(note, text.replace(/\n\n/, '\n\nThe gaad news.\n\n'));
    const { mtime } = await stat(note);
    expect((await incremental()).stderr).toBe('');
    await after(async () => {
      await writeFile(note, text.replace(/\n\n/, '\n\nThe good news.\n\n'));
      await utimes(note, mtime, mtime);
    });
    const page = await readFile(join(project!.dir, 'out', 'blog', 'google-ads-guide.html'), 'utf8');
    expect(page).toContain('The good news.');
    const [record] = await readdir(join(project!.dir, '.sitegen', 'incremental'));
    const path = join(project!.dir, '.sitegen', 'incremental', record!);
    const stored = await readFile(path, 'utf8');
    await writeFile(path, stored.slice(0, stored.length / 2));
    await edit('content/blog/google-ads-guide.md', (text) => text.replace(/^title: .*$/m, 'title: "Retitled"'));
    const result = await incremental();
    expect(result.stdout).toContain(
      '  cache      no record of the last build of this output (only an --incremental build by this version of sitegen keeps one): a whole build',
    );
    expect(await tree(join(project!.dir, 'out'))).toEqual(await whole());
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

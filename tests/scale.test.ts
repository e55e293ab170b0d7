/**
 * A site with many articles: the blog index paginates, the threaded build
 * (workers for a large site) writes exactly what a single thread writes, and
 * an incremental build's output is byte for byte a cold build's after every
 * kind of change, while writing only what changed.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateArticle, writeArticles } from '../bench/scale/articles.js';
import { build } from '../src/build';
import { resolveConfig } from '../src/config';
import { manifestPath } from '../src/output/incremental';
import { runSitegenHeld } from './support/cli';
import { copyProject, type ProjectCopy } from './support/project-copy';

/** Every file of a folder with a hash of its content. */
async function tree(dir: string): Promise<Record<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
  const pairs = await Promise.all(
    files.map(
      async (file) =>
        [
          file.slice(dir.length + 1),
          createHash('sha256')
            .update(await readFile(file))
            .digest('hex'),
        ] as const,
    ),
  );
  return Object.fromEntries(pairs.sort(([a], [b]) => a.localeCompare(b)));
}

async function modified(dir: string): Promise<Record<string, number>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
  return Object.fromEntries(
    await Promise.all(files.map(async (file) => [file.slice(dir.length + 1), (await stat(file)).mtimeMs] as const)),
  );
}

let project: ProjectCopy;
beforeAll(async () => {
  project = await copyProject();
  // 250 articles: past the point where the build parses and renders on worker threads.
  await writeArticles(join(project.dir, 'content', 'blog'), 250, 3);
}, 120_000);
afterAll(() => project?.remove());

describe('a blog of 256 articles', () => {
  it('paginates the index at 12 per page, linked both ways, canonical and in the sitemap', async () => {
    const result = await project.build(['--out', 'paged']);
    expect(result.stderr).toBe('');
    const out = join(project.dir, 'paged');
    const pages = Math.ceil(256 / 12);
    expect((await readdir(join(out, 'blog', 'page'))).sort()).toEqual(
      Array.from({ length: pages - 1 }, (_, i) => `${i + 2}.html`).sort(),
    );
    const first = cheerio.load(await readFile(join(out, 'blog.html'), 'utf8'));
    expect(first('main article')).toHaveLength(12);
    expect(first('nav[aria-label="Blog pages"] a[rel="next"]').attr('href')).toBe('/blog/page/2');
    expect(first('nav[aria-label="Blog pages"] a[rel="prev"]')).toHaveLength(0);
    expect(first('nav[aria-label="Blog pages"] p').text()).toBe(`Page 1 of ${pages}`);
    const second = cheerio.load(await readFile(join(out, 'blog', 'page', '2.html'), 'utf8'));
    expect(second('main article')).toHaveLength(12);
    expect(second('nav[aria-label="Blog pages"] a[rel="prev"]').attr('href')).toBe('/blog');
    expect(second('nav[aria-label="Blog pages"] a[rel="next"]').attr('href')).toBe('/blog/page/3');
    expect(second('link[rel="canonical"]').attr('href')).toBe('https://www.tradeboostdigital.co.uk/blog/page/2');
    expect(second('title').text()).toBe('Marketing Tips for Tradesmen: Page 2 | TradeBoost Digital');
    expect(
      second('nav[aria-label="Breadcrumb"] a')
        .map((_, a) => `${second(a).text()} ${second(a).attr('href')}`)
        .get(),
    ).toEqual(['Home /', 'Blog /blog', 'Page 2 /blog/page/2']);
    const graph = JSON.parse(second('script[type="application/ld+json"]').html()!)['@graph'] as {
      '@type': string;
      itemListElement?: unknown[];
    }[];
    expect(graph.map((node) => node['@type'])).toEqual([
      'ProfessionalService',
      'WebSite',
      'CollectionPage',
      'BreadcrumbList',
      'ItemList',
    ]);
    expect(graph[4]!.itemListElement).toHaveLength(12);
    // An article of a batch a worker thread rendered hangs from the same trail.
    const article = cheerio.load(await readFile(join(out, 'blog', 'trade-marketing-note-00200.html'), 'utf8'));
    expect(
      article('nav[aria-label="Breadcrumb"] a')
        .map((_, a) => article(a).attr('href'))
        .get(),
    ).toEqual(['/', '/blog', '/blog/trade-marketing-note-00200']);
    const last = cheerio.load(await readFile(join(out, 'blog', 'page', `${pages}.html`), 'utf8'));
    expect(last('main article')).toHaveLength(256 - 12 * (pages - 1));
    expect(last('nav[aria-label="Blog pages"] a[rel="next"]')).toHaveLength(0);
    const sitemap = await readFile(join(out, 'sitemap.xml'), 'utf8');
    for (let page = 2; page <= pages; page += 1)
      expect(sitemap).toContain(`<loc>https://www.tradeboostdigital.co.uk/blog/page/${page}</loc>`);
  });

  it(
    'bad content read on a worker thread stops the build with the file and field, and leaves the output as it was',
    { timeout: 60_000 },
    async () => {
      expect((await project.build(['--out', 'kept'])).stderr).toBe('');
      const before = await tree(join(project.dir, 'kept'));
      const file = join(project.dir, 'content/blog/trade-marketing-note-00042.md');
      const text = await readFile(file, 'utf8');
      // Each fault is named as when the file is read on the main thread.
      const faults: [(text: string) => string, string][] = [
        [
          (text) => text.replace(/^readTime: .*$/m, 'readTime: "eight"'),
          'front matter: readTime: expected a number of minutes, found "eight"',
        ],
        [(text) => text.replace(/^---\n/, ''), 'front matter: is missing: the file must start with a --- block'],
        [
          (text) => text.replace(/\n---\n[\s\S]*$/, '\n'),
          'front matter: is not closed: expected a line of --- after it',
        ],
        [(text) => text.replace(/\n---\n[\s\S]*$/, '\n---\n \u00A0\n'), 'body: is empty'],
      ];
      try {
        for (const [fault, message] of faults) {
          await writeFile(file, fault(text));
          const broken = await project.build(['--out', 'kept']);
          expect(broken.code).toBe(1);
          expect(broken.stderr).toBe(`sitegen: content/blog/trade-marketing-note-00042.md: ${message}\n`);
          expect(await tree(join(project.dir, 'kept'))).toEqual(before);
        }
      } finally {
        await writeFile(file, text);
      }
    },
  );

  it('a link to a missing page in an article rendered on a worker thread stops the build with the file, and leaves the output as it was', async () => {
    expect((await project.build(['--out', 'kept-links'])).stderr).toBe('');
    const before = await tree(join(project.dir, 'kept-links'));
    const file = join(project.dir, 'content/blog/trade-marketing-note-00199.md');
    const text = await readFile(file, 'utf8');
    await writeFile(file, `${text}\nSee [our plumber page](/services/plumbers).\n`);
    try {
      const broken = await project.build(['--out', 'kept-links']);
      expect(broken.code).toBe(1);
      expect(broken.stderr).toBe(
        'sitegen: content/blog/trade-marketing-note-00199.md: body: links to "/services/plumbers", which is not a page of this site (pages are listed by `sitegen build` and in sitemap.xml)\n',
      );
      expect(await tree(join(project.dir, 'kept-links'))).toEqual(before);
    } finally {
      await writeFile(file, text);
    }
  });

  it('Ctrl-C while threads scan and render stops them, leaves the output as it was and nothing new beside it, and exits 130', async () => {
    for (let run = 0; run < 2; run++) expect((await project.build(['--out', 'stopped'])).stderr).toBe('');
    const outputs = async () => (await readdir(project.dir)).filter((name) => name.startsWith('stopped')).sort();
    const before = { out: await tree(join(project.dir, 'stopped')), outputs: await outputs() };
    expect(before.outputs).toEqual(['stopped', 'stopped.previous']);
    const file = join(project.dir, 'content/blog/trade-marketing-note-00150.md');
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.replace(/^title: .*$/m, 'title: "Retitled, Then Interrupted"'));
    try {
      const interrupted = await runSitegenHeld(['build', '--out', 'stopped'], {
        cwd: project.dir,
        env: { SUPABASE_URL: '', SITE_URL: undefined },
        held: join(project.dir, 'content/pages/404.json'),
        atFirstLine: (child) => child.kill('SIGINT'),
      });
      expect(interrupted.stderr).toBe('sitegen: build interrupted by SIGINT: the output is as it was\n');
      expect(interrupted.code).toBe(130);
      expect(await tree(join(project.dir, 'stopped'))).toEqual(before.out);
      expect(await outputs()).toEqual(before.outputs);
    } finally {
      await writeFile(file, text);
    }
  });

  it('the threaded build writes byte for byte what a single thread writes', async () => {
    const threaded = await project.build(['--out', 'threaded']);
    expect(threaded.stderr).toBe('');
    // In this process the build runs from source, with no worker script: everything on one thread.
    await build({ root: project.dir, out: 'single', quiet: true });
    expect(await tree(join(project.dir, 'threaded'))).toEqual(await tree(join(project.dir, 'single')));
  });
});

describe('the content index: front matter and rendered bodies kept between builds', () => {
  /** A build with nothing kept from before: no content index, no asset cache, no earlier output. */
  const fromNothing = async () => {
    await Promise.all([
      rm(join(project.dir, '.sitegen'), { recursive: true, force: true }),
      rm(join(project.dir, 'from-nothing'), { recursive: true, force: true }),
    ]);
    const result = await project.build(['--out', 'from-nothing']);
    expect(result.stderr).toBe('');
    return tree(join(project.dir, 'from-nothing'));
  };
  const indexed = async (changed: number, rendered: number) => {
    const result = await project.build(['--out', 'indexed'], {}, { quiet: false });
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain(
      `  index      ${changed} of 259 Markdown files changed since the last build, ${rendered} bod${rendered === 1 ? 'y' : 'ies'} rendered\n`,
    );
    return tree(join(project.dir, 'indexed'));
  };
  it(
    'a build from the index writes byte for byte what a build from nothing writes, after every kind of edit',
    { timeout: 120_000 },
    async () => {
      const article = join(project.dir, 'content/blog/trade-marketing-note-00011.md');
      const text = await readFile(article, 'utf8');
      try {
        const reference = await fromNothing();
        // The build from nothing wrote the index: the next reads no file and renders no body.
        expect(await indexed(0, 0)).toEqual(reference);

        // A body edited: that file is read and its body rendered.
        await writeFile(article, text.replace(/\n\n/, '\n\nA sentence added to the body.\n\n'));
        expect(await indexed(1, 1)).toEqual(await fromNothing());
        // The front matter alone edited: read and parsed, but the body is kept.
        await indexed(0, 0);
        await writeFile(
          article,
          text.replace(/\n\n/, '\n\nA sentence added to the body.\n\n').replace(/^readTime: \d+/m, 'readTime: 9'),
        );
        expect(await indexed(1, 0)).toEqual(await fromNothing());

        // Saved again unchanged (a new time, the same bytes): read, but neither parsed nor rendered.
        await indexed(0, 0);
        await writeFile(article, await readFile(article, 'utf8'));
        const saved = await indexed(0, 0);
        expect(saved).toEqual(await fromNothing());

        // The kept bodies lost (a pack removed or cut short): rendered again, the same.
        await indexed(0, 0);
        const indexDir = join(project.dir, '.sitegen', 'content');
        const [folder] = await readdir(indexDir);
        const packs = (await readdir(join(indexDir, folder!))).filter((name) => name.endsWith('.pack'));
        expect(packs.length).toBeGreaterThan(0);
        await Promise.all(packs.map((name) => writeFile(join(indexDir, folder!, name), '')));
        expect(await indexed(0, 259)).toEqual(await fromNothing());
      } finally {
        await writeFile(article, text);
      }
    },
  );

  it('a build removes what builds of content folders gone since left behind, not what a running build may still need', async () => {
    const indexDir = join(project.dir, '.sitegen', 'content');
    await fromNothing();
    const [own] = await readdir(indexDir);
    const leftover = async (name: string, files: Record<string, string>, minutesAgo: number) => {
      await mkdir(join(indexDir, name), { recursive: true });
      const then = new Date(Date.now() - minutesAgo * 60_000);
      for (const [file, text] of Object.entries(files)) {
        await writeFile(join(indexDir, name, file), text);
        await utimes(join(indexDir, name, file), then, then);
      }
    };
    // The index of a folder that was deleted; the packs of a failed build of a deleted folder, old and new.
    await leftover(
      'deleted-folder',
      { 'index.json': JSON.stringify({ contentDir: join(project.dir, 'no-such-content') }), '1-0-a.pack': 'x' },
      0,
    );
    await leftover('failed-long-ago', { '1-0-b.pack': 'x' }, 11);
    await leftover('failed-just-now', { '1-0-c.pack': 'x' }, 1);
    // A build that writes its index (one body edited) tidies up.
    const article = join(project.dir, 'content/blog/trade-marketing-note-00012.md');
    const text = await readFile(article, 'utf8');
    try {
      await writeFile(article, `${text}\nOne more line.\n`);
      await indexed(1, 1);
    } finally {
      await writeFile(article, text);
    }
    expect((await readdir(indexDir)).sort()).toEqual([own!, 'failed-just-now'].sort());
  });
});

describe('sitegen build --incremental', () => {
  const incremental = () => project.build(['--incremental', '--out', 'incremental']);
  const cold = async () => {
    await rm(join(project.dir, 'cold'), { recursive: true, force: true });
    const result = await project.build(['--out', 'cold']);
    expect(result.stderr).toBe('');
    return tree(join(project.dir, 'cold'));
  };
  const edit = async (path: string, change: (text: string) => string) => {
    const file = join(project.dir, path);
    const text = await readFile(file, 'utf8');
    expect(change(text)).not.toBe(text);
    await writeFile(file, change(text));
  };
  const changed = (before: Record<string, number>, after: Record<string, number>) =>
    Object.keys(after)
      .filter((file) => before[file] !== after[file])
      .sort();

  it(
    'matches a cold build, writes nothing when nothing changed, and only what changed otherwise',
    { timeout: 120_000 },
    async () => {
      const out = join(project.dir, 'incremental');
      expect((await incremental()).stderr).toBe('');
      expect(await tree(out)).toEqual(await cold());

      // Nothing changed: up to date, not one file touched.
      let before = await modified(out);
      const again = await project.build(['--incremental', '--out', 'incremental'], {});
      expect(again.stderr).toBe('');
      expect(await modified(out)).toEqual(before);

      // One article edited: its page and the index page that lists it.
      before = await modified(out);
      await edit('content/blog/trade-marketing-note-00007.md', (text) =>
        text.replace(/^title: .*$/m, 'title: "Seven, Edited"'),
      );
      expect((await incremental()).stderr).toBe('');
      expect(await tree(out)).toEqual(await cold());
      const afterEdit = changed(before, await modified(out));
      expect(afterEdit).toHaveLength(2);
      expect(afterEdit).toContain('blog/trade-marketing-note-00007.html');
      expect(afterEdit.filter((file) => /^blog(\/page\/\d+)?\.html$/.test(file))).toHaveLength(1);

      // A template: only the pages built from it.
      before = await modified(out);
      await edit('templates/pages/Legal.tsx', (text) =>
        text.replace(
          '<article className="mx-auto max-w-3xl',
          '<article data-edited="yes" className="mx-auto max-w-3xl',
        ),
      );
      expect((await incremental()).stderr).toBe('');
      expect(await tree(out)).toEqual(await cold());
      expect(changed(before, await modified(out))).toEqual([
        'cookie-policy.html',
        'privacy-policy.html',
        'terms-of-service.html',
      ]);

      // The footer, rendered once for every page: every page.
      before = await modified(out);
      await edit('templates/layout/Footer.tsx', (text) =>
        text.replace('<p className="mt-4 max-w-sm">', '<p data-edited="yes" className="mt-4 max-w-sm">'),
      );
      expect((await incremental()).stderr).toBe('');
      expect(await tree(out)).toEqual(await cold());
      expect(changed(before, await modified(out)).filter((file) => file.endsWith('.html')).length).toBe(
        Object.keys(before).filter((file) => file.endsWith('.html')).length,
      );

      // A hidden file in public/ (.well-known/) is part of the site like any other: added, then edited.
      await mkdir(join(project.dir, 'public', '.well-known'), { recursive: true });
      for (const contact of ['security@example.com', 'security-team@example.com']) {
        before = await modified(out);
        await writeFile(join(project.dir, 'public', '.well-known', 'security.txt'), `Contact: mailto:${contact}\n`);
        expect((await incremental()).stderr).toBe('');
        expect(await tree(out)).toEqual(await cold());
        expect(changed(before, await modified(out))).toEqual(['.well-known/security.txt']);
      }

      // A shared datum (the phone number, in every header): every page.
      before = await modified(out);
      await edit('content/site.json', (text) => text.replace('"phone": "0808 157 0192"', '"phone": "0808 157 0193"'));
      expect((await incremental()).stderr).toBe('');
      expect(await tree(out)).toEqual(await cold());
      const pagesBefore = Object.keys(before).filter((file) => file.endsWith('.html'));
      expect(changed(before, await modified(out)).filter((file) => file.endsWith('.html'))).toEqual(pagesBefore.sort());

      // Configuration (the site's origin): every canonical URL, the sitemap and robots.txt.
      before = await modified(out);
      const withOrigin = await project.build(['--incremental', '--out', 'incremental'], {
        SITE_URL: 'https://moved.example.co.uk',
      });
      expect(withOrigin.stderr).toBe('');
      const coldWithOrigin = await project.build(['--out', 'cold-moved'], { SITE_URL: 'https://moved.example.co.uk' });
      expect(coldWithOrigin.stderr).toBe('');
      expect(await tree(out)).toEqual(await tree(join(project.dir, 'cold-moved')));
      expect(changed(before, await modified(out))).toEqual(
        expect.arrayContaining(['robots.txt', 'sitemap.xml', 'about.html']),
      );

      // An article deleted: its page goes, the index pages shift.
      await unlink(join(project.dir, 'content/blog/trade-marketing-note-00003.md'));
      expect((await incremental()).stderr).toBe('');
      expect(await tree(out)).toEqual(await cold());
      await expect(stat(join(out, 'blog', 'trade-marketing-note-00003.html'))).rejects.toThrow();
    },
  );

  it(
    'notices what sizes and times alone do not say, and changes the output only once it knows the build succeeds',
    { timeout: 120_000 },
    async () => {
      const out = join(project.dir, 'incremental');
      const built = async () => {
        const result = await project.build(['--incremental', '--out', 'incremental'], {}, { quiet: false });
        expect(result.stderr).toBe('');
        return result.stdout;
      };
      await built();

      // A file of the output removed by hand, not a page: made again, not "up to date".
      await unlink(join(out, 'sitemap.xml'));
      expect(await built()).not.toContain('up to date');
      expect(await tree(out)).toEqual(await cold());

      // tsconfig.json and package.json are read by the template and island compilers: not "up to date" either.
      const packageFile = join(project.dir, 'package.json');
      await writeFile(packageFile, `${await readFile(packageFile, 'utf8')}\n`);
      expect(await built()).not.toContain('up to date');

      // An edit in the same tick of the file's time, at the same size, just after a build read it.
      const note = join(project.dir, 'content/blog/trade-marketing-note-00009.md');
      await edit('content/blog/trade-marketing-note-00009.md', (text) =>
        text.replace(/\n\n/, '\n\nThe gaad news.\n\n'),
      );
      const { mtime } = await stat(note);
      await built();
      await edit('content/blog/trade-marketing-note-00009.md', (text) =>
        text.replace('The gaad news.', 'The good news.'),
      );
      await utimes(note, mtime, mtime);
      await built();
      expect(await readFile(join(out, 'blog', 'trade-marketing-note-00009.html'), 'utf8')).toContain('The good news.');
      expect(await tree(out)).toEqual(await cold());

      // A file of public/ where the build writes one of its own, or a folder: refused before anything is written.
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
      ];
      for (const [file, message] of refusals) {
        await writeFile(join(project.dir, 'public', file), 'in the way\n');
        for (const args of [
          ['--incremental', '--out', 'incremental'],
          ['--out', 'incremental'],
        ]) {
          const refused = await project.build(args);
          expect(refused.code).toBe(1);
          expect(refused.stderr.trimEnd()).toMatch(message);
          expect(await tree(out)).toEqual(before);
        }
        await unlink(join(project.dir, 'public', file));
      }

      // A file of public/ that becomes a folder of the same name, and back; a folder left empty goes.
      await writeFile(join(project.dir, 'public', 'docs'), 'a file\n');
      await built();
      expect(await tree(out)).toEqual(await cold());
      await unlink(join(project.dir, 'public', 'docs'));
      await mkdir(join(project.dir, 'public', 'docs'));
      await writeFile(join(project.dir, 'public', 'docs', 'readme.txt'), 'now a folder\n');
      await built();
      expect(await tree(out)).toEqual(await cold());
      await rm(join(project.dir, 'public', 'docs'), { recursive: true });
      await writeFile(join(project.dir, 'public', 'docs'), 'a file again\n');
      await built();
      expect(await tree(out)).toEqual(await cold());
      await unlink(join(project.dir, 'public', 'docs'));
      await mkdir(join(project.dir, 'public', 'docs', 'nested'), { recursive: true });
      await writeFile(join(project.dir, 'public', 'docs', 'nested', 'readme.txt'), 'deeper\n');
      await built();
      await rm(join(project.dir, 'public', 'docs'), { recursive: true });
      await built();
      expect(await tree(out)).toEqual(await cold());
      await expect(stat(join(out, 'docs'))).rejects.toThrow();
    },
  );

  it(
    'after every kind of edit, writes byte for byte what a build from nothing writes, rewriting only the pages the edit changed',
    { timeout: 180_000 },
    async () => {
      const out = join(project.dir, 'edited');
      /** What the last incremental build printed: whether it took the short way for edited bodies (output/body-edits.ts). */
      let printed = '';
      const build = async () => {
        const result = await project.build(['--incremental', '--out', 'edited'], {}, { quiet: false });
        printed = result.stdout;
        return result;
      };
      const bodiesOnly = (files: number) =>
        `bodies     ${files} Markdown file${files === 1 ? '' : 's'} changed in ${files === 1 ? 'its body' : 'their bodies'} alone`;
      /** A build with nothing kept (no content index, no asset cache, no manifest), aside from the project's own. */
      const fromNothing = async () => {
        const kept = join(project.dir, '.sitegen-kept');
        await rm(kept, { recursive: true, force: true });
        await rename(join(project.dir, '.sitegen'), kept);
        try {
          await rm(join(project.dir, 'reference'), { recursive: true, force: true });
          expect((await project.build(['--out', 'reference'])).stderr).toBe('');
          return tree(join(project.dir, 'reference'));
        } finally {
          await rm(join(project.dir, '.sitegen'), { recursive: true, force: true });
          await rename(kept, join(project.dir, '.sitegen'));
        }
      };
      /** Makes `change`, builds incrementally, checks the output against a build from nothing, and says which files were written. */
      const after = async (change: () => Promise<unknown>) => {
        const before = await modified(out);
        await change();
        expect((await build()).stderr).toBe('');
        expect(await tree(out)).toEqual(await fromNothing());
        return changed(before, await modified(out));
      };
      /** The blog index page listing an article, from the output. */
      const indexPageOf = async (slug: string) => {
        const pages = (await readdir(join(out, 'blog', 'page'))).map((name) => `blog/page/${name}`);
        for (const page of ['blog.html', ...pages])
          if ((await readFile(join(out, page), 'utf8')).includes(`href="/blog/${slug}"`)) return page;
        throw new Error(`no index page lists ${slug}`);
      };
      const articleFile = (slug: string) => join(project.dir, 'content', 'blog', `${slug}.md`);
      const indexPages = (list: string[]) => list.filter((file) => /^blog(\/page\/\d+)?\.html$/.test(file));

      expect((await build()).stderr).toBe('');

      // A body edited: that article's page, nothing else, its new body put in place of the old.
      expect(
        await after(() =>
          edit('content/blog/trade-marketing-note-00100.md', (text) =>
            text.replace(/\n\n/, '\n\nOne more sentence in the body.\n\n'),
          ),
        ),
      ).toEqual(['blog/trade-marketing-note-00100.html']);
      expect(printed).toContain(`${bodiesOnly(1)}: blog/trade-marketing-note-00100.html`);
      // Again, with a link, and two articles and a legal page at once: their pages, by the same short way.
      const twice = await after(async () => {
        await edit('content/blog/trade-marketing-note-00100.md', (text) =>
          text.replace('One more sentence', 'One more [linked](/about) sentence'),
        );
        await edit('content/blog/trade-marketing-note-00105.md', (text) => `${text}\nA closing line.\n`);
        await edit('content/legal/privacy-policy.md', (text) => `${text}\nA new closing paragraph.\n`);
      });
      expect(twice).toEqual([
        'blog/trade-marketing-note-00100.html',
        'blog/trade-marketing-note-00105.html',
        'privacy-policy.html',
      ]);
      expect(printed).toContain(bodiesOnly(3));
      // Saved again unchanged: nothing written, nothing parsed.
      expect(await after(() => utimes(articleFile('trade-marketing-note-00105'), new Date(), new Date()))).toEqual([]);
      expect(printed).toContain('bodies     1 Markdown file saved again unchanged: nothing to write');
      // Built again at once: the files written too recently to trust their times are read again, found the same, and
      // nothing is written.
      expect(await after(() => Promise.resolve())).toEqual([]);
      expect(printed).toContain('up to date: no input changed since the last build, nothing written');
      // A body edited as the site's origin moves: not the short way, which knows files, not settings; every page changes.
      await edit('content/blog/trade-marketing-note-00109.md', (text) => `${text}\nOne more line.\n`);
      const originMoved = await project.build(
        ['--incremental', '--out', 'edited'],
        { SITE_URL: 'https://moved.example.co.uk' },
        { quiet: false },
      );
      expect(originMoved.stderr).toBe('');
      expect(originMoved.stdout).not.toMatch(/^  bodies /m);
      expect(await readFile(join(out, 'about.html'), 'utf8')).toContain(
        '<link rel="canonical" href="https://moved.example.co.uk/about"/>',
      );
      expect((await build()).stderr).toBe('');
      expect(await readFile(join(out, 'about.html'), 'utf8')).not.toContain('https://moved.example.co.uk');
      // Once every file has settled (no file system's clock ticks slower than 2 s), a body edit of a file that settled
      // long ago, then nothing to do: the short way's record of the edit is the last build's, as a whole build's is.
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      await build();
      expect(
        await after(async () => {
          await edit('content/blog/trade-marketing-note-00105.md', (text) => `${text}\nWritten long ago.\n`);
          const longAgo = new Date(Date.now() - 60_000);
          await utimes(articleFile('trade-marketing-note-00105'), longAgo, longAgo);
        }),
      ).toEqual(['blog/trade-marketing-note-00105.html']);
      expect(printed).toContain(`${bodiesOnly(1)}: blog/trade-marketing-note-00105.html`);
      expect((await build()).stderr).toBe('');
      expect(printed).toContain('up to date: no input changed since the last build, nothing written');
      // A manifest cut short (a disk full as it was written), then a title edited, which the short way does not take:
      // a whole build, which writes what a build from nothing writes.
      const manifest = manifestPath(resolveConfig({ root: project.dir, out: 'edited' }));
      const stored = await readFile(manifest, 'utf8');
      await writeFile(manifest, stored.slice(0, stored.length / 2));
      const retitled = await after(() =>
        edit('content/blog/trade-marketing-note-00105.md', (text) =>
          text.replace(/^title: .*$/m, 'title: "Retitled After the Cache Was Cut Short"'),
        ),
      );
      expect(retitled).toContain('blog/trade-marketing-note-00105.html');
      expect(printed).toContain('cache      unreadable: a whole build');

      // Not the short way, and still only what changed: the body and the front matter edited together, or the front
      // matter written differently with the same data (its page is the same; only its time is new).
      const both = await after(() =>
        edit('content/blog/trade-marketing-note-00106.md', (text) =>
          text.replace(/^keywords: \[/m, '$&"new keyword", ').replace(/\n\n/, '\n\nAnd a new sentence.\n\n'),
        ),
      );
      expect(both).toEqual(['blog/trade-marketing-note-00106.html']);
      expect(printed).not.toMatch(/^  bodies /m);
      expect(
        await after(() =>
          edit('content/blog/trade-marketing-note-00106.md', (text) =>
            text.replace(/^readTime: .*$/m, '$&  # minutes'),
          ),
        ),
      ).toEqual([]);
      expect(printed).not.toMatch(/^  bodies /m);
      // The front matter as it is now is the one a body edit is compared with.
      expect(
        await after(() => edit('content/blog/trade-marketing-note-00106.md', (text) => `${text}\nOne more line.\n`)),
      ).toEqual(['blog/trade-marketing-note-00106.html']);
      expect(printed).toContain(`${bodiesOnly(1)}: blog/trade-marketing-note-00106.html`);
      // A page removed from the output is written again, with the edited body.
      await rm(join(out, 'blog', 'trade-marketing-note-00107.html'));
      expect(
        await after(() => edit('content/blog/trade-marketing-note-00107.md', (text) => `${text}\nOne more line.\n`)),
      ).toEqual(['blog/trade-marketing-note-00107.html']);
      expect(printed).not.toMatch(/^  bodies /m);
      // A link to no page fails as any build does, naming the file and field, and writes nothing; fixed, it builds.
      const outputBefore = await tree(out);
      await edit('content/blog/trade-marketing-note-00108.md', (text) => `${text}\nSee [our pricing](/pricing).\n`);
      const broken = await build();
      expect(broken.code).toBe(1);
      expect(broken.stderr).toContain(
        'content/blog/trade-marketing-note-00108.md: body: links to "/pricing", which is not a page of this site',
      );
      expect(await tree(out)).toEqual(outputBefore);
      expect(
        await after(() =>
          edit('content/blog/trade-marketing-note-00108.md', (text) => text.replace('(/pricing)', '(/contact)')),
        ),
      ).toEqual(['blog/trade-marketing-note-00108.html']);
      expect(printed).toContain(`${bodiesOnly(1)}: blog/trade-marketing-note-00108.html`);

      // A title edited: the article and the one index page that lists it; the sitemap stays.
      const listing = await indexPageOf('trade-marketing-note-00101');
      expect(
        await after(() =>
          edit('content/blog/trade-marketing-note-00101.md', (text) =>
            text.replace(/^title: .*$/m, 'title: "Retitled While the Site Was Built"'),
          ),
        ),
      ).toEqual(['blog/trade-marketing-note-00101.html', listing].sort());

      // A date edited so that the article moves to the front: the article, every index page from there to where it was, the sitemap.
      const from = await indexPageOf('trade-marketing-note-00102');
      const fromPage = from === 'blog.html' ? 1 : Number(/(\d+)\.html$/.exec(from)![1]);
      expect(fromPage).toBeGreaterThan(2);
      const moved = await after(() =>
        edit('content/blog/trade-marketing-note-00102.md', (text) => text.replace(/^date: .*$/m, 'date: "2030-01-01"')),
      );
      expect(moved.filter((file) => !indexPages([file]).length)).toEqual([
        'blog/trade-marketing-note-00102.html',
        'sitemap.xml',
      ]);
      expect(indexPages(moved)).toEqual(
        ['blog.html', ...Array.from({ length: fromPage - 1 }, (_, index) => `blog/page/${index + 2}.html`)].sort(),
      );

      // An article added, one renamed (its file; its page keeps its slug), one deleted.
      const added = await after(() =>
        writeFile(
          articleFile('an-added-note'),
          generateArticle(900, 3).text.replace(/^slug: .*$/m, 'slug: "an-added-note"'),
        ),
      );
      expect(added).toEqual(expect.arrayContaining(['blog/an-added-note.html', 'sitemap.xml']));
      expect(indexPages(added).length).toBeGreaterThan(0);
      expect(
        await after(() => rename(articleFile('trade-marketing-note-00103'), articleFile('note-103-renamed'))),
      ).toEqual([]);
      const deleted = await after(() => unlink(articleFile('trade-marketing-note-00104')));
      expect(deleted).toEqual(expect.arrayContaining(['sitemap.xml']));
      expect(indexPages(deleted).length).toBeGreaterThan(0);
      await expect(stat(join(out, 'blog', 'trade-marketing-note-00104.html'))).rejects.toThrow();

      // The article template: every article's page, and no other.
      const template = await after(() =>
        edit('templates/pages/Article.tsx', (text) =>
          text.replace('<article className="mx-auto', '<article data-edited="yes" className="mx-auto'),
        ),
      );
      expect(template.every((file) => file.startsWith('blog/') && !indexPages([file]).length)).toBe(true);
      expect(template).toHaveLength((await readdir(join(project.dir, 'content', 'blog'))).length);

      // site.json (the phone number, in every header): every page.
      const everyPage = await after(() =>
        edit('content/site.json', (text) => text.replace(/"phone": "[^"]*"/, '"phone": "0808 157 0194"')),
      );
      expect(everyPage.filter((file) => file.endsWith('.html'))).toHaveLength(
        Object.keys(await tree(out)).filter((file) => file.endsWith('.html')).length,
      );
    },
  );

  it('keeps its cache in a git-ignored folder', async () => {
    const cache = await readdir(join(project.dir, '.sitegen', 'incremental'));
    expect(cache.some((file) => file.endsWith('.json'))).toBe(true);
    expect(await readFile(join(process.cwd(), '.gitignore'), 'utf8')).toMatch(/^\/\.sitegen\/$/m);
  });
});

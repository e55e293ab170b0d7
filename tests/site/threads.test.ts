/**
 * A blog past the size where articles are read and rendered on every core
 * (src/threads/): the index paginates, the pages the workers render hang
 * from the same trails, bad content read or rendered on a worker is refused
 * as on the main thread, Ctrl-C stops every thread, and the threaded build
 * writes byte for byte what a single thread writes. The builds run in this
 * process on the executable's build threads (lib/site-worker.js), but the one
 * Ctrl-C stops, which is the executable's.
 */
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeArticles } from '../../bench/scale/articles.js';
import { localLeads, runSitegenHeld, type CliResult } from '../support/cli';
import { tree } from '../support/output-tree';
import { copyProject, type ProjectCopy } from '../support/project-copy';

let project: ProjectCopy;
/** The build of the blog, on every thread, into `built/`: what each test reads, or keeps from a failed build. */
let threaded: CliResult;
beforeAll(async () => {
  project = await copyProject();
  // 250 articles: past the point where the build parses and renders on worker threads.
  await writeArticles(join(project.dir, 'content', 'blog'), 250, 3);
  threaded = await project.buildHere({ out: 'built', threads: true, quiet: false });
}, 120_000);
afterAll(() => project?.remove());

describe('a blog of 256 articles', () => {
  it('paginates the index at 12 per page, linked both ways, canonical and in the sitemap', async () => {
    expect(threaded.stderr).toBe('');
    const out = join(project.dir, 'built');
    const pages = Math.ceil(256 / 12);
    // Page 1 is /blog: its folder here holds the redirect to it, for hosts that read no _redirects.
    expect((await readdir(join(out, 'blog', 'page'))).sort()).toEqual(
      ['1', ...Array.from({ length: pages - 1 }, (_, i) => `${i + 2}.html`)].sort(),
    );
    expect(await readFile(join(out, 'blog', 'page', '1', 'index.html'), 'utf8')).toContain(
      '<meta http-equiv="refresh" content="0; url=https://www.tradeboostdigital.co.uk/blog"/>',
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
      expect(threaded.stderr).toBe('');
      const before = await tree(join(project.dir, 'built'));
      const file = join(project.dir, 'content/blog/trade-marketing-note-00210.md');
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
        [
          (text) => text.replace(/\n---\n[\s\S]*$/, '\n---\n \u00A0\n'),
          "body: is empty: write the page's words below the front matter",
        ],
      ];
      try {
        for (const [fault, message] of faults) {
          await writeFile(file, fault(text));
          const broken = await project.buildHere({ out: 'built', threads: true });
          expect(broken.code).toBe(1);
          expect(broken.stderr).toBe(`sitegen: content/blog/trade-marketing-note-00210.md: ${message}\n`);
          expect(await tree(join(project.dir, 'built'))).toEqual(before);
        }
      } finally {
        await writeFile(file, text);
      }
    },
  );

  it('a link to a missing page in an article rendered on a worker thread stops the build with the file, and leaves the output as it was', async () => {
    expect(threaded.stderr).toBe('');
    const before = await tree(join(project.dir, 'built'));
    const file = join(project.dir, 'content/blog/trade-marketing-note-00199.md');
    const text = await readFile(file, 'utf8');
    await writeFile(file, `${text}\nSee [our plumber page](/services/plumbers).\n`);
    try {
      const broken = await project.buildHere({ out: 'built', threads: true });
      expect(broken.code).toBe(1);
      expect(broken.stderr).toBe(
        `sitegen: content/blog/trade-marketing-note-00199.md: body: line ${text.split('\n').length + 1}: links to "/services/plumbers", which is neither a page of this site nor a file of public/: did you mean "/services/plumber"?\n`,
      );
      expect(await tree(join(project.dir, 'built'))).toEqual(before);
    } finally {
      await writeFile(file, text);
    }
  });

  it('Ctrl-C while threads scan and render stops them, leaves the output as it was and nothing new beside it, and exits 130', async () => {
    // Two builds, in this process: the second keeps the first's output beside its own, as stopped.previous.
    for (let run = 0; run < 2; run++) expect((await project.buildHere({ out: 'stopped' })).stderr).toBe('');
    const outputs = async () => (await readdir(project.dir)).filter((name) => name.startsWith('stopped')).sort();
    const before = { out: await tree(join(project.dir, 'stopped')), outputs: await outputs() };
    expect(before.outputs).toEqual(['stopped', 'stopped.previous']);
    const file = join(project.dir, 'content/blog/trade-marketing-note-00150.md');
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.replace(/^title: .*$/m, 'title: "Retitled, Then Interrupted"'));
    try {
      const interrupted = await runSitegenHeld(['build', '--out', 'stopped'], {
        cwd: project.dir,
        env: { ...localLeads, SITE_URL: undefined },
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
    expect(threaded.stderr).toBe('');
    expect(threaded.stdout).toContain(`articles read and rendered on ${availableParallelism()} threads`);
    // Without the worker script, everything on one thread.
    expect((await project.buildHere({ out: 'single' })).stderr).toBe('');
    expect(await tree(join(project.dir, 'built'))).toEqual(await tree(join(project.dir, 'single')));
  });
});

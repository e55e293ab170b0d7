/**
 * `sitegen build --incremental`: with nothing changed, it writes nothing and
 * says so; it builds again once an input the compilers read (package.json)
 * or the site's origin changed, a file of its output was removed by hand, a
 * file was edited in the same tick of the clock as the build that read it,
 * or its record of the last build cannot be read, and the output is then
 * byte for byte what a whole build writes. Each test has a project of its
 * own, built once incrementally before its edit
 * (tests/support/incremental-project.ts).
 */
import { readFile, readdir, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  after,
  builtProject,
  edit,
  incremental,
  project,
  threaded,
  useIncrementalProject,
  whole,
} from '../support/incremental-project';
import { modified, tree } from '../support/output-tree';

useIncrementalProject();

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

  it("moves every canonical URL, the sitemap and robots.txt with the site's origin", async () => {
    await builtProject();
    const written = await after(async () => undefined, { SITE_URL: 'https://moved.example.co.uk' });
    expect(written).toEqual(expect.arrayContaining(['robots.txt', 'sitemap.xml', 'about.html']));
    const about = await readFile(join(project!.dir, 'out', 'about.html'), 'utf8');
    expect(about).toContain('<link rel="canonical" href="https://moved.example.co.uk/about"/>');
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
});

/**
 * public/ is copied into the output as files: Markdown may show and link to its files, a link to one it does not have
 * is refused, and a link in it that leads nowhere stops every build with the output as it was.
 */
import { lstat, mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listFilesAndLinks } from '../../src/list-files';
import { buildCaseTimeout } from '../support/build-refusals';
import { fingerprint } from '../support/fingerprint';
import { copyProject, type ProjectCopy } from '../support/project-copy';
import { buildHere, contentWorkspace, removeWorkspaces } from '../support/workspace';

afterAll(removeWorkspaces);
vi.setConfig({ testTimeout: buildCaseTimeout });

// One project copy for the cases of public/, whose first build compiles the assets it keeps for the next. They run one
// at a time, each making public/ what it needs first, with content and output of its own.
describe('public/', () => {
  let project: ProjectCopy;
  beforeAll(async () => {
    project = await copyProject();
  });
  afterAll(() => project?.remove());

  /** public/ made anew by `fill` (given its path and a scratch folder), and the case's own content and output. */
  async function withPublic(fill: (publicDir: string, scratch: string) => Promise<unknown>) {
    const site = await contentWorkspace();
    const publicDir = join(project.dir, 'public');
    await rm(publicDir, { recursive: true, force: true });
    await fill(publicDir, site.dir);
    const out = join(site.dir, 'dist');
    const build = (incremental = false) => buildHere({ root: project.dir, content: site.content, out, incremental });
    return { ...site, out, build };
  }

  it('an image and a link to a file of public/ in Markdown build; a link to a file public/ does not have is refused', async () => {
    const site = await withPublic(async (dir) => {
      await mkdir(join(dir, 'files'), { recursive: true });
      await writeFile(join(dir, 'files', 'van.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
      await writeFile(join(dir, 'files', 'prices.pdf'), '%PDF-1.4\n');
    });
    const article = join(site.content, 'blog', 'local-seo-tips.md');
    const text = await readFile(article, 'utf8');
    await writeFile(article, `${text}\n![Our van](/files/van.svg)\n\n[Our prices](/files/prices.pdf)\n`);
    expect(await site.build()).toBe('');
    const $ = cheerio.load(await readFile(join(site.out, 'blog', 'local-seo-tips.html'), 'utf8'));
    expect($('main img[src="/files/van.svg"]').attr('alt')).toBe('Our van');
    expect($('main a[href="/files/prices.pdf"]').text()).toBe('Our prices');
    expect(await readFile(join(site.out, 'files', 'prices.pdf'), 'utf8')).toBe('%PDF-1.4\n');
    await writeFile(article, `${text}\n[Our prices](/files/price-list.pdf)\n`);
    expect(await site.build()).toMatch(
      /content\/blog\/local-seo-tips\.md: body: line \d+: links to "\/files\/price-list\.pdf", which is neither a page of this site nor a file of public\//,
    );
  });

  it('a link in public/ (or in a folder it links to) that leads nowhere stops every build, named, and leaves the output as it was', async () => {
    const site = await withPublic((dir) => mkdir(dir));
    expect(await site.build()).toBe('');
    const before = await fingerprint(site.out);
    await symlink(join(project.dir, 'no-such-file.txt'), join(project.dir, 'public', 'broken.txt'));
    for (const incremental of [false, true]) {
      expect(await site.build(incremental)).toBe(
        `sitegen: public/broken.txt: a link to "${join(project.dir, 'no-such-file.txt')}", which is not there: expected a file or a folder to copy into the output\n`,
      );
      expect(await fingerprint(site.out)).toEqual(before);
    }
    // Inside a folder public/ links to, as well: named, not met as a bare ENOENT while copying.
    await rm(join(project.dir, 'public', 'broken.txt'));
    const shared = join(site.dir, 'shared-files');
    await mkdir(shared);
    await symlink(join(shared, 'old-prices.pdf'), join(shared, 'prices.pdf'));
    await symlink(shared, join(project.dir, 'public', 'files'));
    expect(await site.build()).toBe(
      `sitegen: public/files/prices.pdf: a link to "${join(shared, 'old-prices.pdf')}", which is not there: expected a file or a folder to copy into the output\n`,
    );
    expect(await fingerprint(site.out)).toEqual(before);
  });

  // _headers has hosts keep every file of assets/ for a year (Netlify matches its paths in any letter case), right for
  // the build's names, which change with their content; a price list there, replaced under the same name, would stay
  // the old one in browsers that have it.
  it('a file of public/ in assets/, in any letter case, stops the build, named, the output as it was', async () => {
    const site = await withPublic((dir) => mkdir(dir));
    expect(await site.build()).toBe('');
    const before = await fingerprint(site.out);
    for (const folder of ['assets', 'Assets']) {
      await mkdir(join(project.dir, 'public', folder));
      await writeFile(join(project.dir, 'public', folder, 'price-list.pdf'), '%PDF-1.4\n');
      for (const incremental of [false, true]) {
        expect(await site.build(incremental)).toBe(
          `sitegen: public/${folder}/price-list.pdf: expected no file in assets/, which browsers keep for a year unchecked: move it elsewhere in public/\n`,
        );
        expect(await fingerprint(site.out)).toEqual(before);
      }
      await rm(join(project.dir, 'public', folder), { recursive: true });
    }
  });

  // Preview and dev serve no hidden file, which may hold secrets (a .env, a .git's remote with its credentials) or the
  // system's (.DS_Store): the build publishes none either, but those of /.well-known/ (security.txt, say).
  it("publishes no hidden file of public/ but /.well-known/'s, whole build or incremental; a link to one is refused", async () => {
    const hidden = ['.env', '.DS_Store', '.git/config', 'files/.secret.txt', '.well-known/.draft.txt'];
    const site = await withPublic(async (dir) => {
      for (const path of [...hidden, '.well-known/security.txt', 'files/prices.txt']) {
        await mkdir(join(dir, path, '..'), { recursive: true });
        await writeFile(join(dir, path), `${path}\n`);
      }
    });
    const hiddenOrText = (path: string) =>
      path.endsWith('.txt') || path.split('/').some((name) => name.startsWith('.'));
    const published = () => listFilesAndLinks(site.out).files.filter(hiddenOrText).sort();
    for (const incremental of [false, true]) {
      expect(await site.build(incremental)).toBe('');
      expect(published()).toEqual(['.well-known/security.txt', 'files/prices.txt', 'robots.txt']);
    }
    const article = join(site.content, 'blog', 'local-seo-tips.md');
    await writeFile(article, `${await readFile(article, 'utf8')}\n[Settings](/.env)\n`);
    expect(await site.build()).toMatch(
      /local-seo-tips\.md: body: line \d+: links to "\/\.env", which is neither a page of this site nor a file of public\//,
    );
  });

  it('public/ may be a link to a folder elsewhere: its files are copied, not the link', async () => {
    const site = await withPublic(async (dir, scratch) => {
      await mkdir(join(scratch, 'shared-public'));
      await writeFile(join(scratch, 'shared-public', 'prices.txt'), 'Call for a quote\n');
      await symlink(join(scratch, 'shared-public'), dir);
    });
    expect(await site.build()).toBe('');
    const copied = join(site.out, 'prices.txt');
    expect((await lstat(copied)).isFile()).toBe(true);
    expect(await readFile(copied, 'utf8')).toBe('Call for a quote\n');
  });
});

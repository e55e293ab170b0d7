/**
 * The output folder is refused, with nothing moved or written, where a build would replace the project, an input or
 * files it did not build; built into when new, empty or built by sitegen; and what someone keeps there or beside it
 * is left alone.
 */
import { execFile } from 'node:child_process';
import { lstat, mkdir, readFile, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildCaseTimeout } from '../support/build-refusals';
import { fingerprint } from '../support/fingerprint';
import { inProjectCopy } from '../support/project-copy';
import { siteUrl } from '../support/site';
import { buildHere, contentWorkspace, removeWorkspaces, workspace } from '../support/workspace';

afterAll(removeWorkspaces);
vi.setConfig({ testTimeout: buildCaseTimeout });

describe('the output folder', () => {
  const expected = 'expected a folder of its own, new, empty or built by sitegen (--out, dist/ by default)';

  it.concurrent(
    'is refused, named, with nothing moved or written, where a build would replace the project, an input or files it did not build',
    async () => {
      await inProjectCopy(async (project) => {
        await mkdir(join(project.dir, 'docs'));
        await mkdir(join(project.dir, 'public'), { recursive: true });
        await writeFile(join(project.dir, 'docs/guide.md'), '# How we work\n');
        await writeFile(join(project.dir, 'notes.txt'), 'not a folder\n');
        const before = await fingerprint(project.dir);
        // Folders are named from where sitegen runs: the project, for the executable; the tests' folder, for a build here.
        const refused: [string, (named: (path: string) => string) => string][] = [
          ['.', (named) => `output folder ${named('.')}: is the project itself, which a build would replace`],
          [
            '..',
            (named) => `output folder ${named('..')}: holds the project (${named('.')}), which a build would replace`,
          ],
          [
            'public',
            (named) =>
              `output folder ${named('public')}: is ${named('public')}, which every build copies into its output`,
          ],
          [
            'public/site',
            (named) =>
              `output folder ${named('public/site')}: is inside ${named('public')}, which every build copies into its output`,
          ],
          ['content', (named) => `output folder ${named('content')}: is ${named('content')}, which the build reads`],
          [
            'templates',
            (named) => `output folder ${named('templates')}: is ${named('templates')}, which the build renders with`,
          ],
          [
            '.sitegen',
            (named) => `output folder ${named('.sitegen')}: is ${named('.sitegen')}, the generator's working files`,
          ],
          [
            'docs',
            (named) =>
              `output folder ${named('docs')}: holds ${named('docs').slice(0, -1)}/guide.md, which sitegen did not build and a build would replace, then a later build delete`,
          ],
          ['notes.txt', (named) => `output folder ${named('notes.txt')}: is a file`],
        ];
        const here = (path: string) => `${relative(process.cwd(), join(project.dir, path)) || '.'}/`;
        for (const [out, message] of refused) {
          for (const incremental of [false, true]) {
            expect(await buildHere({ root: project.dir, out, incremental })).toBe(
              `sitegen: ${message(here)}; ${expected}\n`,
            );
          }
        }
        // The executable, run in the project, names them from it.
        const fromProject = (path: string) => (path === '.' ? './' : `${path}/`);
        for (const [out, message] of refused.slice(0, 2)) {
          const result = await project.build(['--out', out]);
          expect(result.stderr).toBe(`sitegen: ${message(fromProject)}; ${expected}\n`);
          expect(result.code).toBe(1);
        }
        // The disk's root holds every project: refused as such, not after listing the whole disk for a file sitegen did not build.
        expect((await project.build(['--out', '/'])).stderr).toBe(
          `sitegen: output folder ${relative(project.dir, '/')}/: holds the project (./), which a build would replace; ${expected}\n`,
        );
        expect(await fingerprint(project.dir)).toEqual(before);
        expect(
          (await readdir(project.dir)).filter((name) => /^(dist|docs|public|content)\b/.test(name)).sort(),
        ).toEqual(['content', 'docs', 'public']);
      });
    },
  );

  it.concurrent(
    "is built into when new, empty or built by sitegen, even with a file of every build's removed by hand; not once it holds a file no build writes",
    async () => {
      const { dir, content } = await contentWorkspace();
      const [fresh, empty] = [join(dir, 'new/site'), join(dir, 'empty')];
      await mkdir(empty);
      for (const out of [fresh, empty, empty]) expect(await buildHere({ content, out })).toBe('');
      expect(await fingerprint(fresh)).toEqual(await fingerprint(empty));
      await rm(join(empty, 'sitemap.xml'));
      expect(await buildHere({ content, out: empty })).toBe('');
      expect(await fingerprint(empty)).toEqual(await fingerprint(fresh));
      await writeFile(join(empty, 'notes.md'), 'mine\n');
      await rm(join(empty, 'robots.txt'));
      const named = relative(process.cwd(), empty);
      expect(await buildHere({ content, out: empty })).toBe(
        `sitegen: output folder ${named}/: holds ${named}/notes.md, which sitegen did not build and a build would replace, then a later build delete; ${expected}\n`,
      );
      expect(await readFile(join(empty, 'notes.md'), 'utf8')).toBe('mine\n');
      // A site made some other way, pages and assets/ alone, none of a build's sitemap, robots.txt, 404 page or headers.
      const old = join(dir, 'old-site');
      await mkdir(join(old, 'assets'), { recursive: true });
      for (const file of ['index.html', 'about.html', 'assets/site.css']) await writeFile(join(old, file), 'mine\n');
      const oldNamed = relative(process.cwd(), old);
      expect(await buildHere({ content, out: old })).toBe(
        `sitegen: output folder ${oldNamed}/: holds ${oldNamed}/about.html, which sitegen did not build and a build would replace, then a later build delete; ${expected}\n`,
      );
      expect(await readFile(join(old, 'about.html'), 'utf8')).toBe('mine\n');
    },
  );

  it.concurrent(
    "is built through a link (dist leading to a web server's folder): the link stays, its folder holds the site",
    async () => {
      const { dir, content } = await contentWorkspace();
      const [served, link] = [join(dir, 'www'), join(dir, 'linked')];
      await mkdir(served);
      await symlink(served, link);
      for (let build = 0; build < 2; build++) expect(await buildHere({ content, out: link })).toBe('');
      expect((await lstat(link)).isSymbolicLink()).toBe(true);
      expect(await readFile(join(served, 'robots.txt'), 'utf8')).toContain('Sitemap:');
    },
  );

  it.concurrent(
    'is refused, named with where it leads, when it is a link to a folder not there, before anything is written',
    async () => {
      const { dir, content } = await contentWorkspace();
      const [gone, link] = [join(dir, 'www'), join(dir, 'linked')];
      await symlink(gone, link);
      const named = relative(process.cwd(), link);
      for (const incremental of [false, true])
        expect(await buildHere({ content, out: link, incremental })).toBe(
          `sitegen: output folder ${named}/: is a link to "${gone}", which is not there; ${expected}\n`,
        );
      expect((await lstat(link)).isSymbolicLink()).toBe(true);
      expect((await readdir(dir)).filter((name) => name.startsWith('linked')).sort()).toEqual(['linked']);
    },
  );

  // A volume is a file system of its own; a folder bound from the same disk (a Docker bind mount) has its parent's device.
  it.concurrent.for([
    ['a volume', ['-t', 'tmpfs', 'sitegen-volume']],
    ['a folder bound from the same disk', ['--bind', 'bound']],
  ] as const)(
    'is refused, named, when it is a mount point (%s), which cannot be renamed; a folder inside it is built into',
    async ([, how], { skip }) => {
      const { dir, content } = await contentWorkspace();
      const volume = join(dir, 'volume');
      await mkdir(volume);
      await mkdir(join(dir, 'bound'));
      // Mounting takes root, and a container's root the right to mount, which CI's container is not given: skipped there.
      const mounted = await promisify(execFile)('mount', [...how, volume], { cwd: dir }).catch(() => undefined);
      if (!mounted) skip(`mount ${how[0]} is not allowed here`);
      try {
        const named = relative(process.cwd(), volume);
        for (const incremental of [false, true])
          expect(await buildHere({ content, out: volume, incremental })).toBe(
            `sitegen: output folder ${named}/: is a mount point (a Docker volume, say), which cannot be replaced: --out a folder inside it; ${expected}\n`,
          );
        expect(await readdir(volume)).toEqual([]);
        expect((await readdir(dir)).filter((name) => name.startsWith('volume')).sort()).toEqual(['volume']);
        expect(await buildHere({ content, out: join(volume, 'site') })).toBe('');
        expect(await readFile(join(volume, 'site/robots.txt'), 'utf8')).toContain('Sitemap:');
      } finally {
        await promisify(execFile)('umount', [volume]);
      }
    },
  );

  it.concurrent('keeps a git repository someone keeps in it, through every build, and only there', async () => {
    const site = await workspace();
    const repository = join(site.out, '.git');
    await mkdir(join(repository, 'refs/heads'), { recursive: true });
    await writeFile(join(repository, 'HEAD'), 'ref: refs/heads/main\n');
    await writeFile(join(repository, 'refs/heads/main'), '0123456789abcdef0123456789abcdef01234567\n');
    const kept = await fingerprint(repository);
    for (const title of ['Retitled Once', 'Retitled Twice', 'Retitled Three Times']) {
      await site.edit('blog/google-ads-guide.md', (text) => text.replace(/^title: .*$/m, `title: "${title}"`));
      expect(await site.buildHere()).toBe('');
      expect(await readFile(join(site.out, 'blog/google-ads-guide.html'), 'utf8')).toContain(title);
      expect(await fingerprint(repository)).toEqual(kept);
      await expect(stat(join(site.dir, 'dist.previous/.git'))).rejects.toThrow();
    }
    // A file of every build's removed by hand: the folder is still the output, its repository still no stranger's.
    await rm(join(site.out, 'sitemap.xml'));
    expect(await buildHere({ content: site.content, out: site.out, siteUrl: siteUrl(), incremental: true })).toBe('');
    expect(await fingerprint(repository)).toEqual(kept);
  });

  it.concurrent('leaves alone a folder named as the output before last that no build left there', async () => {
    const { dir, content } = await contentWorkspace();
    await mkdir(join(dir, 'dist.previous'));
    await writeFile(join(dir, 'dist.previous/keep-me.txt'), 'mine\n');
    for (let run = 0; run < 3; run++) expect(await buildHere({ content, out: join(dir, 'dist') })).toBe('');
    expect(await readdir(join(dir, 'dist.previous'))).toEqual(['keep-me.txt']);
  });
});

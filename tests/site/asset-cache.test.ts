/**
 * The stylesheet, the browser bundles and the compiled templates are reused
 * from the last build while the code they are made from is unchanged, and
 * made again, with the change in them, as soon as it is not. The builds run
 * in this process, each case from a project of its own with no cache yet.
 */
import { readFile, readdir, rename, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config';
import { DevSite } from '../../src/dev/dev-site';
import { tree } from '../support/output-tree';
import { buildInProcess, copyProject, writeSettled, type ProjectCopy } from '../support/project-copy';

let project: ProjectCopy;
// A project of its own for each case: what one case leaves in the cache (an edited template, its compilations) is what
// another must not start with.
beforeEach(async () => {
  project = await copyProject({ caches: false });
});
afterEach(() => project?.remove());

const build = () => project.buildHere({ out: 'dist', quiet: false });
const reusedLines = (stdout: string) =>
  stdout.split('\n').filter((line) => line.includes('unchanged since the last build: reused'));

async function stylesheet(): Promise<string> {
  const assets = await readdir(join(project.dir, 'dist', 'assets'));
  return readFile(
    join(
      project.dir,
      'dist',
      'assets',
      assets.find((name) => name.endsWith('.css'))!,
    ),
    'utf8',
  );
}

describe('the asset cache', () => {
  it(
    'reuses the assets while their code is unchanged, and makes them again, changed, when it is not',
    { timeout: 60_000 },
    async () => {
      const first = await build();
      expect(first.code).toBe(0);
      expect(reusedLines(first.stdout)).toEqual([]);
      const firstOutput = await tree(join(project.dir, 'dist'));

      // Content alone changed: the assets come from the cache, and the site is what a fresh run makes.
      const again = await build();
      expect(again.code).toBe(0);
      expect(reusedLines(again.stdout).map((line) => line.trim().split(/\s+/)[0])).toEqual([
        'styles',
        'islands',
        'templates',
      ]);
      expect(await tree(join(project.dir, 'dist'))).toEqual(firstOutput);

      // A template with a class no other file uses: styles and templates are made again, with it.
      expect(await stylesheet()).not.toContain('underline-offset-8');
      const about = join(project.dir, 'templates', 'pages', 'About.tsx');
      const source = await readFile(about, 'utf8');
      const changed = source.replace(
        'className="bg-brand-light py-16 md:py-20"',
        'data-edited="yes" className="underline-offset-8 bg-brand-light py-16 md:py-20"',
      );
      expect(changed).not.toBe(source);
      // Saved a while ago, as a file is by the time anyone builds again: its time vouches for it.
      await writeSettled(about, changed);
      const edited = await build();
      expect(edited.code).toBe(0);
      expect(reusedLines(edited.stdout)).toEqual([]);
      expect(await stylesheet()).toContain('underline-offset-8');
      expect(await readFile(join(project.dir, 'dist', 'about.html'), 'utf8')).toContain('data-edited="yes"');

      // And reused again once it is the last build's code.
      expect(reusedLines((await build()).stdout)).toHaveLength(3);
    },
  );

  it('keeps its assets for a checkout moved elsewhere with its files and their times', async () => {
    expect((await build()).code).toBe(0);
    const moved = `${project.dir}-moved`;
    await rename(project.dir, moved);
    try {
      const there = await buildInProcess(moved, { out: 'dist', quiet: false });
      expect(there.stderr).toBe('');
      expect(reusedLines(there.stdout)).toHaveLength(3);
    } finally {
      await rename(moved, project.dir);
    }
  });

  it(
    "keeps the dev server's assets (stable names) apart from the build's (hashed): neither start evicts the other's",
    { timeout: 60_000 },
    async () => {
      /** The stages a dev server's start took from the cache. */
      const devStart = async () => {
        const reused: string[] = [];
        const onStage = (stage: string, detail: string) => detail.endsWith(': reused') && reused.push(stage);
        const site = new DevSite(resolveConfig({ root: project.dir }, {}), {
          generator: 'the generator under test',
          onStage,
        });
        try {
          await site.update();
        } finally {
          site.close();
        }
        return reused;
      };
      expect((await build()).code).toBe(0);
      expect(await devStart()).toEqual([]);
      expect(reusedLines((await build()).stdout)).toHaveLength(3);
      expect(await devStart()).toEqual(['styles', 'islands', 'templates']);
    },
  );

  it(
    'removes earlier compilations of the templates once stale, keeping the one it reuses and any a build may still be using',
    { timeout: 60_000 },
    async () => {
      const cacheDir = join(project.dir, '.sitegen');
      const compilations = async () => (await readdir(cacheDir)).filter((name) => name.startsWith('templates-')).sort();
      const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
      expect((await build()).code).toBe(0);
      const reused = (
        JSON.parse(await readFile(join(cacheDir, 'assets.json'), 'utf8')) as { templates: { module: string } }
      ).templates.module;
      // Left by earlier edits: one eleven minutes old, one a build in another process wrote a minute ago.
      await writeFile(join(cacheDir, 'templates-0000000000000001.mjs'), 'export {};\n');
      await utimes(join(cacheDir, 'templates-0000000000000001.mjs'), minutesAgo(11), minutesAgo(11));
      await writeFile(join(cacheDir, 'templates-0000000000000002.mjs'), 'export {};\n');
      await utimes(join(cacheDir, 'templates-0000000000000002.mjs'), minutesAgo(1), minutesAgo(1));
      // The compilation the cache holds, last written an hour ago: reusing it marks it as in use.
      await utimes(join(cacheDir, reused), minutesAgo(60), minutesAgo(60));
      expect(reusedLines((await build()).stdout)).toHaveLength(3);
      expect((await stat(join(cacheDir, reused))).mtimeMs).toBeGreaterThan(minutesAgo(1).getTime());

      const about = join(project.dir, 'templates', 'pages', 'About.tsx');
      const source = await readFile(about, 'utf8');
      try {
        const edited = source.replace(
          'bg-brand-light py-16 md:py-20"',
          'bg-brand-light py-16 md:py-20" data-compiled="again"',
        );
        expect(edited).not.toBe(source);
        await writeFile(about, edited);
        expect((await build()).code).toBe(0);
        const current = (
          JSON.parse(await readFile(join(cacheDir, 'assets.json'), 'utf8')) as { templates: { module: string } }
        ).templates.module;
        expect(current).not.toBe(reused);
        // The stale one is gone; the rest (this file's earlier builds' among them) are younger or in use.
        const left = await compilations();
        expect(left).not.toContain('templates-0000000000000001.mjs');
        expect(left).toEqual(expect.arrayContaining(['templates-0000000000000002.mjs', reused, current]));
      } finally {
        await writeFile(about, source);
      }
    },
  );
});

/**
 * What the tests of `sitegen build --incremental` (tests/site/incremental-*.test.ts)
 * share: a project built once, whose caches every test's project starts with;
 * each test's project of its own, built once incrementally before its edit and
 * removed after it; and the builds that hold an incremental build to a whole one.
 */
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { writeArticles } from '../../bench/scale/articles.js';
import { modified, rewritten, tree } from './output-tree';
import { copyProject, writeSettled, type ProjectCopy } from './project-copy';

/** A project built once, whose caches (assets, cards) every test's project starts with: its edits make only what they change. */
let seed: ProjectCopy;
// Set by builtProject and useIncrementalProject's hooks, for the test running: the files read them as live bindings.
export let project: ProjectCopy | undefined;
/** Whether this test's incremental builds read and render the articles on the build threads. */
export let threaded = false;

/**
 * The calling file's seed, built before its tests and removed after them, and
 * each test's project removed after it. Called at the top of each file, not on
 * import: vitest loads this module once for all the files a worker runs.
 */
export function useIncrementalProject(): void {
  beforeAll(async () => {
    seed = await copyProject({ caches: false });
    expect((await seed.buildHere({ out: 'out' })).stderr).toBe('');
  });
  afterAll(() => seed?.remove());
  afterEach(async () => {
    await project?.remove();
    threaded = false;
  });
}

/** A project of its own, built once incrementally into `out/`; with `articles`, a blog the build threads read. */
export async function builtProject(articles = 0): Promise<ProjectCopy> {
  project = await copyProject({ caches: seed.dir });
  // The project has no file of public/ yet; its tests add some.
  await mkdir(join(project.dir, 'public'), { recursive: true });
  if (articles) await writeArticles(join(project.dir, 'content', 'blog'), articles, 5);
  threaded = articles > 0;
  expect((await incremental()).stderr).toBe('');
  return project;
}

export const incremental = (env: NodeJS.ProcessEnv = {}) =>
  project!.buildHere({ incremental: true, out: 'out', env, quiet: false, threads: threaded });

/** A whole build of the same project into a folder of its own. */
export async function whole(env: NodeJS.ProcessEnv = {}): Promise<Record<string, string>> {
  await rm(join(project!.dir, 'whole'), { recursive: true, force: true });
  expect((await project!.buildHere({ out: 'whole', env })).stderr).toBe('');
  return tree(join(project!.dir, 'whole'));
}

/** Makes `change`, builds incrementally, checks the output against a whole build, and says which files were written. */
export async function after(change: () => Promise<unknown>, env: NodeJS.ProcessEnv = {}): Promise<string[]> {
  const out = join(project!.dir, 'out');
  const before = await modified(out);
  await change();
  const result = await incremental(env);
  expect(result.stderr).toBe('');
  expect(await tree(out)).toEqual(await whole(env));
  return rewritten(before, await modified(out));
}

/** An edit of a project file, saved a while ago (its time vouches for it: see src/file-versions.ts). */
export async function edit(path: string, change: (text: string) => string): Promise<void> {
  const file = join(project!.dir, path);
  const text = await readFile(file, 'utf8');
  expect(change(text)).not.toBe(text);
  await writeSettled(file, change(text));
}

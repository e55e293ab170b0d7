/**
 * A scratch copy of the project (content, templates, islands, shared lead
 * code, public, package files; node_modules linked), for tests that edit any
 * of it and build with the real executable; with `generator`, the generator
 * too (its source, lib/ compiled from it, bin/ and scripts/), run from the
 * copy, for tests of the generator's own files.
 */
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cacheFiles } from '../../src/cache-files';
import { projectRoot, runSitegen, type CliResult } from './cli';

export interface ProjectCopy {
  dir: string;
  /** Runs `sitegen` in the copy: the copy's own when it holds the generator, else the project's. */
  run(args: string[], env?: NodeJS.ProcessEnv): Promise<CliResult>;
  /** Builds quietly unless `quiet` is false (to read the build's own lines). */
  build(args?: string[], env?: NodeJS.ProcessEnv, options?: { quiet?: boolean }): Promise<CliResult>;
  remove(): Promise<void>;
}

const projectPaths = ['content', 'templates', 'islands', 'public', 'supabase', 'package.json', 'package-lock.json'];
const generatorPaths = ['bin', 'lib', 'scripts', 'src'];

export async function copyProject(options: { generator?: boolean } = {}): Promise<ProjectCopy> {
  const dir = await mkdtemp(join(tmpdir(), 'sitegen-project-'));
  for (const path of [...projectPaths, ...(options.generator ? generatorPaths : [])]) {
    // Copied with their times, as a checkout keeps them: files written just now are read again by every build (file-versions.ts).
    if (existsSync(join(projectRoot, path)))
      await cp(join(projectRoot, path), join(dir, path), { recursive: true, preserveTimestamps: true });
  }
  // The social cards and renditions the project's own builds made, as a developer's checkout has them: keyed by
  // what they are made from, so a copy draws only what its edits change, not every card of the site again.
  const images = cacheFiles(join(projectRoot, '.sitegen')).imagesDir;
  // A cache: a file another build removes meanwhile only means a slower build here.
  if (existsSync(images))
    await cp(images, cacheFiles(join(dir, '.sitegen')).imagesDir, { recursive: true }).catch(() => undefined);
  await symlink(join(projectRoot, 'node_modules'), join(dir, 'node_modules'));
  const executable = options.generator ? join(dir, 'bin', 'sitegen.js') : undefined;
  const run = (args: string[], env: NodeJS.ProcessEnv = {}) => runSitegen(args, { cwd: dir, env, executable });
  return {
    dir,
    run,
    build: (args = [], env = {}, { quiet = true } = {}) =>
      run(['build', ...(quiet ? ['--quiet'] : []), ...args], {
        SUPABASE_URL: '',
        SITE_URL: undefined,
        CMS_REPO: undefined,
        CMS_BRANCH: undefined,
        CMS_AUTH_URL: undefined,
        ...env,
      }),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/** Runs `test` in a scratch copy of the project, removed afterwards whatever the test's outcome. */
export async function inProjectCopy<T>(
  test: (project: ProjectCopy) => Promise<T>,
  options: { generator?: boolean } = {},
): Promise<T> {
  const project = await copyProject(options);
  try {
    return await test(project);
  } finally {
    await project.remove();
  }
}

let lastSettled = 0;

/**
 * Writes a file and dates it a while back, as if saved before the build
 * that reads it: a file written within the last moments is one whose time
 * cannot vouch for it (src/file-versions.ts), and every build reads it
 * again. Each write gets a time of its own.
 */
export async function writeSettled(path: string, content: string | Uint8Array): Promise<void> {
  await writeFile(path, content);
  lastSettled = Math.max(lastSettled + 1, Date.now() - 10_000);
  const time = new Date(lastSettled);
  await utimes(path, time, time);
}

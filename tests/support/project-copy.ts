/**
 * A scratch copy of the project (content, templates, islands, shared lead
 * code, public, package files; node_modules linked), with the caches the
 * project's own builds left, for tests that edit any of it and build, in
 * this process (`buildHere`) or with the real executable (`build`); with
 * `generator`, the generator too (its source and the editor's, lib/ compiled
 * from them, bin/ and scripts/), run from the copy, for tests of the generator's own files.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import { cacheFiles } from '../../src/cache-files';
import { SitegenError } from '../../src/errors';
import { generatorVersion } from '../../src/generator-version';
import { build, type BuildCommandOptions } from '../../src/pipeline/build';
import { localLeads, projectRoot, runSitegen, type CliResult } from './cli';

export interface ProjectCopy {
  dir: string;
  /** Runs `sitegen` in the copy: the copy's own when it holds the generator, else the project's. */
  run(args: string[], env?: NodeJS.ProcessEnv): Promise<CliResult>;
  /** Builds quietly unless `quiet` is false (to read the build's own lines). */
  build(args?: string[], env?: NodeJS.ProcessEnv, options?: { quiet?: boolean }): Promise<CliResult>;
  /**
   * The same build in this process, from source, for tests of what it writes
   * rather than of the process: what it prints, and the message of the error
   * it ends with as the CLI prints it, as the executable's result.
   */
  buildHere(options?: HereOptions): Promise<CliResult>;
  remove(): Promise<void>;
}

/**
 * The build's options (quiet unless `quiet` is false), and the environment it
 * reads, as `build`'s `env`; with `threads`, a large blog's articles read and
 * rendered on the executable's build threads (lib/site-worker.js), as
 * `sitegen build` does, rather than all on this thread.
 */
export type HereOptions = Omit<BuildCommandOptions, 'root' | 'generator' | 'workerUrl'> & {
  env?: NodeJS.ProcessEnv;
  threads?: boolean;
};

const projectPaths = [
  'content',
  'templates',
  'islands',
  'public',
  'supabase',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
];
// admin/: the editor's collections, which the editor's backend (src/admin/) keeps its writes to.
const generatorPaths = ['admin', 'bin', 'lib', 'scripts', 'src'];

export interface CopyOptions {
  /** The generator too, run from the copy. */
  generator?: boolean;
  /**
   * The project folder whose caches the copy starts with (a copy built
   * already), the project's by default, or none. The compiled templates name
   * the packages they bundle by their path from the project, which the
   * copy's linked node_modules changes: a copy that took them from the
   * project renders every page again on its first edit of a template.
   */
  caches?: string | false;
}

export async function copyProject(options: CopyOptions = {}): Promise<ProjectCopy> {
  const dir = await mkdtemp(join(tmpdir(), 'sitegen-project-'));
  const paths = [...projectPaths, ...(options.generator ? generatorPaths : [])].filter((path) =>
    existsSync(join(projectRoot, path)),
  );
  // Copied with their times to the nanosecond, as a checkout moved keeps them (fs.cp keeps only milliseconds): files
  // written just now are read again by every build, and a file's time is its version (file-versions.ts).
  await promisify(execFile)('cp', ['-a', ...paths, dir], { cwd: projectRoot });
  if (options.caches !== false) await copyCaches(options.caches ?? projectRoot, dir);
  await symlink(join(projectRoot, 'node_modules'), join(dir, 'node_modules'));
  const executable = options.generator ? join(dir, 'bin', 'sitegen.js') : undefined;
  const run = (args: string[], env: NodeJS.ProcessEnv = {}) => runSitegen(args, { cwd: dir, env, executable });
  return {
    dir,
    run,
    build: (args = [], env = {}, { quiet = true } = {}) =>
      run(['build', ...(quiet ? ['--quiet'] : []), ...args], { ...buildEnv, ...env }),
    buildHere: (here = {}) => buildInProcess(dir, here),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/** What a build reads from the environment, as a bare shell has it: no site address, backend or editor repository. */
const buildEnv: NodeJS.ProcessEnv = {
  ...localLeads,
  SITE_URL: undefined,
  CMS_REPO: undefined,
  CMS_BRANCH: undefined,
  CMS_AUTH_URL: undefined,
};

/**
 * The caches the project's own builds left, as a developer's checkout has
 * them: the social cards and renditions, keyed by what they are made from,
 * and the stylesheet, scripts and compiled templates, keyed by the code of
 * the project (relative to it) and the generator. A copy's first build makes
 * only what its edits change, not every asset and card of the site again.
 * A cache: a file another build replaces meanwhile only means a slower build here.
 */
async function copyCaches(project: string, dir: string): Promise<void> {
  const from = cacheFiles(join(project, '.sitegen'));
  const to = cacheFiles(join(dir, '.sitegen'));
  if (existsSync(from.imagesDir)) await cp(from.imagesDir, to.imagesDir, { recursive: true }).catch(() => undefined);
  await mkdir(join(dir, '.sitegen'), { recursive: true });
  for (const dev of [false, true]) {
    try {
      const entry = await readFile(from.assets(dev), 'utf8');
      const { module } = (JSON.parse(entry) as { templates: { module: string } }).templates;
      await copyFile(join(from.templatesDir, module), join(to.templatesDir, module));
      await writeFile(to.assets(dev), entry);
    } catch {
      // No such cache yet, or one replaced while read.
    }
  }
}

/**
 * The version the executable gives itself: lib/ is this src/ compiled (the
 * executable compiles it again when stale, as the global setup's build
 * did), so a build here and one by the executable share the copy's caches.
 */
const compiledGenerator = (dir: string) => generatorVersion(dir, join(projectRoot, 'lib'));
/** The executable's build worker, compiled from src/threads/site-worker.ts with the rest of lib/. */
const compiledWorker = pathToFileURL(join(projectRoot, 'lib', 'site-worker.js'));

/** `sitegen build` in the project folder `dir`, in this process: see ProjectCopy's `buildHere`. */
export async function buildInProcess(dir: string, { env = {}, threads, ...options }: HereOptions): Promise<CliResult> {
  const set = (variables: NodeJS.ProcessEnv) => {
    for (const [name, value] of Object.entries(variables)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
  const changed = { ...buildEnv, ...env };
  const saved = Object.fromEntries(Object.keys(changed).map((name) => [name, process.env[name]]));
  set(changed);
  let stdout = '';
  const write = process.stdout.write;
  process.stdout.write = ((chunk: string | Uint8Array) => {
    stdout += String(chunk);
    return true;
  }) as typeof process.stdout.write;
  try {
    const workerUrl = threads ? compiledWorker : undefined;
    await build({ quiet: true, ...options, root: dir, generator: await compiledGenerator(dir), workerUrl });
    return { code: 0, stdout, stderr: '' };
  } catch (error) {
    if (!(error instanceof SitegenError || (error as NodeJS.ErrnoException).syscall)) throw error;
    return { code: 1, stdout, stderr: `sitegen: ${(error as Error).message}\n` };
  } finally {
    process.stdout.write = write;
    set(saved);
  }
}

/** Runs `test` in a scratch copy of the project, removed afterwards whatever the test's outcome. */
export async function inProjectCopy<T>(
  test: (project: ProjectCopy) => Promise<T>,
  options: CopyOptions = {},
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

/** Edits an article's front matter in the project copy, saved a while ago so the content index may trust its time. */
export async function editArticle(project: ProjectCopy, slug: string, change: (text: string) => string): Promise<void> {
  const file = join(project.dir, 'content', 'blog', `${slug}.md`);
  const text = await readFile(file, 'utf8');
  expect(change(text)).not.toBe(text);
  await writeSettled(file, change(text));
}

/** An article's front matter marked `draft: true`. */
export const markDraft = (text: string) => text.replace(/^readTime:/m, 'draft: true\nreadTime:');

/** Each legal page last updated on a day before a test's clock: a build refuses an updated date still to come. */
export async function backdateLegalPages(contentDir: string, day = '2026-01-01'): Promise<void> {
  for (const name of await readdir(join(contentDir, 'legal'))) {
    const file = join(contentDir, 'legal', name);
    await writeSettled(file, (await readFile(file, 'utf8')).replace(/^updated: .*$/m, `updated: "${day}"`));
  }
}

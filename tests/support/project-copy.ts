/**
 * A scratch copy of the project (content, templates, islands, shared lead
 * code, public, package files; node_modules linked), for tests that edit any
 * of it and build with the real executable.
 */
import { cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot, runSitegen, type CliResult } from './cli';

export interface ProjectCopy {
  dir: string;
  /** Builds quietly unless `quiet` is false (to read the build's own lines). */
  build(args?: string[], env?: NodeJS.ProcessEnv, options?: { quiet?: boolean }): Promise<CliResult>;
  remove(): Promise<void>;
}

export async function copyProject(): Promise<ProjectCopy> {
  const dir = await mkdtemp(join(tmpdir(), 'sitegen-project-'));
  for (const path of ['content', 'templates', 'islands', 'public', 'supabase', 'package.json', 'package-lock.json']) {
    await cp(join(projectRoot, path), join(dir, path), { recursive: true });
  }
  await symlink(join(projectRoot, 'node_modules'), join(dir, 'node_modules'));
  return {
    dir,
    build: (args = [], env = {}, { quiet = true } = {}) =>
      runSitegen(['build', ...(quiet ? ['--quiet'] : []), ...args], {
        cwd: dir,
        env: { SUPABASE_URL: '', SITE_URL: undefined, ...env },
      }),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/** Runs `test` in a scratch copy of the project, removed afterwards whatever the test's outcome. */
export async function inProjectCopy<T>(test: (project: ProjectCopy) => Promise<T>): Promise<T> {
  const project = await copyProject();
  try {
    return await test(project);
  } finally {
    await project.remove();
  }
}

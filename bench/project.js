/**
 * A scratch copy of the project for a benchmark (content, templates,
 * islands, the shared lead code, public, package files; node_modules
 * linked), so that its runs can empty the generator's working files
 * (.sitegen/) without touching the real project's (its local leads among
 * them). `sitegen` runs from it as a user would, with the real executable.
 * Optionally, `articles` generated articles are added to its blog, written a
 * minute ago as a site's would have been (the content index trusts a file's
 * time only once it has settled).
 */
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, rm, symlink, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeArticles } from './scale/articles.js';
import { measure } from './measure.js';

export const root = fileURLToPath(new URL('..', import.meta.url));

export async function benchProject(dir, { articles = 0, seed = 7 } = {}) {
  await mkdir(dir, { recursive: true });
  for (const path of [
    'content',
    'templates',
    'islands',
    'public',
    'supabase',
    'package.json',
    'package-lock.json',
    'tsconfig.json',
  ]) {
    // With their times, as a checkout keeps them: a file written moments ago is read again by every build.
    if (existsSync(join(root, path)))
      await cp(join(root, path), join(dir, path), { recursive: true, preserveTimestamps: true });
  }
  await symlink(join(root, 'node_modules'), join(dir, 'node_modules'));
  if (articles > 0) {
    const blog = join(dir, 'content', 'blog');
    const slugs = await writeArticles(blog, articles, seed);
    const aMinuteAgo = new Date(Date.now() - 60_000);
    await Promise.all(slugs.map((slug) => utimes(join(blog, `${slug}.md`), aMinuteAgo, aMinuteAgo)));
  }
  const env = { ...process.env, SUPABASE_URL: '', SUPABASE_ANON_KEY: '', SITE_URL: '' };
  return {
    dir,
    content: join(dir, 'content'),
    /** Runs `sitegen <args>` in the copy, the executable itself as a user runs it; measured as bench/measure.js measures. */
    sitegen: (args) => measure(join(root, 'bin', 'sitegen.js'), args, { cwd: dir, env }),
    /**
     * The generator's working files: the content index, the asset cache, the compiled templates and, unless
     * `keepImages`, the images made (a social card per article: what a first build spends most on).
     */
    forget: async ({ keepImages = false } = {}) => {
      const kept = join(dir, '.sitegen');
      const names = keepImages && existsSync(kept) ? (await readdir(kept)).filter((name) => name !== 'images') : ['.'];
      await Promise.all(names.map((name) => rm(join(kept, name), { recursive: true, force: true })));
    },
    env,
  };
}

import { statSync } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { SitegenError } from '../errors';
import type { SiteSource } from './static-site';

/** Read on every request so a rebuild shows at once. A symbolic link leading outside `dir` is a missing file. */
export function diskSource(dir: string): SiteSource {
  let root: string | undefined;
  return {
    async read(path) {
      try {
        root ??= await realpath(dir);
        const file = await realpath(join(dir, path));
        return !file.startsWith(root + sep) || !(await stat(file)).isFile() ? undefined : await readFile(file);
      } catch {
        return undefined;
      }
    },
  };
}

export function builtSite(options: { root?: string; dir?: string }): { root: string; dir: string } {
  const root = resolve(options.root ?? process.cwd());
  const dir = resolve(root, options.dir ?? 'dist');
  if (statSync(dir, { throwIfNoEntry: false })?.isDirectory() === false)
    throw new SitegenError(`--dir: expected the folder of a built site, found the file ${dir}`);
  if (!statSync(join(dir, 'index.html'), { throwIfNoEntry: false })?.isFile())
    throw new SitegenError(`${dir} holds no built site: run \`sitegen build\` first`);
  return { root, dir };
}

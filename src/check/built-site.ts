import { readFile } from 'node:fs/promises';
import fg from 'fast-glob';
import type { BuiltPage } from './types';

/** Every HTML page of a built site, with the URL path a static host serves it at. */
export async function readBuiltPages(dir: string): Promise<BuiltPage[]> {
  const files = (await fg('**/*.html', { cwd: dir })).sort();
  return Promise.all(
    files.map(async (file) => ({
      path: file === 'index.html' ? '/' : `/${file.replace(/(\/index)?\.html$/, '')}`,
      file,
      html: await readFile(`${dir}/${file}`, 'utf8'),
    })),
  );
}

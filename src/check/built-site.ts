import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { listFiles } from '../list-files';
import type { BuiltPage } from './types';

/** Every HTML page of a built site, with the URL path a static host serves it at. */
export async function readBuiltPages(dir: string): Promise<BuiltPage[]> {
  const files = listFiles(dir).filter((file) => file.endsWith('.html'));
  return Promise.all(
    files.map(async (file) => ({
      path: file === 'index.html' ? '/' : `/${file.replace(/(\/index)?\.html$/, '')}`,
      file,
      html: await readFile(`${dir}/${file}`, 'utf8'),
    })),
  );
}

/** Whether the built site has a file at a URL path: a static host answers 404 for a folder. */
export function isBuiltFile(dir: string, path: string): boolean {
  return statSync(join(dir, path), { throwIfNoEntry: false })?.isFile() ?? false;
}

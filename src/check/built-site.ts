import { readFile } from 'node:fs/promises';
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

import { readFile } from 'node:fs/promises';
import { listFiles } from '../list-files';
import { fileFor } from '../paths';
import { parseRedirectsFile } from '../server/redirects-file';
import type { BuiltPage } from './types';

/**
 * Every HTML page of a built site, with the URL path a static host serves it
 * at: its pages, and apart from them the pages left at redirected paths for
 * hosts that read no _redirects file, which only send the browser on.
 */
export async function readBuiltPages(dir: string): Promise<{ pages: BuiltPage[]; redirectPages: BuiltPage[] }> {
  const redirects = parseRedirectsFile(await readFile(`${dir}/_redirects`, 'utf8').catch(() => ''));
  const redirected = new Set([...redirects.keys()].map(fileFor));
  const files = listFiles(dir).filter((file) => file.endsWith('.html'));
  const read = await Promise.all(
    files.map(async (file) => ({
      path: file === 'index.html' ? '/' : `/${file.replace(/(\/index)?\.html$/, '')}`,
      file,
      html: await readFile(`${dir}/${file}`, 'utf8'),
    })),
  );
  return {
    pages: read.filter((page) => !redirected.has(page.file)),
    redirectPages: read.filter((page) => redirected.has(page.file)),
  };
}

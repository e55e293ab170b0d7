/** A built site as a static host serves it: its pages by URL path, what their elements name, and its other files. */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CheerioAPI } from 'cheerio';
import { editorPath } from '../admin/editor-page';
import { listFiles } from '../list-files';
import { redirectPageFile } from '../paths';
import { parseRedirectsFile } from '../server/redirects-file';
import { unlessThrown } from '../unless-thrown';

/**
 * Every page by the URL path a static host serves it at; apart, the pages left at redirected paths for hosts that read
 * no _redirects. The content editor (/admin) is the agency's tool, noindex and out of the sitemap: the gates skip it, as
 * they skip a file of `publicDir` copied as it is (a search engine's verification file), which is no page of the site.
 */
export async function readBuiltPages(dir: string, publicDir: string) {
  const redirects = parseRedirectsFile(await readFile(`${dir}/_redirects`, 'utf8').catch(() => ''));
  const redirected = new Set([...redirects.keys()].map(redirectPageFile));
  const page = (file: string) => !file.startsWith(editorPath.slice(1)) && !existsSync(join(publicDir, file));
  const files = listFiles(dir).filter((file) => file.endsWith('.html') && page(file));
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
    redirects,
  };
}

/** The value of `attribute` on each element of a page that `selector` matches and that has it, in the page's order. */
export const attributeValues = ($: CheerioAPI, selector: string, attribute: string): string[] =>
  $(selector)
    .map((_, element) => $(element).attr(attribute))
    .get();

export const isBuiltFile = (dir: string, path: string): boolean =>
  statSync(join(dir, path), { throwIfNoEntry: false })?.isFile() ?? false;

export const readBuiltFile = (dir: string, path: string) => unlessThrown(() => readFileSync(join(dir, path)));

export const servedStatus = async (origin: string, path: string): Promise<number> =>
  (await fetch(`${origin}${path}`, { method: 'HEAD', redirect: 'manual' })).status;

/**
 * Serving a built site as the static hosts do: clean URLs, _redirects (before any file, as a page is left at each old
 * path for other hosts), 404.html, _headers, gzip and ETags. Shared by `sitegen preview` and `sitegen dev`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname } from 'node:path';
import { gzipSync } from 'node:zlib';
import etag from 'etag';
import fresh from 'fresh';
import { contentType } from 'mime-types';
import Negotiator from 'negotiator';
import { isServable } from '../list-files';
import { unlessThrown } from '../unless-thrown';
import { headersFor, parseHeadersFile, type HeaderRule } from './headers-file';
import { parseRedirectsFile, redirectFor, type RedirectRule } from './redirects-file';

/** Where the site's files come from: the disk for preview, memory for dev. */
export type SiteSource = { read(path: string): Promise<Uint8Array | undefined> };

const compressible = /^(text\/|application\/(json|xml|manifest)|image\/svg)/;

export const pageMethods = 'GET, HEAD';

export function createStaticHandler(source: SiteSource) {
  const textOf = (bytes: Uint8Array | undefined) => (bytes ? Buffer.from(bytes).toString('utf8') : '');
  let rules: Promise<HeaderRule[]> | undefined;
  const headerRules = () => (rules ??= source.read('_headers').then((bytes) => parseHeadersFile(textOf(bytes))));
  // Read on every request, as a rebuild (or dev's next update) may change it; parsed again only when it did.
  let redirects = { text: '', rules: new Map<string, RedirectRule>() };
  const redirectRules = async () => {
    const text = textOf(await source.read('_redirects'));
    if (text !== redirects.text) redirects = { text, rules: parseRedirectsFile(text) };
    return redirects.rules;
  };
  // A source keeping files in memory (dev) hands out the same bytes while a file is the same: tagged and gzipped once.
  const representations = new WeakMap<Uint8Array, { tag: string; gzip?: { tag: string; bytes: Buffer } }>();
  const representation = (body: Uint8Array, gzip: boolean) => {
    let known = representations.get(body);
    if (!known)
      representations.set(body, (known = { tag: etag(Buffer.from(body.buffer, body.byteOffset, body.byteLength)) }));
    if (!gzip) return { tag: known.tag, bytes: body };
    // Another representation of the same file: its own tag, as a strong ETag names exact bytes.
    return (known.gzip ??= { tag: known.tag.replace(/"$/, '-gzip"'), bytes: gzipSync(body) });
  };

  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return void response.writeHead(405, { Allow: pageMethods }).end();
    const target = requestTarget(request.url);
    const redirect = target && redirectFor(await redirectRules(), target.path);
    // The target is the site's configuration, written by its build: a page of the site, or an https: URL it chose.
    if (redirect)
      return void response.writeHead(redirect.status, { Location: withQuery(redirect.to, target!.search) }).end();
    // Another spelling of a page (about.html, about/ with no about/index.html, a folder's index or index.html, sent to the
    // folder as hosts do) redirects to its clean URL, built from the path's own segments: never to another host.
    const clean = target && cleanUrl(target.path);
    const found =
      target && (clean === undefined || target.path.endsWith('/')) ? await findFile(source, target.path) : undefined;
    if (!found && clean !== undefined && (await findFile(source, clean))) {
      response.writeHead(308, { Location: clean.split('/').map(encodeURIComponent).join('/') + target!.search }).end();
      return;
    }

    const { file, body, status } = found ?? { file: '404.html', body: await source.read('404.html'), status: 404 };
    if (!body) return void response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
    const type = contentType(extname(file)) || 'application/octet-stream';
    // The 404 page takes its own headers, not the missing path's: a missing asset is not cached for a year.
    const headers: Record<string, string> = {
      ...headersFor(await headerRules(), status === 404 ? '/404' : target!.path),
      'Content-Type': type,
    };
    const compress = compressible.test(type);
    // Whether or not this answer is compressed, another request's may be: caches must keep them apart.
    if (compress) headers.Vary = 'Accept-Encoding';
    const { tag, bytes } = representation(body, compress && acceptsGzip(request));
    if (bytes !== body) headers['Content-Encoding'] = 'gzip';
    if (status === 200) {
      headers.ETag = tag;
      if (fresh(request.headers, { etag: tag })) {
        delete headers['Content-Encoding'];
        return void response.writeHead(304, headers).end();
      }
    }
    headers['Content-Length'] = String(bytes.byteLength);
    response.writeHead(status, headers);
    response.end(request.method === 'HEAD' ? undefined : bytes);
  };
}

/** No Accept-Encoding header: the body is sent as it is, as the hosts do. */
const acceptsGzip = (request: IncomingMessage): boolean =>
  request.headers['accept-encoding'] !== undefined && new Negotiator(request).encodings(['gzip']).length > 0;

function cleanUrl(path: string): string | undefined {
  const clean = path.replace(/(?<=\/)index(?:\.html)?$|\.html$|(?<=.)\/$/, '');
  return clean === path ? undefined : clean;
}

/**
 * Segments joined by single slashes, so "//host" cannot survive into a Location header; undefined for a path no file
 * can have: badly encoded, holding a control character (NUL included) or a backslash, or climbing out with "..".
 */
function requestTarget(url: string | undefined): { path: string; search: string } | undefined {
  const [raw = '', ...query] = (url ?? '/').split('?');
  if (!raw.startsWith('/')) return undefined;
  const decoded = unlessThrown(() => decodeURIComponent(raw));
  if (decoded === undefined || /[\u0000-\u001f\u007f\\]/.test(decoded)) return undefined;
  const segments = decoded.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.includes('..')) return undefined;
  const folder = segments.length > 0 && decoded.endsWith('/') ? '/' : '';
  return { path: `/${segments.join('/')}${folder}`, search: query.length > 0 ? `?${query.join('?')}` : '' };
}

/** A redirect's target with the request's query, as the hosts pass it on, unless the target gives its own. */
function withQuery(to: string, search: string): string {
  const hash = to.indexOf('#');
  const [base, fragment] = hash === -1 ? [to, ''] : [to.slice(0, hash), to.slice(hash)];
  return base.includes('?') ? to : `${base}${search}${fragment}`;
}

async function findFile(source: SiteSource, pathname: string) {
  const relative = pathname.slice(1);
  // Not the host's configuration (_headers, _redirects, and names served as them: _headers.html), nor a hidden file.
  if (relative.startsWith('_headers') || relative.startsWith('_redirects') || !isServable(relative)) return undefined;
  const folder = relative === '' || relative.endsWith('/');
  // An address with an extension is most often a file's own (assets/styles.css): tried as it is before as a page.
  const named = /\.\w+$/.test(relative) ? [relative, `${relative}.html`] : [`${relative}.html`, relative];
  const candidates = folder ? [`${relative}index.html`] : [...named, `${relative}/index.html`];
  for (const candidate of candidates) {
    const body = await source.read(candidate);
    if (body) return { file: candidate, body, status: 200 };
  }
}

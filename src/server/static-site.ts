/**
 * Serving a built site as the static hosts do: /about from about.html, the
 * .html form redirected to the clean one, 404.html with status 404, the
 * headers of _headers, gzip for text. Shared by `sitegen preview` and `sitegen dev`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname } from 'node:path';
import { gzipSync } from 'node:zlib';
import { headersFor, parseHeadersFile, type HeaderRule } from './headers-file';

/** Where the site's files come from: the disk for preview, memory for dev. */
export interface SiteSource {
  read(path: string): Promise<Uint8Array | undefined>;
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
};
const compressible = /^(text\/|application\/(json|xml|manifest)|image\/svg)/;

export type StaticHandler = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

export function createStaticHandler(source: SiteSource): StaticHandler {
  let rules: Promise<HeaderRule[]> | undefined;
  const headerRules = () =>
    (rules ??= source.read('_headers').then((bytes) => (bytes ? parseHeadersFile(Buffer.from(bytes).toString('utf8')) : [])));
  const gzipped = new WeakMap<Uint8Array, Buffer>();

  return async (request, response) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const target = requestTarget(request.url);
    // The .html form of a page redirects to its clean URL, built from the path's own segments: never to another host.
    if (target?.path.endsWith('.html')) {
      const clean = target.path === '/index.html' ? '/' : target.path.slice(0, -'.html'.length);
      if (await findFile(source, clean)) {
        response.writeHead(308, { Location: encodePath(clean) + target.search }).end();
        return;
      }
    }

    const found = (target && !target.path.endsWith('.html') && (await findFile(source, target.path))) || { file: '404.html', body: await source.read('404.html'), status: 404 };
    const { file, body, status } = found;
    if (!body) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    const type = contentTypes[extname(file)] ?? 'application/octet-stream';
    const headers: Record<string, string> = { ...headersFor(await headerRules(), target?.path ?? '/404'), 'Content-Type': type };
    let payload: Uint8Array = body;
    if (compressible.test(type) && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      // A source that keeps files in memory (dev) hands out the same bytes each time, so each is compressed once.
      payload = gzipped.get(body) ?? gzipSync(body);
      gzipped.set(body, payload as Buffer);
      headers['Content-Encoding'] = 'gzip';
      headers.Vary = 'Accept-Encoding';
    }
    headers['Content-Length'] = String(payload.byteLength);
    response.writeHead(status, headers);
    response.end(request.method === 'HEAD' ? undefined : payload);
  };
}

/**
 * The request's path, decoded, as segments joined by single slashes (so
 * "//host" cannot survive into a Location header), and its query; undefined
 * for a path no file can have: not starting with /, badly encoded, holding a
 * control character (NUL included) or a backslash, or climbing out with "..".
 */
function requestTarget(url: string | undefined): { path: string; search: string } | undefined {
  const [raw = '', ...query] = (url ?? '/').split('?');
  if (!raw.startsWith('/')) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  if (/[\u0000-\u001f\u007f\\]/.test(decoded)) return undefined;
  const segments = decoded.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.includes('..')) return undefined;
  const folder = segments.length > 0 && decoded.endsWith('/') ? '/' : '';
  return { path: `/${segments.join('/')}${folder}`, search: query.length > 0 ? `?${query.join('?')}` : '' };
}

function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

/** The file a clean URL is served from, or undefined for a 404. */
async function findFile(source: SiteSource, pathname: string): Promise<{ file: string; body: Uint8Array; status: number } | undefined> {
  const relative = pathname.slice(1);
  // _headers, and any name that would be served as it (_headers.html), is the host's configuration, not a page.
  if (relative.startsWith('_headers')) return undefined;
  const candidates = relative === '' ? ['index.html'] : relative.endsWith('/') ? [`${relative}index.html`] : [`${relative}.html`, relative, `${relative}/index.html`];
  for (const candidate of candidates) {
    const body = await source.read(candidate);
    if (body) return { file: candidate, body, status: 200 };
  }
  return undefined;
}

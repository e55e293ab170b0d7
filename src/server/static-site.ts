/**
 * Serving a built site as the static hosts do: /about from about.html, the
 * .html form redirected to the clean one, 404.html with status 404, the
 * headers of _headers, gzip for text. Shared by `sitegen preview` and `sitegen dev`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
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
    const url = new URL(request.url ?? '/', 'http://localhost');
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      pathname = '/';
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    if (pathname.endsWith('.html')) {
      const clean = pathname === '/index.html' ? '/' : pathname.slice(0, -'.html'.length);
      response.writeHead(308, { Location: clean + url.search }).end();
      return;
    }

    const found = (await findFile(source, pathname)) ?? { file: '404.html', body: await source.read('404.html'), status: 404 };
    const { file, body, status } = found;
    if (!body) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    const type = contentTypes[extname(file)] ?? 'application/octet-stream';
    const headers: Record<string, string> = { ...headersFor(await headerRules(), pathname), 'Content-Type': type };
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

/** The file a clean URL is served from, or undefined for a 404. Never anything outside the site. */
async function findFile(source: SiteSource, pathname: string): Promise<{ file: string; body: Uint8Array; status: number } | undefined> {
  const relative = normalize(pathname).replace(/^[/\\]+/, '');
  if (relative.split(sep).includes('..') || relative === '_headers' || relative.startsWith('_headers')) return undefined;
  const candidates = relative === '' ? ['index.html'] : relative.endsWith('/') ? [join(relative, 'index.html')] : [`${relative}.html`, relative, join(relative, 'index.html')];
  for (const candidate of candidates) {
    const body = await source.read(candidate);
    if (body) return { file: candidate.split(sep).join('/'), body, status: 200 };
  }
  return undefined;
}

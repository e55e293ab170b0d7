/**
 * What the server behind `sitegen preview` and `sitegen dev` (src/server/)
 * gives any request, tried as an attacker would, in raw requests: clean URLs,
 * gzip and tags as a static host gives them; hostile paths never redirected to
 * another site nor answered with a 500; no hidden file of the output and no
 * file outside it through a symbolic link; 405 for any method but a page's or
 * the lead endpoint's; 408 for a client that never finishes its request.
 * Who may ask, and where it listens: site-server-this-machine.test.ts.
 */
import { mkdir, readdir, symlink, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errors, preview, raw, site, useServedSite } from '../support/preview-session';
import { exchange } from '../support/raw-http';

/**
 * A client that sends a request's first lines, then one header line a
 * second, for at most a minute: what the server answers before it closes the
 * connection (it must end it long before).
 */
function trickleHeaders(base: string): Promise<string> {
  const { port } = new URL(base);
  return new Promise<string>((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    let received = '';
    let sent = 0;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('close', () => {
      clearInterval(trickle);
      resolve(received);
    });
    socket.on('error', reject);
    socket.write('GET /about HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const trickle = setInterval(() => {
      if (sent++ === 60) return socket.destroy(new Error('the server kept a trickling client for a minute'));
      socket.write(`X-Slow-${sent}: x\r\n`);
    }, 1000);
  });
}

/** Files of public/ and the type a browser needs to open each: with `nosniff` it never guesses. */
const ownFiles = {
  'price-list.pdf': 'application/pdf',
  'VAN.JPG': 'image/jpeg',
  'team.jpeg': 'image/jpeg',
  'logo.gif': 'image/gif',
  'brand.woff2': 'font/woff2',
  'tour.mp4': 'video/mp4',
  'rates.csv': 'text/csv; charset=utf-8',
  'terms.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'photos.zip': 'application/zip',
};
let slowClient: Promise<string>;

useServedSite(async () => {
  // Links in the output: one to a page inside it, one to a file and one to a folder outside.
  await symlink(join(site, 'about.html'), join(site, 'about-us.html'));
  await symlink('/etc/passwd', join(site, 'passwd.txt'));
  await symlink('/etc', join(site, 'system'));
  // Hidden files a folder kept as the output may hold, and the one hidden folder a site publishes.
  await mkdir(join(site, '.git'));
  await writeFile(
    join(site, '.git', 'config'),
    '[remote "origin"]\n  url = https://user:secret@example.com/site.git\n',
  );
  await writeFile(join(site, '.env'), 'SECRET=1\n');
  await mkdir(join(site, '.well-known'));
  await writeFile(join(site, '.well-known', 'security.txt'), 'Contact: mailto:security@example.com\n');
  // Files an owner puts in public/, as a camera or an office program names them.
  for (const name of Object.keys(ownFiles)) await writeFile(join(site, name), 'x');
});
beforeAll(() => {
  // Started here, its answer awaited by its own case: the server may take seconds to give up on it, and the other
  // cases' requests, on connections of their own, need not wait meanwhile.
  slowClient = trickleHeaders(preview.url);
  slowClient.catch(() => undefined);
});

describe('paths', () => {
  it('serves clean URLs, 404.html with status 404, the headers of _headers and gzip', async () => {
    const about = await raw(preview.url, '/about', { headers: { 'accept-encoding': 'gzip' } });
    expect(about.status).toBe(200);
    expect(about.headers['content-encoding']).toBe('gzip');
    expect(about.headers['content-security-policy']).toContain("script-src 'self'");
    const missing = await raw(preview.url, '/no-such-page');
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('Oops! Page not found');
  });

  it('gzips only for a browser that accepts it, and tells caches the answer varies by that either way', async () => {
    for (const accepted of ['gzip', 'br, gzip;q=0.5', '*']) {
      const answer = await raw(preview.url, '/about', { headers: { 'accept-encoding': accepted } });
      expect([accepted, answer.headers['content-encoding'], answer.headers.vary]).toEqual([
        accepted,
        'gzip',
        'Accept-Encoding',
      ]);
    }
    for (const refused of ['gzip;q=0, identity', 'identity', 'br', undefined]) {
      const answer = await raw(preview.url, '/about', {
        headers: refused === undefined ? {} : { 'accept-encoding': refused },
      });
      expect([refused, answer.headers['content-encoding'], answer.headers.vary]).toEqual([
        refused,
        undefined,
        'Accept-Encoding',
      ]);
      expect(answer.body).toContain('<!DOCTYPE html>');
    }
  });

  it('tags each page and asset, and answers a request for what the browser already has with 304 and no body', async () => {
    const stylesheet = (await readdir(join(site, 'assets'))).find((name) => name.endsWith('.css'))!;
    for (const path of ['/about', `/assets/${stylesheet}`]) {
      for (const encoding of ['gzip', 'identity']) {
        const first = await raw(preview.url, path, { headers: { 'accept-encoding': encoding } });
        const tag = first.headers.etag as string;
        expect(tag, path).toMatch(/^"[^"]+"$/);
        const again = await raw(preview.url, path, { headers: { 'accept-encoding': encoding, 'if-none-match': tag } });
        expect([path, encoding, again.status, again.body, again.headers.etag]).toEqual([path, encoding, 304, '', tag]);
      }
      const gzip = await raw(preview.url, path, { headers: { 'accept-encoding': 'gzip' } });
      const plain = await raw(preview.url, path, { headers: { 'accept-encoding': 'identity' } });
      // Two representations, two tags: a cache never takes one for the other.
      expect(gzip.headers.etag).not.toBe(plain.headers.etag);
      expect((await raw(preview.url, path, { headers: { 'if-none-match': '"something-else"' } })).status).toBe(200);
    }
    expect((await raw(preview.url, '/no-such-page')).headers.etag).toBeUndefined();
  });

  it("answers a missing asset with the 404 page's headers: not cached for a year as the asset would be", async () => {
    const stylesheet = (await readdir(join(site, 'assets'))).find((name) => name.endsWith('.css'))!;
    expect((await raw(preview.url, `/assets/${stylesheet}`)).headers['cache-control']).toContain('immutable');
    const missing = await raw(preview.url, '/assets/menus-NOTBUILT.js');
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control'] ?? '').not.toContain('immutable');
    expect(missing.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it.each([
    ['/about.html', '/about'],
    ['/index.html', '/'],
    ['/index', '/'],
    // A folder's index.html, as Cloudflare Pages sends it: to the folder's address, not to "/services/index".
    ['/services/index.html', '/services/'],
    ['/blog/category/index', '/blog/category/'],
    ['/about/', '/about'],
    ['/blog/', '/blog'],
    ['/services/plumber/?utm_source=x', '/services/plumber?utm_source=x'],
    ['/services/plumber.html?utm_source=x', '/services/plumber?utm_source=x'],
  ])('redirects %s to its clean URL %s', async (path, location) => {
    const answer = await raw(preview.url, path);
    expect(answer.status).toBe(308);
    expect(answer.headers.location).toBe(location);
  });

  it.each([
    '/%2f%2fevil.example.html',
    '/%5cevil.example.html',
    '//evil.example.html',
    '/%2F%2Fevil.example/about.html',
    '/./%2e%2e/%2e%2e/etc/passwd.html',
  ])('never redirects %s to another site: it is not a page, so 404', async (path) => {
    const answer = await raw(preview.url, path);
    expect(answer.status).toBe(404);
    expect(answer.headers.location).toBeUndefined();
    expect(answer.body).toContain('Oops! Page not found');
  });

  it.each(['/index%00.html', '/about%00', '/%00', '/about%0d%0aSet-Cookie:%20x=1', '/%E0%A4%A'])(
    'answers %s with the 404 page, not a 500',
    async (path) => {
      const answer = await raw(preview.url, path);
      expect(answer.status).toBe(404);
      expect(answer.body).toContain('Oops! Page not found');
      expect(answer.headers['set-cookie']).toBeUndefined();
    },
  );

  it("serves an owner's own files (a price list, a photo as the camera named it) with their types", async () => {
    const served: Record<string, unknown> = {};
    for (const name of Object.keys(ownFiles))
      served[name] = (await raw(preview.url, `/${name}`)).headers['content-type'];
    expect(served).toEqual(ownFiles);
  });

  it('never serves a hidden file of the output (a kept .git, a .env), but serves /.well-known/', async () => {
    for (const path of ['/.git/config', '/%2egit/config', '/.env', '/.git/']) {
      const answer = await raw(preview.url, path);
      expect(answer.status, path).toBe(404);
      expect(answer.body, path).not.toContain('secret');
    }
    const wellKnown = await raw(preview.url, '/.well-known/security.txt');
    expect([wellKnown.status, wellKnown.body]).toEqual([200, 'Contact: mailto:security@example.com\n']);
  });

  it('never serves a file outside the output through a symbolic link; one inside it is served', async () => {
    expect((await raw(preview.url, '/about-us')).status).toBe(200);
    for (const path of ['/passwd.txt', '/system/passwd', '/system/hostname']) {
      const answer = await raw(preview.url, path);
      expect(answer.status, path).toBe(404);
      expect(answer.body).not.toContain('root:');
    }
  });
});

describe('methods', () => {
  /** A request as curl -X sends it, with a small JSON body. */
  const request = (method: string, path: string) =>
    `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`;

  // A web Request cannot carry TRACE, TRACK or CONNECT; Node hands a CONNECT to no request handler, and its parser
  // refuses a method it does not know (TRACK, lowercase, made up; PRI, HTTP/2's) before any handler.
  const methods = ['TRACE', 'CONNECT', 'TRACK', 'post', 'BREW', 'PRI', 'PUT', 'PROPFIND'];

  it.each(methods)(
    'answers %s at the lead endpoint with 405, Allow: POST, OPTIONS and the JSON error, and logs nothing',
    async (method) => {
      const logged = errors.length;
      const answer = await exchange(preview.url, request(method, '/functions/v1/contact-form'));
      expect(answer.status).toBe(405);
      expect(answer.headers.allow).toBe('POST, OPTIONS');
      expect(answer.headers['content-type']).toBe('application/json');
      expect(JSON.parse(answer.body.toString())).toEqual({ success: false, error: 'Method not allowed' });
      expect(errors.slice(logged)).toEqual([]);
    },
  );

  it.each([...methods, 'POST'])(
    'answers %s on a page with 405 and Allow: GET, HEAD, as on any path but the lead endpoint',
    async (method) => {
      const logged = errors.length;
      for (const path of ['/about', '/no-such-page']) {
        const answer = await exchange(preview.url, request(method, path));
        expect([path, answer.status, answer.headers.allow]).toEqual([path, 405, 'GET, HEAD']);
      }
      expect(errors.slice(logged)).toEqual([]);
    },
  );

  it("keeps Node's answers to other requests its parser refuses: 400 for bytes that are no request, 431 for headers too large", async () => {
    for (const garbage of [
      '\u0000\u0001\r\n\r\n',
      'GET /about HTTP/1.1\r\nHost 127.0.0.1\r\n\r\n',
      'GET /about HTTP/9\r\n\r\n',
    ]) {
      const answer = await exchange(preview.url, garbage);
      expect([garbage, answer.status, answer.headers]).toEqual([garbage, 400, { connection: 'close' }]);
    }
    const huge = `GET /about HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'x'.repeat(20_000)}\r\n\r\n`;
    expect((await exchange(preview.url, huge)).status).toBe(431);
  });
});

describe('slow clients', () => {
  it(
    'a client that trickles its headers gets 408 and is closed, not kept waiting on',
    { timeout: 60_000 },
    async () => {
      expect(await slowClient).toMatch(/^HTTP\/1\.1 408 /);
    },
  );
});

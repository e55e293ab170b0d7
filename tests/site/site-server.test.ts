/**
 * The server behind `sitegen preview` and `sitegen dev` (src/server/), tried
 * as an attacker would: raw requests with hostile paths and Host headers (a
 * page of another site reaching it through DNS rebinding), a
 * symbolic link out of the output, a client that never finishes its request;
 * and the local lead listing that `sitegen leads` reads, which only this
 * machine's user may read.
 */
import { request as httpRequest } from 'node:http';
import { connect, createServer, type AddressInfo } from 'node:net';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { LeadSettings } from '../../supabase/functions/_shared/lead-settings.ts';
import { askRunningServer } from '../../src/leads/running-server';
import { hostAllowed } from '../../src/server/host-check';
import { startPreview, type Preview } from '../../src/server/preview';
import { projectRoot } from '../support/cli';
import { copyMigratedLeads } from '../support/migrated-leads';
import { exchange } from '../support/raw-http';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

const noLimits: LeadSettings = { allowedOrigins: '*', rateLimit: null, webhook: null, email: null };

/** One request exactly as written: the path and headers are not normalised by a client library. */
function raw(
  base: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: hostname,
        port,
        path,
        method: options.method ?? 'GET',
        headers: options.headers,
        setHost: !options.headers?.host,
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

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
let work: string;
let site: string;
let preview: Preview;
const errors: string[] = [];
const originalError = console.error;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'sitegen-server-'));
  site = join(work, 'dist');
  await cp(inject('siteDir'), site, { recursive: true });
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
  console.error = (...args: unknown[]) => errors.push(args.join(' '));
  await copyMigratedLeads(join(work, 'leads'));
  preview = await startPreview({
    root: projectRoot,
    dir: site,
    port: 0,
    host: '127.0.0.1',
    leadsDir: join(work, 'leads'),
    leadSettings: noLimits,
    onLead: () => {},
  });
  // Started here, its answer awaited by its own case: the server may take seconds to give up on it, and the other
  // cases' requests, on connections of their own, need not wait meanwhile.
  slowClient = trickleHeaders(preview.url);
  slowClient.catch(() => undefined);
});
afterAll(async () => {
  await preview?.close();
  console.error = originalError;
  await rm(work, { recursive: true, force: true });
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

  it('answers its own names: localhost, *.localhost, IP addresses, the name it was started with (--host)', async () => {
    const port = new URL(preview.url).port;
    const hosts = [
      'localhost',
      `localhost:${port}`,
      `Shop.Localhost:${port}`,
      '127.0.0.1',
      `10.0.0.7:${port}`,
      '[::1]',
    ];
    for (const host of hosts) expect((await raw(preview.url, '/about', { headers: { host } })).status, host).toBe(200);
    const lead = await raw(preview.url, '/functions/v1/contact-form', {
      method: 'POST',
      headers: { host: `localhost:${port}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        form_type: 'newsletter',
        email: 'host@example.co.uk',
        submission_id: crypto.randomUUID(),
      }),
    });
    expect(lead.status).toBe(200);
    // A name of the network's (sitegen preview --host shop.lan) is answered by a server started with it alone.
    expect(hostAllowed('Shop.lan:4173', 'shop.lan')).toBe(true);
    expect(hostAllowed('shop.lan:4173', '127.0.0.1')).toBe(false);
    // Only a host name's characters: what follows a # or a / is no part of the name a browser would have asked.
    for (const host of ['evil.example#.localhost', 'evil.example/.localhost', 'evil.example?.localhost'])
      expect(hostAllowed(host, '127.0.0.1'), host).toBe(false);
    expect(errors).toEqual([]);
  });

  it('refuses any other Host with 403, a page and a lead alike: a web page whose name was pointed here (DNS rebinding)', async () => {
    const port = new URL(preview.url).port;
    const strangers = [`evil.example:${port}`, 'evil.example', '127.0.0.1.evil.example', 'localhost.evil.example'];
    for (const host of [...strangers, '[::1', 'a@b', '%', 'evil.example:99999', '127.0.0.1:x']) {
      const page = await raw(preview.url, '/about', { headers: { host } });
      expect([host, page.status], host).toEqual([host, 403]);
      expect(page.body).toMatch(
        /^Refused: this server answers localhost, IP addresses and the name given with --host, not "/,
      );
      const lead = await raw(preview.url, '/functions/v1/contact-form', {
        method: 'POST',
        headers: { host, 'content-type': 'application/json' },
        body: JSON.stringify({
          form_type: 'newsletter',
          email: 'rebound@example.co.uk',
          submission_id: crypto.randomUUID(),
        }),
      });
      expect([host, lead.status], host).toEqual([host, 403]);
    }
    expect((await raw(preview.url, '/about', { headers: { host: `evil.example:${port}` } })).body).toBe(
      'Refused: this server answers localhost, IP addresses and the name given with --host, not "evil.example" (for a name /etc/hosts points at this machine, start it with --host evil.example)\n',
    );
    expect(errors).toEqual([]);
  });

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

/** This machine's addresses on its networks (none on a machine without one). */
const externalAddresses = () =>
  Object.values(networkInterfaces())
    .flat()
    .flatMap((face) => (face && !face.internal && face.family === 'IPv4' ? [face.address] : []));

describe('where it cannot listen', () => {
  it('names the option at fault: a port in use, a host that is no name of this machine, or is not its loopback', async () => {
    const { port } = new URL(preview.url);
    const tryListening = (options: { port: number; host: string }) =>
      startPreview({
        root: projectRoot,
        dir: site,
        ...options,
        leadsDir: join(work, 'unused-leads'),
        leadSettings: noLimits,
        onLead: () => {},
      });
    await expect(tryListening({ port: Number(port), host: '127.0.0.1' })).rejects.toThrow(
      `port ${port} on 127.0.0.1 is in use: choose another with --port`,
    );
    await expect(tryListening({ port: 0, host: 'nosuchhost.invalid' })).rejects.toThrow(
      '--host: expected a name of this machine or one of its addresses, found "nosuchhost.invalid" (no address found)',
    );
    // Every interface (an empty host is Node's every interface too), or an address of the network's: the servers answer this machine alone.
    for (const host of ['0.0.0.0', '::', '', ' ', '192.0.2.1', ...externalAddresses()])
      await expect(tryListening({ port: 0, host }), host).rejects.toThrow(
        `--host: expected this machine's loopback (localhost, 127.0.0.1, ::1 or a name for them), found "${host}": sitegen's servers answer this machine alone`,
      );
    // Another address of the loopback is one.
    const other = await tryListening({ port: 0, host: '127.0.0.2' });
    expect(other.url).toMatch(/^http:\/\/127\.0\.0\.2:\d+$/);
    await other.close();
  });

  it('listens on both loopbacks for localhost, which a browser may take for either: a port another program holds on ::1 is in use', async () => {
    const tryListening = (port: number) =>
      startPreview({
        root: projectRoot,
        dir: site,
        port,
        host: 'localhost',
        leadsDir: join(work, 'localhost-leads'),
        leadSettings: noLimits,
        onLead: () => {},
      });
    const both = await tryListening(0);
    const { port } = new URL(both.url);
    for (const address of ['127.0.0.1', '[::1]'])
      expect((await fetch(`http://${address}:${port}/about`)).status, address).toBe(200);
    await both.close();

    const squatter = createServer((socket) => socket.end('HTTP/1.1 200 OK\r\n\r\nanother program'));
    await new Promise<void>((resolve) => squatter.listen(0, '::1', resolve));
    const taken = (squatter.address() as AddressInfo).port;
    await expect(tryListening(taken)).rejects.toThrow(
      `port ${taken} on localhost (::1) is in use: choose another with --port`,
    );
    squatter.close();
  });
});

describe('the lead listing for `sitegen leads`', () => {
  const path = '/__sitegen/leads';
  let token: string;
  let host: string;
  beforeAll(async () => {
    token = (JSON.parse(await readFile(join(work, 'leads', 'server.json'), 'utf8')) as { token: string }).token;
    host = new URL(preview.url).host;
  });

  it('notes the address and a token in server.json, readable by its owner only, in a folder only they can enter', async () => {
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect((await stat(join(work, 'leads', 'server.json'))).mode & 0o777).toBe(0o600);
    expect((await stat(join(work, 'leads'))).mode & 0o777).toBe(0o700);
  });

  it('answers a GET with the token, addressed to a loopback host, with every lead as JSON', async () => {
    // A lead of this test's own, and one refused for its Host, whatever the other tests sent.
    const port = new URL(preview.url).port;
    for (const [sentTo, email, status] of [
      [`localhost:${port}`, 'listed@example.co.uk', 200],
      [`evil.example:${port}`, 'refused@example.co.uk', 403],
    ] as const) {
      const lead = await raw(preview.url, '/functions/v1/contact-form', {
        method: 'POST',
        headers: { host: sentTo, 'content-type': 'application/json' },
        body: JSON.stringify({ form_type: 'newsletter', email, submission_id: crypto.randomUUID() }),
      });
      expect(lead.status, email).toBe(status);
    }
    const answer = await raw(preview.url, path, { headers: { host, authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const emails = (JSON.parse(answer.body) as { email: string }[]).map((row) => row.email);
    expect(emails).toContain('listed@example.co.uk');
    expect(emails).not.toContain('refused@example.co.uk');
    for (const loopback of [
      `localhost:${new URL(preview.url).port}`,
      'localhost',
      '[::1]:4173',
      '127.0.0.2:4173',
      '[::ffff:127.0.0.1]',
    ]) {
      expect(
        (await raw(preview.url, path, { headers: { host: loopback, authorization: `Bearer ${token}` } })).status,
        loopback,
      ).toBe(200);
    }
  });

  it("refuses a lead, and its preflight, from a page of another site (its Origin), and takes one from the server's own pages", async () => {
    const port = new URL(preview.url).port;
    const ownPage = `http://localhost:${port}`;
    const send = (origin: string, email: string) =>
      raw(preview.url, '/functions/v1/contact-form', {
        method: 'POST',
        headers: { host: `localhost:${port}`, origin, 'content-type': 'application/json' },
        body: JSON.stringify({ form_type: 'newsletter', email, submission_id: crypto.randomUUID() }),
      });
    for (const origin of ['https://evil.example', `http://127.0.0.1.evil.example:${port}`, 'null']) {
      const preflight = await raw(preview.url, '/functions/v1/contact-form', {
        method: 'OPTIONS',
        headers: { host: `localhost:${port}`, origin, 'access-control-request-method': 'POST' },
      });
      expect([origin, preflight.status, preflight.headers['access-control-allow-origin']]).toEqual([
        origin,
        403,
        undefined,
      ]);
      const lead = await send(origin, 'foreign@example.co.uk');
      expect([origin, lead.status], origin).toEqual([origin, 403]);
      expect(JSON.parse(lead.body)).toEqual({
        success: false,
        error: `a request from ${origin}, not from this server's own pages`,
      });
    }
    expect((await send(ownPage.toUpperCase(), 'own-page@example.co.uk')).status).toBe(200);
    const answer = await raw(preview.url, path, { headers: { host, authorization: `Bearer ${token}` } });
    const emails = (JSON.parse(answer.body) as { email: string }[]).map((row) => row.email);
    expect(emails).toContain('own-page@example.co.uk');
    expect(emails).not.toContain('foreign@example.co.uk');
  });

  it('refuses a request without the token, or with another', async () => {
    for (const authorization of [undefined, 'Bearer ', `Bearer ${token.slice(1)}x`, token]) {
      const answer = await raw(preview.url, path, {
        headers: { host, ...(authorization === undefined ? {} : { authorization }) },
      });
      expect(answer.status, String(authorization)).toBe(403);
      expect(answer.body).not.toContain('@');
    }
  });

  it('refuses a page of another site reaching it through DNS rebinding (its own host name), token or not', async () => {
    for (const rebound of [
      'evil.example',
      `evil.example:${new URL(preview.url).port}`,
      '127.0.0.1.evil.example',
      '127.evil.example',
    ]) {
      const answer = await raw(preview.url, path, { headers: { host: rebound, authorization: `Bearer ${token}` } });
      expect(answer.status, rebound).toBe(403);
      expect(answer.body).not.toContain('@');
    }
  });

  it('is asked by `sitegen leads` at the loopback address the server was started on, as 127.0.0.2', async () => {
    const leadsDir = join(work, 'other-loopback-leads');
    const other = await startPreview({
      root: projectRoot,
      dir: site,
      port: 0,
      host: '127.0.0.2',
      leadsDir,
      leadSettings: noLimits,
      onLead: () => {},
    });
    try {
      expect(await askRunningServer(leadsDir)).toEqual({ rows: [], notifying: false });
    } finally {
      await other.close();
    }
  });

  it('answers GET only', async () => {
    const answer = await raw(preview.url, path, {
      method: 'POST',
      headers: { host, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('GET');
  });
});

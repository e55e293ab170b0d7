/**
 * The server behind `sitegen preview` and `sitegen dev` (src/server/) answers
 * this machine alone, tried as an attacker would: a page of another site
 * reaching it through DNS rebinding (its own Host) is refused, a page or a
 * lead alike; it listens on a loopback address only, and names the option at
 * fault where it cannot; and the local lead listing that `sitegen leads`
 * reads, which only this machine's user may read (its token, its Host, the
 * Origin of a lead sent to it). What any request gets:
 * site-server-requests.test.ts.
 */
import { readFile, stat } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { askRunningServer } from '../../src/leads/running-server';
import { hostAllowed } from '../../src/server/host-check';
import { startPreview } from '../../src/server/preview';
import { projectRoot } from '../support/cli';
import { copyMigratedLeads } from '../support/migrated-leads';
import { errors, noLimits, preview, raw, site, useServedSite, work } from '../support/preview-session';

useServedSite();

describe('host names', () => {
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
});

/** This machine's addresses on its networks (none on a machine without one). */
const externalAddresses = () =>
  Object.values(networkInterfaces())
    .flat()
    .flatMap((face) => (face && !face.internal && face.family === 'IPv4' ? [face.address] : []));

describe('where it cannot listen', () => {
  it('names the option at fault: a port in use, a host that is no name of this machine, or is not its loopback', async () => {
    const { port } = new URL(preview.url);
    // A copy of a migrated database, as a server that has run before has one: making one is not what is tested here.
    await copyMigratedLeads(join(work, 'unused-leads'));
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
    await copyMigratedLeads(join(work, 'localhost-leads'));
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
    await copyMigratedLeads(leadsDir);
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

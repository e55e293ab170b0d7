/**
 * The Edge Function's own index.ts under real Deno (the `deno` npm package's
 * binary), with its pinned imports and deno.lock, against local stand-ins:
 * Supabase's REST API storing into an embedded Postgres with the real
 * migrations, a webhook and Resend. What a browser and the agency see:
 * CORS, every refusal, a lead stored once and sent on once, the rate limit,
 * and a failed notification retried.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LeadRow } from '../../src/leads/pglite-lead-store';
import { projectRoot } from '../support/cli';
import { denoBinary as deno } from '../support/deno';
import { startStandIn, type StandIn } from '../support/notification-stand-ins';
import { startSupabaseStandIn, type SupabaseStandIn } from '../support/supabase-stand-in';

const functionDir = join(projectRoot, 'supabase', 'functions', 'contact-form');
const site = 'https://www.tradeboostdigital.co.uk';

interface RunningFunction {
  url: string;
  output: () => string;
  stop(): Promise<void>;
}

/** Runs index.ts as Supabase would (Deno.serve), on a free port of loopback. */
async function startFunction(env: Record<string, string>): Promise<RunningFunction> {
  const child: ChildProcess = spawn(deno, ['run', '--frozen', '--allow-net=127.0.0.1', '--allow-env', 'index.ts'], {
    cwd: functionDir,
    // The system's certificates, as Node and npm trust them: Deno's own store fails where the registry is reached through a proxy with a local certificate authority.
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DENO_DIR: process.env.DENO_DIR,
      DENO_TLS_CA_STORE: 'system',
      NO_COLOR: '1',
      DENO_SERVE_ADDRESS: 'tcp:127.0.0.1:0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk;
      const listening = /Listening on (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
      if (listening) resolve(listening[1]!);
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('exit', (code) => reject(new Error(`deno exited with ${code} before listening:\n${output}`)));
  });
  return {
    url,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

let supabase: SupabaseStandIn;
let webhook: StandIn;
let resend: StandIn;
let edge: RunningFunction;

beforeAll(async () => {
  [supabase, webhook, resend] = await Promise.all([
    startSupabaseStandIn(),
    startStandIn('webhook'),
    startStandIn('resend'),
  ]);
  edge = await startFunction({
    SUPABASE_URL: supabase.url,
    SUPABASE_SERVICE_ROLE_KEY: supabase.serviceRoleKey,
    ALLOWED_ORIGIN: `${site}, https://tradeboost.netlify.app`,
    LEAD_RATE_LIMIT: '3/10m',
    LEAD_WEBHOOK_URL: `${webhook.url}/hook`,
    RESEND_API_KEY: 're_test',
    RESEND_API_URL: resend.url,
    LEAD_EMAIL_TO: 'leads@tradeboost.example',
    LEAD_EMAIL_FROM: 'Leads <leads@tradeboost.example>',
  });
}, 180_000);
afterAll(async () => {
  await edge?.stop();
  await Promise.all([supabase?.close(), webhook?.close(), resend?.close()]);
});
beforeEach(async () => {
  webhook.mode = 'ok';
  webhook.received = [];
  resend.received = [];
  await supabase.db.exec('delete from public.lead_rate_events');
});

let forgedEntries = 0;

/** What supabase.functions.invoke sends from the site (a text or bytes as they are, anything else as JSON), from a client of the given address. */
function send(
  body: unknown,
  options: { client?: string; headers?: Record<string, string>; to?: RunningFunction } = {},
) {
  return fetch(`${(options.to ?? edge).url}/functions/v1/contact-form`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      apikey: 'anon',
      authorization: 'Bearer anon',
      origin: site,
      // Before the client's address as the nearest proxy saw it, what the client wrote itself: counted for nothing.
      'x-forwarded-for': `203.0.113.${(forgedEntries += 1) % 256}, ${options.client ?? '192.0.2.1'}`,
      ...options.headers,
    },
    body: typeof body === 'string' || body instanceof Uint8Array ? (body as BodyInit) : JSON.stringify(body),
  });
}

const lead = () => ({
  form_type: 'contact',
  submission_id: randomUUID(),
  name: 'Priya Shah',
  email: 'priya@shahbuilders.co.uk',
  phone: '07700 900456',
  trade: 'builder',
  services_interested: ['Google Ads'],
  page: '/contact',
  website: '',
});

async function rowsFor(submissionId: string): Promise<LeadRow[]> {
  return (await supabase.db.query<LeadRow>('select * from public.leads where submission_id = $1', [submissionId])).rows;
}

describe('the contact-form Edge Function under Deno', () => {
  it('imports exact versions, valibot the one the site and the local server use', async () => {
    const { imports } = JSON.parse(await readFile(join(functionDir, 'deno.json'), 'utf8')) as {
      imports: Record<string, string>;
    };
    for (const specifier of Object.values(imports))
      expect(specifier).toMatch(/^npm:(@[a-z-]+\/)?[a-z.-]+@\d+\.\d+\.\d+$/);
    const { dependencies } = JSON.parse(await readFile(join(projectRoot, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const installed = (
      JSON.parse(await readFile(join(projectRoot, 'node_modules', 'valibot', 'package.json'), 'utf8')) as {
        version: string;
      }
    ).version;
    expect(imports.valibot).toBe(`npm:valibot@${dependencies.valibot}`);
    expect(dependencies.valibot).toBe(installed);
  });

  it('type-checks under Deno with its pinned imports and lock file', async () => {
    const check = spawn(deno, ['check', '--frozen', 'index.ts'], {
      cwd: functionDir,
      env: { ...process.env, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    check.stdout!.on('data', (chunk: Buffer) => (output += chunk));
    check.stderr!.on('data', (chunk: Buffer) => (output += chunk));
    const code = await new Promise((resolve) => check.on('exit', resolve));
    expect(code, output).toBe(0);
  });

  it('answers a preflight from an allowed origin naming it, and one from another site without', async () => {
    const allowed = await fetch(`${edge.url}/functions/v1/contact-form`, {
      method: 'OPTIONS',
      headers: { origin: site, 'access-control-request-method': 'POST' },
    });
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(site);
    expect(allowed.headers.get('access-control-allow-headers')).toBe(
      'authorization, x-client-info, apikey, content-type',
    );
    expect(allowed.headers.get('vary')).toBe('Origin');
    const other = await fetch(`${edge.url}/functions/v1/contact-form`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses with JSON and CORS headers: 405, 415, 413, 400', async () => {
    const get = await fetch(`${edge.url}/functions/v1/contact-form`, { headers: { origin: site } });
    expect([get.status, await get.json()]).toEqual([405, { success: false, error: 'Method not allowed' }]);
    expect(get.headers.get('access-control-allow-origin')).toBe(site);

    const plain = await send(lead(), { headers: { 'content-type': 'text/plain' } });
    expect([plain.status, await plain.json()]).toEqual([
      415,
      { success: false, error: 'The request body must be sent as Content-Type: application/json' },
    ]);

    const large = await send({ ...lead(), message: 'x'.repeat(20_000) });
    expect([large.status, await large.json()]).toEqual([
      413,
      { success: false, error: 'The request body is larger than 16384 bytes' },
    ]);

    const invalid = await send({ ...lead(), trade: 'astronaut' });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { error: string }).error).toMatch(/^trade must be one of: /);
    const nul = await send({ ...lead(), name: 'Priya\u0000' });
    expect([nul.status, await nul.json()]).toEqual([
      400,
      { success: false, error: 'name contains a character that cannot be stored (U+0000 or half of a surrogate pair)' },
    ]);
    expect(webhook.received).toEqual([]);
  });

  it('refuses with 415 a lead in another charset or in bytes that are not UTF-8, and stores nothing', async () => {
    const sent = { ...lead(), name: 'Renée Shah' };
    const latin1 = new Uint8Array(Buffer.from(JSON.stringify(sent), 'latin1'));
    for (const type of ['application/json; charset=iso-8859-1', 'application/json']) {
      const reply = await send(latin1, { headers: { 'content-type': type } });
      expect([reply.status, await reply.json()], type).toEqual([
        415,
        { success: false, error: 'The request body must be encoded as UTF-8' },
      ]);
      expect(reply.headers.get('access-control-allow-origin')).toBe(site);
    }
    expect(await rowsFor(sent.submission_id)).toEqual([]);
    const utf8 = await send(sent, { headers: { 'content-type': 'application/json; charset="UTF-8"' } });
    expect(utf8.status).toBe(200);
    expect((await rowsFor(sent.submission_id)).map((row) => row.name)).toEqual(['Renée Shah']);
  });

  it('stores a lead once and sends it on once, by webhook and by e-mail, however often it is sent', async () => {
    const sent = lead();
    for (let i = 0; i < 3; i++) {
      const reply = await send(sent);
      expect([reply.status, await reply.json()]).toEqual([200, { success: true }]);
      expect(reply.headers.get('access-control-allow-origin')).toBe(site);
    }
    const rows = await rowsFor(sent.submission_id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Priya Shah',
      trade: 'builder',
      services_interested: ['Google Ads'],
      notified_by: ['email', 'webhook'],
      notify_error: null,
    });
    expect(rows[0]!.notified_at).toBeInstanceOf(Date);
    expect(webhook.received.map((request) => request.body.submission_id)).toEqual([sent.submission_id]);
    // Who and what first; then, by Deno's own time zones, the time as the UK's clocks read it, GMT or BST.
    expect(String(webhook.received[0]!.body.text)).toMatch(
      /^New lead, contact form: Builder \(Priya Shah\)\nReceived: \w{3}, \d{1,2} \w{3} \d{4}, \d\d:\d\d (GMT|BST) \(lead #\d+\)\n/,
    );
    expect(resend.received).toHaveLength(1);
    expect(resend.received[0]!.body).toMatchObject({
      subject: 'New lead, contact form: Builder (Priya Shah)',
      reply_to: 'priya@shahbuilders.co.uk',
      to: ['leads@tradeboost.example'],
      // Its HTML part made under Deno too, the visitor's phone a link to call.
      html: expect.stringContaining('<a href="tel:+447700900456">07700 900456</a>'),
    });
    expect(supabase.calls).toContain('store_lead');
  });

  it('thanks a bot that fills the honeypot, and neither stores nor sends it', async () => {
    const bot = { ...lead(), website: 'https://cheap-seo.example' };
    const reply = await send(bot);
    expect([reply.status, await reply.json()]).toEqual([200, { success: true }]);
    expect(await rowsFor(bot.submission_id)).toEqual([]);
    expect(webhook.received).toEqual([]);
  });

  it('refuses a fourth lead in 10 minutes from one client with 429, and counts another client apart', async () => {
    for (let i = 0; i < 3; i++) expect((await send(lead(), { client: '192.0.2.50' })).status).toBe(200);
    const refused = await send(lead(), { client: '192.0.2.50' });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      success: false,
      error: 'You have sent several enquiries in a short time. Please try again in 10 minutes, or call us.',
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('access-control-allow-origin')).toBe(site);
    expect((await send(lead(), { client: '192.0.2.51' })).status).toBe(200);
  });

  it("counts a client by Cloudflare's cf-connecting-ip when it is there, else by x-forwarded-for's last entry, and an IPv6 one by its /64", async () => {
    // Behind Cloudflare: the proxies' entries of x-forwarded-for vary, the client's address does not.
    const viaCloudflare = (forwarded: string) =>
      send(lead(), { headers: { 'cf-connecting-ip': '198.51.100.7', 'x-forwarded-for': forwarded } });
    for (const forwarded of ['192.0.2.60', '192.0.2.61', '192.0.2.62'])
      expect((await viaCloudflare(forwarded)).status).toBe(200);
    expect((await viaCloudflare('192.0.2.63')).status).toBe(429);
    expect((await send(lead(), { client: '192.0.2.60' })).status).toBe(200);
    // Without it: the last entry, the nearest proxy's; what the client wrote before it, a new address each time, is not.
    for (const forged of ['10.0.0.1', '10.0.0.2', '10.0.0.3'])
      expect((await send(lead(), { headers: { 'x-forwarded-for': `${forged}, 192.0.2.70` } })).status).toBe(200);
    expect((await send(lead(), { headers: { 'x-forwarded-for': '10.0.0.4, 192.0.2.70' } })).status).toBe(429);
    // A sender with IPv6 holds a /64 of its own: another address in it is the same client, one outside it another.
    for (const address of ['2001:db8:1:2::7', '2001:db8:1:2:aaaa::1', '2001:DB8:1:2:ffff:ffff:ffff:ffff'])
      expect((await send(lead(), { client: address })).status, address).toBe(200);
    expect((await send(lead(), { client: '2001:0db8:0001:0002::9' })).status).toBe(429);
    expect((await send(lead(), { client: '2001:db8:1:3::7' })).status).toBe(200);
    // An IPv4 address written as IPv6 is its own client, not one /64 with every other.
    for (const address of ['::ffff:192.0.2.80', '::ffff:192.0.2.81', '::ffff:192.0.2.82', '::ffff:192.0.2.83'])
      expect((await send(lead(), { client: address })).status, address).toBe(200);
  });

  it('answers at once when the webhook fails, records it, and sends it again on a later request once it is due', async () => {
    webhook.mode = 'fail';
    const sent = lead();
    expect((await send(sent)).status).toBe(200);
    let [row] = await rowsFor(sent.submission_id);
    expect(row).toMatchObject({
      notified_at: null,
      notified_by: ['email'],
      notify_attempts: 1,
      notify_error: 'webhook: answered 500',
    });

    webhook.mode = 'ok';
    await supabase.db.query(`update public.leads set next_notify_at = now() - interval '1 second' where id = $1`, [
      row!.id,
    ]);
    expect((await send(lead())).status).toBe(200);
    expect(webhook.received.filter((request) => request.body.submission_id === sent.submission_id)).toHaveLength(2);
    expect(
      resend.received.filter(
        (request) => request.body.reply_to === sent.email && String(request.body.text).includes(`(lead #${row!.id})`),
      ),
    ).toHaveLength(1);
    [row] = await rowsFor(sent.submission_id);
    expect(row).toMatchObject({ notified_by: ['email', 'webhook'], notify_attempts: 2, notify_error: null });
    expect(row!.notified_at).toBeInstanceOf(Date);
  });
});

describe('the Edge Function without its Supabase variables', () => {
  it('boots, answers every request with a JSON 500 and CORS headers, and logs the missing name', async () => {
    const broken = await startFunction({ SUPABASE_URL: supabase.url, LEAD_RATE_LIMIT: 'lots' });
    try {
      const reply = await send(lead(), { to: broken });
      expect(reply.status).toBe(500);
      expect(reply.headers.get('access-control-allow-origin')).toBe('*');
      expect(await reply.json()).toEqual({
        success: false,
        error: 'We could not save your enquiry. Please try again or call us.',
      });
      expect(broken.output()).toContain(
        'contact-form cannot take leads: SUPABASE_SERVICE_ROLE_KEY is not set; LEAD_RATE_LIMIT: expected leads per period of at most a day, such as 5/10m, 20/1h or 3/30s, or off; found "lots"',
      );
    } finally {
      await broken.stop();
    }
  }, 120_000);
});

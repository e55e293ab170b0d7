/**
 * `sitegen preview` as a developer runs it, the executable in its own
 * process, with the lead settings in its environment: where it says leads
 * go, the line it prints for each new lead, the lead sent on to a stand-in
 * webhook, and `sitegen leads` asking the running server for them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { executable, projectRoot, runSitegen } from '../support/cli';
import { copyMigratedLeads } from '../support/migrated-leads';
import { exchange } from '../support/raw-http';
import { startStandIn, type StandIn } from '../support/notification-stand-ins';

let work: string;
let webhook: StandIn;
let preview: ChildProcess;
let url: string;
let stdout = '';

const settings = { LEAD_RATE_LIMIT: '2/10m', RESEND_API_KEY: '', LEAD_EMAIL_TO: '', LEAD_EMAIL_FROM: '' };

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'sitegen-preview-'));
  // A database made before, as on every start but the first (tests/unit/lead-database.test.ts makes one from nothing).
  await copyMigratedLeads(join(work, 'leads'));
  webhook = await startStandIn('webhook');
  preview = spawn(
    process.execPath,
    [
      executable,
      'preview',
      '--port',
      '0',
      '--host',
      '127.0.0.1',
      '--dir',
      inject('siteDir'),
      '--leads-dir',
      join(work, 'leads'),
    ],
    {
      cwd: projectRoot,
      env: { ...process.env, ...settings, LEAD_WEBHOOK_URL: `${webhook.url}/hook` },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  preview.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  url = await new Promise<string>((resolve, reject) => {
    preview.stdout!.on('data', () => {
      const match = /sitegen preview: (http:\/\/[^/\s]+)\//.exec(stdout);
      if (match) resolve(match[1]!);
    });
    preview.on('exit', (code) => reject(new Error(`preview exited with ${code}: ${stdout}`)));
  });
}, 120_000);
afterAll(async () => {
  if (preview?.exitCode === null) {
    const exited = new Promise((resolve) => preview.once('exit', resolve));
    preview.kill('SIGTERM');
    await exited;
  }
  await webhook?.close();
  await rm(work, { recursive: true, force: true });
});

const post = (body: object) =>
  fetch(`${url}/functions/v1/contact-form`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** Waits for the server to print a line matching `pattern`. */
async function printed(pattern: RegExp): Promise<string> {
  await expect.poll(() => pattern.test(stdout), { timeout: 10_000 }).toBe(true);
  return pattern.exec(stdout)![0];
}

describe('sitegen preview with lead settings in its environment', () => {
  it('says where leads go', async () => {
    await printed(/leads {6}sent to webhook; at most 2 per client in 600 s/);
  });

  it('answers `curl -X TRACE` at the lead endpoint with 405, Allow: POST, OPTIONS and the JSON error', async () => {
    const { host } = new URL(url);
    const answer = await exchange(
      url,
      `TRACE /functions/v1/contact-form HTTP/1.1\r\nHost: ${host}\r\nUser-Agent: curl/8.14.1\r\nAccept: */*\r\nConnection: close\r\n\r\n`,
    );
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('POST, OPTIONS');
    expect(answer.headers['content-type']).toBe('application/json');
    expect(JSON.parse(answer.body.toString())).toEqual({ success: false, error: 'Method not allowed' });
  });

  it('prints one line per new lead, with what became of its notification, and sends it to the webhook', async () => {
    const lead = {
      form_type: 'hero',
      submission_id: randomUUID(),
      name: 'Dave \u001b[2JHughes',
      email: 'dave@hughesplumbing.co.uk',
      trade: 'plumber',
      page: '/',
    };
    expect(await (await post(lead)).json()).toEqual({ success: true });
    expect(await (await post(lead)).json()).toEqual({ success: true });
    const line = await printed(/ {2}\d\d:\d\d:\d\d new lead #1 \(hero form\) from .*\n/);
    expect(line).toMatch(
      /new lead #1 \(hero form\) from Dave  \[2JHughes <dave@hughesplumbing\.co\.uk>: sent to webhook\n$/,
    );
    expect(stdout.match(/new lead #/g)).toHaveLength(1);
    expect(webhook.received.map((request) => request.body.submission_id)).toEqual([lead.submission_id]);
  });

  it('says when a lead could not be sent on', async () => {
    webhook.mode = 'fail';
    await post({ form_type: 'newsletter', submission_id: randomUUID(), email: 'news@example.co.uk' });
    await printed(
      /new lead #2 \(newsletter form\) from news@example\.co\.uk: not sent \(webhook: answered 500\); retried on a later request\n/,
    );
  });

  it('holds the rate limit of LEAD_RATE_LIMIT', async () => {
    const third = await post({ form_type: 'newsletter', submission_id: randomUUID(), email: 'third@example.co.uk' });
    expect(third.status).toBe(429);
  });

  it('sitegen leads asks the running server, and lists the lead not sent on', async () => {
    const listed = await runSitegen(['leads', '--leads-dir', join(work, 'leads')]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(
      '2 leads\nNot sent to the agency (1):\n  #2 news@example.co.uk: webhook: answered 500 (attempt 1 of 8;',
    );
    const json = await runSitegen(['leads', '--json', '--leads-dir', join(work, 'leads')]);
    const rows = JSON.parse(json.stdout) as { email: string; notified_by: string[] }[];
    expect(rows.map((row) => [row.email, row.notified_by])).toEqual([
      ['dave@hughesplumbing.co.uk', ['webhook']],
      ['news@example.co.uk', []],
    ]);
  });

  it('a closed terminal (SIGHUP) stops the server cleanly, its database closed with every lead in it', async () => {
    const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
      preview.once('exit', (code, signal) => resolve([code, signal])),
    );
    preview.kill('SIGHUP');
    expect(await exited).toEqual([0, null]);
    const listed = await runSitegen(['leads', '--leads-dir', join(work, 'leads')]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain('2 leads\n');
  });
});

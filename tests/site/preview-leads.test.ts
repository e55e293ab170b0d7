/**
 * `sitegen preview` as a developer runs it, the executable in its own
 * process, with the lead settings in its environment: where it says leads
 * go, the line it prints for each new lead, the lead sent on to a stand-in
 * webhook, and `sitegen leads` asking the running server for them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
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
/** The server the cases that send no lead share; the story of a visitor's leads runs one of its own. */
let shared: RunningPreview;

const settings = { LEAD_RATE_LIMIT: '2/10m', RESEND_API_KEY: '', LEAD_EMAIL_TO: '', LEAD_EMAIL_FROM: '' };

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'sitegen-preview-'));
  webhook = await startStandIn('webhook');
  shared = await startPreviewProcess('shared');
}, 120_000);
afterAll(async () => {
  await Promise.all(running.map((each) => each.stop()));
  await webhook?.close();
  await rm(work, { recursive: true, force: true });
});

interface RunningPreview {
  process: ChildProcess;
  url: string;
  leadsDir: string;
  /** What it printed so far. */
  stdout(): string;
  stop(): Promise<void>;
}
const running: RunningPreview[] = [];

/** `sitegen preview` in a process of its own, with its own lead database, made before (as on every start but the first). */
async function startPreviewProcess(name: string, env: NodeJS.ProcessEnv = {}): Promise<RunningPreview> {
  const leadsDir = join(work, name);
  // tests/unit/lead-database-migrations.test.ts makes one from nothing. A server started again on its folder keeps its leads.
  if (!existsSync(leadsDir)) await copyMigratedLeads(leadsDir);
  const server = spawn(
    process.execPath,
    [executable, 'preview', '--port', '0', '--host', '127.0.0.1', '--dir', inject('siteDir'), '--leads-dir', leadsDir],
    {
      cwd: projectRoot,
      env: { ...process.env, ...settings, LEAD_WEBHOOK_URL: `${webhook.url}/hook`, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  server.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    server.stdout!.on('data', () => {
      const match = /sitegen preview: (http:\/\/[^/\s]+)\//.exec(stdout);
      if (match) resolve(match[1]!);
    });
    server.on('exit', (code) => reject(new Error(`preview exited with ${code}: ${stdout}`)));
  });
  const stop = async () => {
    if (server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  };
  const started = { process: server, url, leadsDir, stdout: () => stdout, stop };
  running.push(started);
  return started;
}

const post = (to: RunningPreview, body: object) =>
  fetch(`${to.url}/functions/v1/contact-form`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** Waits for the server to print a line matching `pattern`. */
async function printed(by: RunningPreview, pattern: RegExp): Promise<string> {
  await expect.poll(() => pattern.test(by.stdout()), { timeout: 10_000 }).toBe(true);
  return pattern.exec(by.stdout())![0];
}

describe('sitegen preview with lead settings in its environment', () => {
  it('says where leads go, and the command that lists those leads', async () => {
    expect(await printed(shared, /leads {6}POST \S+ → .+/)).toBe(
      `leads      POST ${shared.url}/functions/v1/contact-form → ${shared.leadsDir} (see them with \`sitegen leads --leads-dir ${shared.leadsDir}\`)`,
    );
    await printed(shared, /leads {6}sent to webhook; at most 2 per client in 600 s/);
  });

  it('a second server on its lead folder is refused, naming the way to run both; preview or dev off the loopback is refused for its --host first', async () => {
    const second = (host: string) =>
      runSitegen([
        'preview',
        '--port',
        '0',
        '--host',
        host,
        '--dir',
        inject('siteDir'),
        '--leads-dir',
        shared.leadsDir,
      ]);
    const beside = await second('127.0.0.1');
    expect(beside.code).toBe(1);
    expect(beside.stderr).toContain(
      `the lead database ${shared.leadsDir} is in use by process ${shared.process.pid} (a running \`sitegen preview\` or \`sitegen dev\`?); PGlite allows one process at a time: stop that process and try again (for two servers at once, give one a lead folder of its own with --leads-dir)`,
    );
    const open = await second('0.0.0.0');
    const openDev = await runSitegen(['dev', '--port', '0', '--host', '0.0.0.0', '--leads-dir', shared.leadsDir]);
    for (const refused of [open, openDev]) {
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/^sitegen: --host: expected this machine's loopback .*found "0\.0\.0\.0"/);
    }
  });

  it('answers `curl -X TRACE` at the lead endpoint with 405, Allow: POST, OPTIONS and the JSON error', async () => {
    const { host } = new URL(shared.url);
    const answer = await exchange(
      shared.url,
      `TRACE /functions/v1/contact-form HTTP/1.1\r\nHost: ${host}\r\nUser-Agent: curl/8.14.1\r\nAccept: */*\r\nConnection: close\r\n\r\n`,
    );
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('POST, OPTIONS');
    expect(answer.headers['content-type']).toBe('application/json');
    expect(JSON.parse(answer.body.toString())).toEqual({ success: false, error: 'Method not allowed' });
  });

  // One story, its steps in order, on a server of its own: the leads a visitor sends are numbered, counted against the
  // limit, listed, and kept when the terminal closes.
  it('prints one line per new lead with what became of its notification, sends it to the webhook, holds the rate limit of LEAD_RATE_LIMIT; sitegen leads asks the running server and lists the lead not sent on; a closed terminal (SIGHUP) stops the server cleanly, its database closed with every lead in it', async () => {
    const preview = await startPreviewProcess('story');
    const lead = {
      form_type: 'hero',
      submission_id: randomUUID(),
      name: 'Dave \u001b[2JHughes',
      email: 'dave@hughesplumbing.co.uk',
      trade: 'plumber',
      page: '/',
    };
    expect(await (await post(preview, lead)).json()).toEqual({ success: true });
    expect(await (await post(preview, lead)).json()).toEqual({ success: true });
    const line = await printed(preview, / {2}\d\d:\d\d:\d\d new lead #1 \(quick quote form\) from .*\n/);
    expect(line).toMatch(
      /new lead #1 \(quick quote form\) from Dave  \[2JHughes <dave@hughesplumbing\.co\.uk>: sent to webhook\n$/,
    );
    expect(preview.stdout().match(/new lead #/g)).toHaveLength(1);
    expect(webhook.received.map((request) => request.body.submission_id)).toEqual([lead.submission_id]);

    // It says when a lead could not be sent on.
    webhook.mode = 'fail';
    await post(preview, { form_type: 'newsletter', submission_id: randomUUID(), email: 'news@example.co.uk' });
    await printed(
      preview,
      /new sign-up #2 \(newsletter form\) from news@example\.co\.uk: not sent \(webhook: answered 500\); retried on a later request\n/,
    );

    // A third lead from the same client within the limit's 10 minutes.
    const third = await post(preview, {
      form_type: 'newsletter',
      submission_id: randomUUID(),
      email: 'third@example.co.uk',
    });
    expect(third.status).toBe(429);

    const listed = await runSitegen(['leads', '--leads-dir', preview.leadsDir]);
    expect(listed.code).toBe(0);
    // The form and the trade in the notification's words, not as stored (hero, plumber).
    expect(listed.stdout.split('\n')[2]).toMatch(/^1 +[\d-]+ [\d:]+ +quick quote +Dave .* Plumber +/);
    expect(listed.stdout).toContain(
      '2 leads\nNot sent to the agency (1):\n  #2 news@example.co.uk: webhook: answered 500 (attempt 1 of 8;',
    );
    const json = await runSitegen(['leads', '--json', '--leads-dir', preview.leadsDir]);
    const rows = JSON.parse(json.stdout) as { email: string; notified_by: string[] }[];
    expect(rows.map((row) => [row.email, row.notified_by])).toEqual([
      ['dave@hughesplumbing.co.uk', ['webhook']],
      ['news@example.co.uk', []],
    ]);

    const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
      preview.process.once('exit', (code, signal) => resolve([code, signal])),
    );
    preview.process.kill('SIGHUP');
    expect(await exited).toEqual([0, null]);
    const afterStop = await runSitegen(['leads', '--leads-dir', preview.leadsDir]);
    expect(afterStop.code).toBe(0);
    expect(afterStop.stdout).toContain('2 leads\n');
    // Four processes started one after another, each slow to start on a busy machine.
  }, 60_000);

  it('sitegen leads says a notification that failed is tried again by a server started with notifications on while none runs, not tried again while the running server has them off, and tried again once they are on', async () => {
    webhook.mode = 'fail';
    const before = await startPreviewProcess('notifications-off');
    try {
      await post(before, { form_type: 'newsletter', submission_id: randomUUID(), email: 'off@example.co.uk' });
      await printed(before, /new sign-up #1 \(newsletter form\) from off@example\.co\.uk: not sent/);
    } finally {
      await before.stop();
      webhook.mode = 'ok';
    }
    const notSent = async (preview: RunningPreview) => {
      const listed = await runSitegen(['leads', '--leads-dir', preview.leadsDir]);
      expect(listed.code).toBe(0);
      const lines = listed.stdout.split('\n');
      return [lines[2]!.split(/ {2,}/).at(-1), ...lines.slice(lines.indexOf('Not sent to the agency (1):'))];
    };
    // No server running: none is retrying it; whether it is tried again is the next server's to decide, by its settings.
    expect(await notSent(before)).toEqual([
      'waiting',
      'Not sent to the agency (1):',
      expect.stringMatching(
        /^ {2}#1 off@example\.co\.uk: webhook: answered 500 \(attempt 1 of 8; tried again from \d{4}-\d\d-\d\d \d\d:\d\d UK time, on the next request to a sitegen preview or dev started with notifications on\)$/,
      ),
      '',
    ]);
    // Started again with no webhook and no e-mail: nothing is sent on, so nothing is retried.
    const off = await startPreviewProcess('notifications-off', { LEAD_WEBHOOK_URL: '' });
    try {
      await printed(
        off,
        /leads {6}not sent on \(set LEAD_WEBHOOK_URL or RESEND_API_KEY, LEAD_EMAIL_TO, LEAD_EMAIL_FROM\)/,
      );
      expect(await notSent(off)).toEqual([
        'failed',
        'Not sent to the agency (1):',
        '  #1 off@example.co.uk: webhook: answered 500 (attempt 1 of 8; not tried again while notifications are off: pass it on by hand)',
        '',
      ]);
    } finally {
      await off.stop();
    }
    // With the webhook again, the next request sends it: the listing says so.
    const on = await startPreviewProcess('notifications-off');
    try {
      expect(await notSent(on)).toEqual([
        'retrying',
        'Not sent to the agency (1):',
        expect.stringMatching(
          /^ {2}#1 off@example\.co\.uk: webhook: answered 500 \(attempt 1 of 8; tried again from \d{4}-\d\d-\d\d \d\d:\d\d UK time, on the next request\)$/,
        ),
        '',
      ]);
    } finally {
      await on.stop();
    }
  }, 60_000);
});

/**
 * Leads kept no longer than the privacy policy says (src/leads/lead-retention.ts
 * and the retention migration), and the Google Ads import file, through
 * `sitegen leads` on a real local database (its command in this process; the
 * executable once, for what it prints and its exit code): a lead a year and a day old
 * by SITEGEN_NOW is purged, one a day short of a year is kept, an erasure
 * request deletes every lead of one address, and the leads from an ad click
 * come out as Google Ads reads them.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { touchColumns, type Touch } from '../../supabase/functions/_shared/attribution.ts';
import { openLeadDatabase } from '../../src/leads/lead-database';
import { leadRetentionMonths, purgeOldLeads } from '../../src/leads/lead-retention';
import { listLeads } from '../../src/leads/pglite-lead-store';
import { leadsCommand, printLeads, type LeadsCommandOptions } from '../../src/leads/print-leads';
import { startPreview } from '../../src/server/preview';
import { projectRoot, runSitegen } from '../support/cli';
import { copyMigratedLeads, openMigratedLeadDatabase } from '../support/migrated-leads';

const received = new Date('2025-03-30T09:15:00Z');
const adClick: Touch = { landing_path: '/', utm_source: 'google', utm_medium: 'cpc', gclid: 'Cj0KCQ-TEST_1' };

/** A lead row as the migrations store it, received at `at`. */
function row(email: string, at: Date, touch: Touch | null = null) {
  return {
    submission_id: randomUUID(),
    form_type: 'hero',
    name: 'Dave Hughes',
    email,
    page: '/',
    created_at: at,
    ...touchColumns(touch, touch),
  };
}

async function insert(db: Awaited<ReturnType<typeof openLeadDatabase>>, rows: Record<string, unknown>[]) {
  for (const lead of rows) {
    const names = Object.keys(lead);
    await db.query(
      `insert into public.leads (${names.join(', ')}) values (${names.map((_, i) => `$${i + 1}`).join(', ')})`,
      Object.values(lead),
    );
  }
}

const day = 24 * 60 * 60 * 1000;

/** The files of a lead folder that hold `text`, in any case: a copy or a backup of the folder keeps what they hold. */
const filesHolding = (dir: string, text: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => readFileSync(path, 'latin1').toLowerCase().includes(text));

// Made once for the tests that open a copy; slow only the first time on a machine.
const monthsAfter = (date: Date, months: number) => {
  const later = new Date(date);
  later.setUTCMonth(later.getUTCMonth() + months);
  return later;
};

describe('purge_old_leads', { timeout: 60_000 }, () => {
  it(`deletes a lead ${leadRetentionMonths} months and a day after it was received, not a day before, a newsletter sign-up too`, async () => {
    const db = await openMigratedLeadDatabase();
    try {
      await insert(db, [
        row('old@example.co.uk', received),
        { ...row('subscriber@example.co.uk', received), form_type: 'newsletter', name: null },
        row('new@example.co.uk', new Date(received.getTime() + 2 * day)),
      ]);
      const kept = new Date(monthsAfter(received, leadRetentionMonths).getTime() - day);
      expect(await purgeOldLeads(db, kept)).toBe(0);
      const purgedAt = new Date(monthsAfter(received, leadRetentionMonths).getTime() + day);
      expect(await purgeOldLeads(db, purgedAt)).toBe(2);
      expect((await listLeads(db)).map((lead) => lead.email)).toEqual(['new@example.co.uk']);
    } finally {
      await db.close();
    }
  });

  it("deletes a sender's hashed address a day after it was kept, with no lead sent since: purged daily, none is kept past the two days the privacy policy says", async () => {
    const policy = await readFile(join(projectRoot, 'content/legal/privacy-policy.md'), 'utf8');
    expect(policy).toContain('it keeps only a scrambled form of it (a salted hash), for two days at most,');
    const db = await openMigratedLeadDatabase();
    try {
      const now = new Date('2027-03-10T12:00:00Z');
      for (const [client, hoursAgo] of [
        ['two days', 48],
        ['a day and a minute', 24 + 1 / 60],
        ['an hour', 1],
      ] as const)
        await db.query('insert into public.lead_rate_events (client_hash, at) values ($1, $2)', [
          client,
          new Date(now.getTime() - hoursAgo * 3_600_000),
        ]);
      expect(await purgeOldLeads(db, now)).toBe(0);
      const kept = await db.query<{ client_hash: string }>('select client_hash from public.lead_rate_events');
      expect(kept.rows.map((event) => event.client_hash)).toEqual(['an hour']);
    } finally {
      await db.close();
    }
  });
});

/** What `sitegen leads` prints with console.log, run in this process with SITEGEN_NOW as given. */
async function printedBy(options: Omit<LeadsCommandOptions, 'conversionName'>, now?: string): Promise<string> {
  const lines: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(`${line}\n`));
  process.env.SITEGEN_NOW = now;
  if (now === undefined) delete process.env.SITEGEN_NOW;
  try {
    await leadsCommand({ root: projectRoot, conversionName: 'Lead', ...options });
  } finally {
    log.mockRestore();
    delete process.env.SITEGEN_NOW;
  }
  return lines.join('');
}

// Each opening of the embedded Postgres takes seconds on a busy machine.
describe('sitegen leads', { timeout: 120_000 }, () => {
  let dir: string;
  let leadsDir: string;
  /** A migrated database holding the same four leads, stored once and copied for each case: one case's --erase or --purge is not another's starting point. */
  let withLeads: string;
  beforeAll(async () => {
    withLeads = join(await mkdtemp(join(tmpdir(), 'sitegen-retention-leads-')), 'leads');
    await copyMigratedLeads(withLeads);
    const db = await openLeadDatabase(withLeads);
    try {
      await insert(db, [
        row('dave@hughesplumbing.co.uk', received, adClick),
        row('sarah@oneill-electrical.co.uk', new Date('2025-07-04T16:00:00Z'), {
          referrer_origin: 'https://www.bing.com',
        }),
        row('Sarah@ONeill-Electrical.co.uk', new Date('2025-11-02T08:30:05Z'), { ...adClick, gclid: 'EAIaIQ-2' }),
        row('ios@example.co.uk', new Date('2025-11-03T08:30:05Z'), { gbraid: 'Ob0KCQ-3' }),
      ]);
    } finally {
      await db.close();
    }
  }, 120_000);
  afterAll(() => rm(join(withLeads, '..'), { recursive: true, force: true }));
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sitegen-retention-'));
    leadsDir = join(dir, 'leads');
    await cp(withLeads, leadsDir, { recursive: true });
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  // The executable itself, once: what it prints on each stream, and its exit code.
  it('--google-ads writes the enquiries from an ad click of the last 90 days as the click-conversion import file, times in London', async () => {
    // A newsletter sign-up from an ad click: no enquiry, so no conversion.
    const db = await openLeadDatabase(leadsDir);
    try {
      const signUp = row('subscriber@example.co.uk', new Date('2025-11-03T09:00:00Z'), { gclid: 'NEWS-1' });
      // The last click on an iPhone, an older one with a GCLID first: the last click wins, so the old one is not credited.
      const iPhone = row('ipad@example.co.uk', new Date('2025-11-03T10:00:00Z'));
      const clicks = touchColumns({ ...adClick, gclid: 'OLD-CLICK' }, { landing_path: '/', gbraid: 'Ob0KCQ-5' });
      await insert(db, [
        { ...signUp, form_type: 'newsletter', name: null },
        { ...iPhone, ...clicks },
      ]);
    } finally {
      await db.close();
    }
    // A conversion's name is for that file alone: given without --google-ads, it asks for the file.
    const named = await runSitegen(['leads', '--leads-dir', leadsDir, '--conversion-name', 'Quote request'], {
      env: { SITEGEN_NOW: '2025-11-04T12:00:00Z' },
    });
    expect(named.stdout).toBe(
      [
        'Parameters:TimeZone=Europe/London',
        'Google Click ID,Conversion Name,Conversion Time,Conversion Value,Conversion Currency',
        // 2 November is GMT: London's time is UTC's (BST's hour: lead-attribution.test).
        'EAIaIQ-2,Quote request,2025-11-02 08:30:05+0000,,',
        '',
      ].join('\r\n'),
    );
    expect(named.stderr).toBe(
      [
        'sitegen: 1 lead from the newsletter form left out: a sign-up is not an enquiry',
        'sitegen: 2 leads from an iOS click (gbraid or wbraid, no GCLID) left out: this file carries GCLIDs only',
        'sitegen: 1 lead from a click more than 90 days ago left out: Google Ads takes clicks up to 90 days old',
        '',
      ].join('\n'),
    );
    expect(named.code).toBe(0);
  });

  it("--google-ads by a SITEGEN_NOW set years ahead (to see scheduled articles) still writes yesterday's click", async () => {
    const db = await openLeadDatabase(leadsDir);
    try {
      await insert(db, [row('recent@example.co.uk', new Date(Date.now() - day), { ...adClick, gclid: 'RECENT-1' })]);
    } finally {
      await db.close();
    }
    const ahead = await runSitegen(['leads', '--leads-dir', leadsDir, '--google-ads'], {
      env: { SITEGEN_NOW: '2099-01-01' },
    });
    // The four leads of 2025 are more than 90 days before the real time: yesterday's click alone is written.
    expect(ahead.stdout.split('\r\n').slice(2)).toEqual([expect.stringMatching(/^RECENT-1,Website enquiry,\d/), '']);
    expect(ahead.code).toBe(0);
  });

  it('--erase takes an address whose domain is written in other letters than ASCII (bücher.de) as the forms store it', async () => {
    const db = await openLeadDatabase(leadsDir);
    await insert(db, [row('jo@xn--bcher-kva.de', received)]);
    await db.close();
    const erased = await runSitegen(['leads', '--erase', ' Jo@Bücher.de ', '--leads-dir', leadsDir]);
    expect([erased.code, erased.stdout, erased.stderr]).toEqual([0, 'deleted 1 lead of Jo@xn--bcher-kva.de\n', '']);
  });

  it('--erase deletes every lead of one address, in any case, from the database and from its files, and says how many; a folder with no database (missing or empty) is named, by --erase and by the list, and fails an export', async () => {
    expect(filesHolding(leadsDir, 'oneill-electrical')).not.toEqual([]);
    expect(await printedBy({ leadsDir, erase: 'sarah@oneill-electrical.co.uk' })).toBe(
      'deleted 2 leads of sarah@oneill-electrical.co.uk\n',
    );
    // Nor left in the folder's files (the table's, the write-ahead log's), where they could still be read.
    expect(filesHolding(leadsDir, 'oneill-electrical')).toEqual([]);
    // A folder named wrongly, missing or empty: the request must not look done, nor a database be made there.
    const empty = join(dir, 'empty-folder');
    mkdirSync(empty);
    for (const nowhere of [join(dir, 'no-such-folder'), empty]) {
      expect(await printedBy({ leadsDir: nowhere, erase: 'sarah@oneill-electrical.co.uk' })).toBe(
        `no lead database at ${nowhere}: nothing deleted\n`,
      );
      expect(await printedBy({ leadsDir: nowhere })).toBe(
        `no lead database at ${nowhere}: no leads yet (sitegen preview and dev make it as they start)\n`,
      );
      // Nor an empty file to upload or import: the command fails, naming the folder.
      for (const format of [{ csv: true }, { json: true }, { googleAds: true }])
        await expect(printedBy({ leadsDir: nowhere, ...format }), Object.keys(format)[0]).rejects.toThrow(
          `no lead database at ${nowhere}: check --leads-dir (sitegen preview and dev make it as they start)`,
        );
    }
    expect(readdirSync(empty)).toEqual([]);
    const left = await printLeads({ root: projectRoot, leadsDir, format: 'json' });
    expect(JSON.parse(left).map((lead: { email: string }) => lead.email)).toEqual([
      'dave@hughesplumbing.co.uk',
      'ios@example.co.uk',
    ]);
  });

  it(`--purge deletes, by SITEGEN_NOW, the leads received more than ${leadRetentionMonths} months ago`, async () => {
    expect(await printedBy({ leadsDir, purge: true }, '2026-03-29T09:15:00Z')).toBe(
      'deleted 0 leads received more than 12 months ago\n',
    );
    expect(filesHolding(leadsDir, 'hughesplumbing')).not.toEqual([]);
    expect(await printedBy({ leadsDir, purge: true }, '2026-03-31T09:15:00Z')).toBe(
      'deleted 1 lead received more than 12 months ago\n',
    );
    expect(filesHolding(leadsDir, 'hughesplumbing')).toEqual([]);
    const left = await printLeads({ root: projectRoot, leadsDir, format: 'csv' });
    expect(
      left
        .trim()
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(',')[4]),
    ).toEqual(['sarah@oneill-electrical.co.uk', 'Sarah@ONeill-Electrical.co.uk', 'ios@example.co.uk']);
  });

  it('--purge by a SITEGEN_NOW set years ahead (to see scheduled articles) deletes no lead the real time keeps', async () => {
    const db = await openLeadDatabase(leadsDir);
    await insert(db, [row('today@example.co.uk', new Date())]).finally(() => db.close());
    // The four of 2025 are more than 12 months old by the real time; today's lead is kept.
    expect(await printedBy({ leadsDir, purge: true }, '2099-01-01T00:00:00Z')).toBe(
      'deleted 4 leads received more than 12 months ago\n',
    );
    const left = JSON.parse(await printLeads({ root: projectRoot, leadsDir, format: 'json' })) as { email: string }[];
    expect(left.map((lead) => lead.email)).toEqual(['today@example.co.uk']);
  });
});

describe('sitegen preview', () => {
  it('purges the leads past their time at start, by SITEGEN_NOW', { timeout: 120_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sitegen-preview-purge-'));
    const leadsDir = join(dir, 'leads');
    await copyMigratedLeads(leadsDir);
    const db = await openLeadDatabase(leadsDir);
    await insert(db, [row('old@example.co.uk', received), row('new@example.co.uk', new Date('2026-01-05T10:00:00Z'))]);
    await db.close();
    process.env.SITEGEN_NOW = '2026-03-31T09:15:00Z';
    const preview = await startPreview({
      root: projectRoot,
      dir: inject('siteDir'),
      port: 0,
      host: '127.0.0.1',
      leadsDir,
      leadSettings: { allowedOrigins: '*', rateLimit: null, webhook: null, email: null },
    }).finally(() => delete process.env.SITEGEN_NOW);
    try {
      expect(preview.purged).toBe(1);
      expect((await listLeads(preview.leads)).map((lead) => lead.email)).toEqual(['new@example.co.uk']);
    } finally {
      await preview.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the privacy policy', () => {
  it(`promises what purge_old_leads does: enquiries and newsletter sign-ups deleted ${leadRetentionMonths} months after they are received`, async () => {
    const policy = await readFile(join(projectRoot, 'content', 'legal', 'privacy-policy.md'), 'utf8');
    const promises = [...policy.matchAll(/^- \*\*(.+):\*\* deleted (\d+) months after we receive/gm)].map((match) => [
      match[1],
      Number(match[2]),
    ]);
    // Every form's lead, the newsletter's among them (purge_old_leads does not ask which form sent it).
    expect(promises).toEqual([
      [
        "Enquiries and newsletter sign-ups sent through our website's forms, with how you found us",
        leadRetentionMonths,
      ],
    ]);
    // A sign-up is stored as a lead, with its page and attribution: the policy says so.
    expect(policy).toMatch(
      /newsletter, we collect your email address, with the page you signed up on and how you found us/,
    );
  });
});

/**
 * The leads as `sitegen leads` lists them from the local lead database
 * (src/leads/pglite-lead-store.ts) and prints them (src/leads/format-leads.ts):
 * every column, oldest first; a table for the terminal, JSON and CSV, a
 * visitor's control and bidi characters kept out of a terminal and formulas
 * out of a spreadsheet.
 */
import { describe, expect, it } from 'vitest';
import { touchColumns } from '../../supabase/functions/_shared/attribution.ts';
import { formatLeads } from '../../src/leads/format-leads';
import { listLeads, type LeadRow } from '../../src/leads/pglite-lead-store';
import { emptyShared, shared, useSharedLeadDatabase } from '../support/lead-database-setup';
import { adClick } from '../support/touches';

useSharedLeadDatabase();

describe('listing and formatting', () => {
  const rows: LeadRow[] = [
    {
      id: 1,
      created_at: new Date('2024-01-15T09:30:12.345Z'),
      submission_id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      form_type: 'hero',
      name: 'Dave Hughes',
      email: 'dave@hughesplumbing.co.uk',
      phone: '01332 123456',
      trade: 'plumber',
      business_name: null,
      location: null,
      budget: null,
      services_interested: [],
      message: null,
      page: '/',
      ...touchColumns(adClick, adClick),
      notified_at: new Date('2024-01-15T09:30:13.000Z'),
      notified_by: ['email', 'webhook'],
      notify_attempts: 1,
      notify_error: null,
      next_notify_at: null,
    },
    {
      id: 2,
      created_at: new Date('2024-01-16T14:05:00.000Z'),
      submission_id: '16fd2706-8baf-433b-82eb-8c7fada847da',
      form_type: 'contact',
      name: 'Sarah "Sal" O\'Neill-Montgomery-Smythe',
      email: 'sarah@oneill-electrical.co.uk',
      phone: '+44 7700 900123',
      trade: 'heating',
      business_name: "O'Neill Electrical, Derby",
      location: 'Derby',
      budget: '1000-2500',
      services_interested: ['Local SEO', 'Google Ads'],
      message: 'Line one,\nline two\x1b[31m',
      page: '/contact',
      ...touchColumns({ landing_path: '/blog/van-signs', referrer_origin: 'https://www.bing.com' }, null),
      notified_at: null,
      notified_by: ['email'],
      notify_attempts: 2,
      notify_error: 'webhook: answered 500',
      next_notify_at: new Date('2024-01-16T14:10:01.000Z'),
    },
    {
      id: 3,
      created_at: new Date('2024-01-17T08:00:00.000Z'),
      submission_id: '2c1b4a8e-3f5d-4e6a-9b7c-0d1e2f3a4b5c',
      form_type: 'newsletter',
      name: null,
      email: 'news@example.co.uk',
      phone: null,
      trade: null,
      business_name: null,
      location: null,
      budget: null,
      services_interested: [],
      message: '=HYPERLINK("http://evil.example")',
      page: '/blog',
      ...touchColumns(null, null),
      notified_at: null,
      notified_by: [],
      notify_attempts: 0,
      notify_error: null,
      next_notify_at: null,
    },
  ];

  it('lists every lead oldest first, every column', async () => {
    await emptyShared();
    for (const row of [rows[2]!, rows[0]!, rows[1]!]) {
      const { id: _, ...columns } = row;
      const names = Object.keys(columns);
      await shared.query(
        `insert into public.leads (${names.join(', ')}) values (${names.map((_, i) => `$${i + 1}`).join(', ')})`,
        Object.values(columns),
      );
    }
    const listed = await listLeads(shared);
    expect(listed.map(({ id, ...rest }) => rest)).toEqual(rows.map(({ id, ...rest }) => rest));
    expect(listed.map((row) => row.id)).toEqual([2, 3, 1]);
  });

  it('cuts no phone number in the table, however it was written: it is the number the agency calls back', () => {
    const phone = '+44 (0) 1332 - 123 456';
    const [, , line] = formatLeads([{ ...rows[1]!, phone }], 'table').split('\n');
    expect(line).toContain(`  ${phone}  Heating Engineer`);
  });

  it("formats a table for the terminal: one line per lead, its form and trade in the notification's words, long cells cut, whether the agency was told; then how each found the site, whole; and why one was not told; no server running, it waits for a server with notifications on", () => {
    expect(formatLeads(rows, 'table')).toBe(
      [
        '#  Time (UK)         Form         Name                      Email                          Phone            Trade             Source                        Notified',
        '-  ----------------  -----------  ------------------------  -----------------------------  ---------------  ----------------  ----------------------------  --------',
        '1  2024-01-15 09:30  quick quote  Dave Hughes               dave@hughesplumbing.co.uk      01332 123456     Plumber           Google Ads, campaign plumbe…  sent',
        '2  2024-01-16 14:05  contact      Sarah "Sal" O\'Neill-Mon…  sarah@oneill-electrical.co.uk  +44 7700 900123  Heating Engineer  Bing search                   waiting',
        '3  2024-01-17 08:00  newsletter                             news@example.co.uk                                                not known                     off',
        '3 leads',
        'How they found the site:',
        '  #1 Dave Hughes: Found us from Google Ads, campaign plumbers-derby, landing on /',
        '  #2 Sarah "Sal" O\'Neill-Montgomery-Smythe: Found us from Bing search, landing on /blog/van-signs',
        'Not sent to the agency (1):',
        '  #2 Sarah "Sal" O\'Neill-Montgomery-Smythe: webhook: answered 500 (attempt 2 of 8; tried again from 2024-01-16 14:10 UK time, on the next request to a sitegen preview or dev started with notifications on)',
        '',
      ].join('\n'),
    );
    // In summer, the time the agency's clocks read: BST, as the notification says it.
    const summer = formatLeads([{ ...rows[0]!, created_at: new Date('2024-07-01T09:15:00Z') }], 'table');
    expect(summer.split('\n')[2]).toMatch(/^1 {2}2024-07-01 10:15 {2}quick quote/);
    // Asked of a running server with notifications on, which sends it on the next request it answers.
    const running = formatLeads(rows, 'table', { notifying: true });
    expect(running.split('\n')[3]).toMatch(/ {2}retrying$/);
    expect(running).toContain(
      '  #2 Sarah "Sal" O\'Neill-Montgomery-Smythe: webhook: answered 500 (attempt 2 of 8; tried again from 2024-01-16 14:10 UK time, on the next request)\n',
    );
    const gaveUp = { ...rows[1]!, notify_attempts: 8, next_notify_at: null };
    expect(formatLeads([gaveUp], 'table')).toContain(
      '  #2 Sarah "Sal" O\'Neill-Montgomery-Smythe: webhook: answered 500 (gave up after 8 attempts: pass it on by hand)\n',
    );
    expect(formatLeads([], 'table')).toBe('No leads yet.\n');
  });

  it('keeps terminal escapes, line breaks and bidi overrides of a visitor out of the table', () => {
    const table = formatLeads(
      [
        {
          ...rows[0]!,
          name: 'Evil\x1b]0;pwned\x07\nName',
          email: 'a\u202egnp.exe@example.com',
          phone: '\u2066077\u2069\u200f',
        },
      ],
      'table',
    );
    expect(table).toContain('  Evil ]0;pwned Name  ');
    expect(table).toContain('  a gnp.exe@example.com  ');
    expect(table).toMatch(/ {2}077 {2,}Plumber/);
    expect(table).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
  });

  it('keeps the table lined up for names a terminal shows two columns wide (Chinese, emoji), cutting them by width', () => {
    const names = ['陳大文水電工程有限公司專業服務', '👷🏽‍♀️ Jo Bloggs', 'Dave Hughes'];
    const table = formatLeads(
      names.map((name) => ({ ...rows[0]!, name })),
      'table',
    );
    const lines = table.split('\n').slice(2, 5);
    expect(lines.map((line) => line.slice(0, line.indexOf('dave@')))).toEqual([
      '1  2024-01-15 09:30  quick quote  陳大文水電工程有限公司…  ',
      '1  2024-01-15 09:30  quick quote  👷🏽‍♀️ Jo Bloggs             ',
      '1  2024-01-15 09:30  quick quote  Dave Hughes              ',
    ]);
  });

  it('formats JSON with every column as stored (hero, plumber: machines read it), bidi controls escaped', () => {
    expect(JSON.parse(formatLeads(rows, 'json'))).toEqual(
      rows.map((row) => ({
        ...row,
        created_at: row.created_at.toISOString(),
        notified_at: row.notified_at?.toISOString() ?? null,
        next_notify_at: row.next_notify_at?.toISOString() ?? null,
      })),
    );
    expect(formatLeads([rows[0]!], 'json')).toBe(
      `[
  {
    "id": 1,
    "created_at": "2024-01-15T09:30:12.345Z",
    "form_type": "hero",
    "name": "Dave Hughes",
    "email": "dave@hughesplumbing.co.uk",
    "phone": "01332 123456",
    "trade": "plumber",
    "business_name": null,
    "location": null,
    "budget": null,
    "services_interested": [],
    "message": null,
    "page": "/",
    "first_landing_path": "/",
    "first_referrer_origin": null,
    "first_utm_source": "google",
    "first_utm_medium": "cpc",
    "first_utm_campaign": "plumbers-derby",
    "first_utm_term": null,
    "first_utm_content": null,
    "first_gclid": "TEST-1",
    "first_gbraid": null,
    "first_wbraid": null,
    "first_arrived_on": null,
    "last_landing_path": "/",
    "last_referrer_origin": null,
    "last_utm_source": "google",
    "last_utm_medium": "cpc",
    "last_utm_campaign": "plumbers-derby",
    "last_utm_term": null,
    "last_utm_content": null,
    "last_gclid": "TEST-1",
    "last_gbraid": null,
    "last_wbraid": null,
    "last_arrived_on": null,
    "submission_id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
    "notified_at": "2024-01-15T09:30:13.000Z",
    "notified_by": [
      "email",
      "webhook"
    ],
    "notify_attempts": 1,
    "notify_error": null,
    "next_notify_at": null
  }
]
`,
    );
    const bidi = formatLeads([{ ...rows[0]!, name: 'Dave \u202eevaD' }], 'json');
    expect(bidi).toContain('"name": "Dave \\u202eevaD"');
    expect(JSON.parse(bidi)[0].name).toBe('Dave \u202eevaD');
    // A terminal acts on the C1 controls as on ESC: U+009B clears the screen here, U+009D would plant a link.
    const c1 = formatLeads([{ ...rows[0]!, name: 'A\u009b2J\u009d8;;https://example.com\u009cB\u007f' }], 'json');
    expect(c1).toContain('"name": "A\\u009b2J\\u009d8;;https://example.com\\u009cB\\u007f"');
    expect(c1).not.toMatch(/[\u007f-\u009f]/);
    expect(JSON.parse(c1)[0].name).toBe('A\u009b2J\u009d8;;https://example.com\u009cB\u007f');
    expect(formatLeads([], 'json')).toBe('[]\n');
  });

  // The words the notification uses, in the table's column order, for the marketer who opens the file in a spreadsheet.
  const visit = (name: string) =>
    [
      'landing page',
      'referring site',
      'source',
      'medium',
      'campaign',
      'keyword',
      'ad',
      'Google click ID',
      'Google iOS click ID (gbraid)',
      'Google iOS click ID (wbraid)',
      'date (UTC)',
    ].map((word) => `${name} ${word},`);
  const csvHeader = [
    'Lead #,Received (UTC),Form,Name,Email,Phone,Trade,Business,Location,Budget,Services,Message,Sent from,',
    ...visit('First visit'),
    ...visit('Last visit'),
    'Submission ID,Notified (UTC),Notified by,Notification attempts,Notification error,Next notification (UTC)',
  ].join('');

  it("formats CSV per RFC 4180, the form, trade and budget in the notification's words (Heating Engineer, not heating), with formulas neutralised; to a file, after a byte order mark for Excel", () => {
    expect(formatLeads(rows, 'csv')).toBe(
      '\uFEFF' +
        [
          csvHeader,
          '1,2024-01-15T09:30:12.345Z,quick quote,Dave Hughes,dave@hughesplumbing.co.uk,01332 123456,Plumber,,,,,,/,/,,google,cpc,plumbers-derby,,,TEST-1,,,,/,,google,cpc,plumbers-derby,,,TEST-1,,,,7c9e6679-7425-40de-944b-e07fc1f90ae7,2024-01-15T09:30:13.000Z,email; webhook,1,,',
          '2,2024-01-16T14:05:00.000Z,contact,"Sarah ""Sal"" O\'Neill-Montgomery-Smythe",sarah@oneill-electrical.co.uk,\'+44 7700 900123,Heating Engineer,"O\'Neill Electrical, Derby",Derby,"£1,000 to £2,500 per month",Local SEO; Google Ads,"Line one,\nline two\x1b[31m",/contact,/blog/van-signs,https://www.bing.com,,,,,,,,,,,,,,,,,,,,,16fd2706-8baf-433b-82eb-8c7fada847da,,email,2,webhook: answered 500,2024-01-16T14:10:01.000Z',
          '3,2024-01-17T08:00:00.000Z,newsletter,,news@example.co.uk,,,,,,,"\'=HYPERLINK(""http://evil.example"")",/blog,,,,,,,,,,,,,,,,,,,,,,,2c1b4a8e-3f5d-4e6a-9b7c-0d1e2f3a4b5c,,,0,,',
          '',
        ].join('\r\n'),
    );
    expect(formatLeads([], 'csv')).toBe(`\uFEFF${csvHeader}\r\n`);
  });

  it('keeps the 0 of a phone number typed without spaces: Excel reads 07700900123 as the number 7700900123', () => {
    const phones = ['07700900123', '01332 123456', '0', '+447700900123'].map((phone) => ({ ...rows[0]!, phone }));
    const cells = formatLeads(phones, 'csv')
      .split('\r\n')
      .slice(1, -1)
      .map((line) => line.split(',')[5]);
    expect(cells).toEqual(["'07700900123", '01332 123456', '0', "'+447700900123"]);
  });

  it('writes CSV to a terminal without control or bidi characters; to a file, as stored', () => {
    const hostile = { ...rows[1]!, name: 'Sarah\u202e\u2066', message: 'Line one,\nline two\x1b[31m\x1b]0;title\x07' };
    const terminal = formatLeads([hostile], 'csv', { terminal: true });
    expect(terminal.split('\r\n')[1]).toContain(',Sarah,');
    expect(terminal.split('\r\n')[1]).toContain(',"Line one, line two [31m ]0;title",');
    expect(terminal.slice(0, -2).replaceAll('\r\n', '')).not.toMatch(
      /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/,
    );
    expect(formatLeads([hostile], 'csv')).toContain('"Line one,\nline two\x1b[31m\x1b]0;title\x07"');
  });
});

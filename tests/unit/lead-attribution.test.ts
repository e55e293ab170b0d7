/**
 * Where a lead came from (supabase/functions/_shared/attribution.ts, held by
 * the schema in lead.ts): the touches a browser sends are stored column by
 * column; anything else in them is refused; a hostile value (30 KB, NUL and
 * control characters, HTML, a `javascript:` referrer, a referring page's full
 * URL) is refused or cut before it is stored, and never reaches the
 * notification's markup or a CSV cell unescaped.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { touchColumns } from '../../supabase/functions/_shared/attribution.ts';
import { createLeadHandler, type LeadRequestHandler } from '../../supabase/functions/_shared/handle-lead-request.ts';
import { checkLead, leadRecord } from '../../supabase/functions/_shared/lead.ts';
import { formatLeads } from '../../src/leads/format-leads';
import { formatGoogleAds, tooOldClickLeads } from '../../src/leads/google-ads';
import type { PGlite } from '../../src/leads/lead-database';
import { pgliteLeadStore, type LeadRow } from '../../src/leads/pglite-lead-store';
import { holdBudgets, startStandIn, type HeldBudgets, type StandIn } from '../support/notification-stand-ins';
import { openMigratedLeadDatabase } from '../support/migrated-leads';
import { adClick } from '../support/touches';

const hero = (attribution: unknown) => ({
  form_type: 'hero',
  submission_id: randomUUID(),
  name: 'Dave Hughes',
  email: 'dave@hughesplumbing.co.uk',
  page: '/contact',
  attribution,
});

/** The touch columns a payload's lead is stored with, or the schema's error. */
function columnsOf(attribution: unknown) {
  const check = checkLead(hero(attribution));
  if (!check.success) return check.error;
  const record = leadRecord(check.lead);
  return Object.fromEntries(
    Object.entries(touchColumns(null, null)).map(([column]) => [column, record[column as keyof typeof record]]),
  );
}

describe('the schema', () => {
  it('stores the first and last touch a browser sends, column by column, and nothing when none is sent', () => {
    expect(
      columnsOf({ first: { landing_path: '/blog/van-signs', referrer_origin: 'https://www.bing.com' }, last: adClick }),
    ).toEqual(touchColumns({ landing_path: '/blog/van-signs', referrer_origin: 'https://www.bing.com' }, adClick));
    for (const nothing of [undefined, null, {}, { first: null, last: null }, { first: {}, last: { gclid: '' } }])
      expect(columnsOf(nothing)).toEqual(touchColumns(null, null));
  });

  it('refuses anything but the touch fields, as text', () => {
    expect(columnsOf('google')).toBe('attribution must be an object of first, last');
    expect(columnsOf([])).toBe('attribution must be an object of first, last');
    expect(columnsOf({ first: [], last: null })).toBe(
      'attribution.first must be an object of landing_path, referrer_origin, utm_source, utm_medium, utm_campaign, utm_term, utm_content, gclid, gbraid, wbraid, arrived_on',
    );
    expect(columnsOf({ first: null, last: null, fbclid: 'x' })).toBe('attribution must be an object of first, last');
    expect(columnsOf({ last: { ...adClick, email: 'dave@example.co.uk' } })).toBe(
      'attribution.last must be an object of landing_path, referrer_origin, utm_source, utm_medium, utm_campaign, utm_term, utm_content, gclid, gbraid, wbraid, arrived_on',
    );
    expect(columnsOf({ last: { utm_source: ['google'] } })).toBe('attribution.last.utm_source must be text');
  });

  it('cuts a 30 KB value to 200 characters, control and bidi characters out, without failing the lead', () => {
    const columns = columnsOf({
      last: {
        utm_campaign: `${'x'.repeat(30_000)}`,
        utm_source: 'goo\u0000gle\u202e\n',
        utm_term: '  plumber \t derby  ',
      },
    });
    expect(columns).toMatchObject({
      last_utm_campaign: 'x'.repeat(200),
      last_utm_source: 'goo gle',
      last_utm_term: 'plumber derby',
    });
  });

  it('drops a click identifier or an origin too long to keep whole, which cut would name another; cuts a long landing path', () => {
    const long = 'G'.repeat(201);
    expect(
      columnsOf({
        last: {
          gclid: long,
          gbraid: long,
          wbraid: long,
          referrer_origin: `https://${'a'.repeat(200)}.example`,
          landing_path: `/${'p'.repeat(300)}`,
        },
      }),
    ).toEqual(touchColumns(null, { landing_path: `/${'p'.repeat(199)}` }));
    expect(columnsOf({ last: { gclid: 'G'.repeat(200) } })).toMatchObject({ last_gclid: 'G'.repeat(200) });
  });

  it('keeps a referrer only as an origin, and a click identifier or landing path only of its form', () => {
    const stored = (touch: Record<string, string>) => columnsOf({ last: touch });
    for (const referrer of [
      'javascript:alert(1)',
      'https://www.google.com/search?q=plumber+derby',
      'data:text/html,hi',
      'ftp://example.com',
    ])
      expect(stored({ referrer_origin: referrer }), referrer).toEqual(touchColumns(null, null));
    expect(stored({ referrer_origin: 'https://www.google.co.uk' })).toMatchObject({
      last_referrer_origin: 'https://www.google.co.uk',
    });
    for (const gclid of ['a b', '-leading-dash', '<script>', 'Cj0K"x'])
      expect(stored({ gclid }), gclid).toEqual(touchColumns(null, null));
    for (const landing_path of [
      'about',
      'javascript:alert(1)',
      '/a b',
      '/contact?email=a@b.example',
      '/#x',
      '//evil.example/path',
    ])
      expect(stored({ landing_path }), landing_path).toEqual(touchColumns(null, null));
    for (const arrived_on of [
      '2026-1-5',
      'yesterday',
      '2026-01-05T10:00:00Z',
      '05/01/2026',
      '2026-13-45',
      '2026-02-30',
    ])
      expect(stored({ arrived_on }), arrived_on).toEqual(touchColumns(null, null));
    expect(stored({ arrived_on: '2026-01-05' })).toMatchObject({ last_arrived_on: '2026-01-05' });
  });
});

describe('stored, sent on and listed', () => {
  let db: PGlite;
  let webhook: StandIn;
  let handler: LeadRequestHandler;
  beforeAll(async () => {
    [db, webhook] = await Promise.all([openMigratedLeadDatabase(), startStandIn('webhook')]);
    handler = createLeadHandler({
      store: pgliteLeadStore(db),
      settings: { allowedOrigins: '*', rateLimit: null, webhook: { url: `${webhook.url}/hook` }, email: null },
      log: () => {},
    });
  }, 120_000);
  // The notification budget runs out only if the test says: a busy machine's slow stand-in is no outage.
  let budgets: HeldBudgets;
  beforeEach(() => void (budgets = holdBudgets()));
  afterEach(() => budgets.restore());
  afterAll(() => Promise.all([db?.close(), webhook?.close()]));

  const post = (body: unknown) =>
    handler(
      new Request('http://localhost/functions/v1/contact-form', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
      { address: '203.0.113.9' },
    );
  const rowOf = async (submissionId: string) =>
    (await db.query<LeadRow>('select * from public.leads where submission_id = $1', [submissionId])).rows[0]!;

  it('refuses a 30 KB value sent to the endpoint with the body limit, and stores nothing', async () => {
    const lead = hero({ last: { utm_campaign: 'x'.repeat(30_000) } });
    expect((await post(lead)).status).toBe(413);
    expect((await db.query('select 1 from public.leads where submission_id = $1', [lead.submission_id])).rows).toEqual(
      [],
    );
  });

  it("names where the lead came from in the notification, the visitor's HTML escaped in its markup", async () => {
    webhook.received = [];
    const lead = hero({
      first: { landing_path: '/blog/van-signs', referrer_origin: 'https://www.bing.com' },
      last: { ...adClick, utm_content: '<a href="https://evil.example">@channel</a>' },
    });
    expect((await post(lead)).status).toBe(200);
    const text = String(webhook.received[0]!.body.text);
    expect(text.split('\n').slice(-3)).toEqual([
      'Found us: from Google Ads, campaign plumbers-derby, landing on /',
      'Ad: &lt;a href="https://evil.example"&gt;@channel&lt;/a&gt;',
      'First visit: from Bing search, landing on /blog/van-signs',
    ]);
    expect(webhook.received[0]!.body).toMatchObject({
      last_gclid: 'TEST-1',
      first_referrer_origin: 'https://www.bing.com',
    });

    webhook.received = [];
    const html = hero({ last: { utm_source: '<script>alert(1)</script>', utm_campaign: '<b>&</b>' } });
    await post(html);
    const escaped = String(webhook.received[0]!.body.text);
    expect(escaped).toContain(
      'Found us: from &lt;script&gt;alert(1)&lt;/script&gt;, campaign &lt;b&gt;&amp;&lt;/b&gt;',
    );
    expect(escaped).not.toMatch(/[<>]/);
    const row = await rowOf(html.submission_id);
    expect(row.last_utm_source).toBe('<script>alert(1)</script>');
  });

  it('names the keyword searched for and the ad, in the notification and in sitegen leads, of each visit told apart', async () => {
    webhook.received = [];
    const boilers = { landing_path: '/blog/boilers', utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'boilers' };
    const lead = hero({
      first: { ...boilers, utm_term: 'boiler repair derby' },
      last: { ...adClick, utm_term: 'emergency plumber', utm_content: 'van-video' },
    });
    await post(lead);
    expect(String(webhook.received[0]!.body.text).split('\n').slice(-5)).toEqual([
      'Found us: from Google Ads, campaign plumbers-derby, landing on /',
      'Keyword: emergency plumber',
      'Ad: van-video',
      'First visit: from Google Ads, campaign boilers, landing on /blog/boilers',
      'First visit keyword: boiler repair derby',
    ]);
    expect(formatLeads([await rowOf(lead.submission_id)], 'table')).toContain(
      'Found us from Google Ads, campaign plumbers-derby, landing on /; Keyword emergency plumber; Ad van-video; ' +
        'First visit from Google Ads, campaign boilers, landing on /blog/boilers; First visit keyword boiler repair derby\n',
    );

    // Two clicks on one advert by different searches are two ways in; the same click twice, one.
    webhook.received = [];
    await post(hero({ first: { ...adClick, utm_term: 'plumber' }, last: { ...adClick, utm_term: 'plumber near me' } }));
    await post(hero({ first: { ...adClick, utm_term: 'plumber' }, last: { ...adClick, utm_term: 'plumber' } }));
    const foundUs = (text: unknown) => String(text).slice(String(text).indexOf('Found us:')).split('\n');
    expect(webhook.received.map(({ body }) => foundUs(body.text))).toEqual([
      [
        'Found us: from Google Ads, campaign plumbers-derby, landing on /',
        'Keyword: plumber near me',
        'First visit: from Google Ads, campaign plumbers-derby, landing on /',
        'First visit keyword: plumber',
      ],
      ['Found us: from Google Ads, campaign plumbers-derby, landing on /', 'Keyword: plumber'],
    ]);
  });

  it("neutralises a formula in any CSV cell a visitor's browser sent, and writes the agency's conversion name as it is", async () => {
    const lead = hero({
      last: { utm_campaign: '=HYPERLINK("http://evil.example")', utm_source: '@SUM(1)', gclid: 'TEST-2' },
    });
    await post(lead);
    const row = await rowOf(lead.submission_id);
    const csv = formatLeads([row], 'csv');
    expect(csv).toContain(`,'@SUM(1),,"'=HYPERLINK(""http://evil.example"")",`);
    // The name must be the conversion action's, character for character, or Google Ads matches none.
    const googleAds = (conversionName: string) =>
      formatGoogleAds([row], { conversionName, now: row.created_at }).split('\r\n')[2];
    expect(googleAds('+Website enquiry')).toMatch(/^TEST-2,\+Website enquiry,\d{4}-/);
    expect(googleAds('=Quote, "urgent"')).toMatch(/^TEST-2,"=Quote, ""urgent""",\d{4}-/);
  });

  it('writes a conversion at its time in London, and leaves out one whose click is past the 90 days Google Ads takes', async () => {
    const lead = hero({ last: { gclid: 'TEST-BST' } });
    await post(lead);
    // 09:15 UTC in British Summer Time (from 30 March 2025, 01:00 UTC) is 10:15 in London.
    const row = { ...(await rowOf(lead.submission_id)), created_at: new Date('2025-03-30T09:15:00Z') };
    const day = 24 * 60 * 60 * 1000;
    const at = (days: number) => ({ conversionName: 'Lead', now: new Date(row.created_at.getTime() + days * day) });
    expect(formatGoogleAds([row], at(90)).split('\r\n')[2]).toBe('TEST-BST,Lead,2025-03-30 10:15:00+0100,,');
    expect(tooOldClickLeads([row], at(90).now)).toEqual([]);
    expect(formatGoogleAds([row], at(91)).split('\r\n')[2]).toBe('');
    expect(tooOldClickLeads([row], at(91).now)).toEqual([row]);
  });

  it('tells apart the two 01:30s of the night the clocks go back, by their offsets', async () => {
    const lead = hero({ last: { gclid: 'TEST-GMT' } });
    await post(lead);
    const row = await rowOf(lead.submission_id);
    // 25 October 2026: at 01:00 UTC London's clocks go back from 02:00 BST to 01:00 GMT, so 01:30 comes twice.
    const rows = ['2026-10-25T00:30:00Z', '2026-10-25T01:30:00Z'].map((at) => ({ ...row, created_at: new Date(at) }));
    expect(formatGoogleAds(rows, { conversionName: 'Lead', now: rows[1]!.created_at }).split('\r\n').slice(2)).toEqual([
      'TEST-GMT,Lead,2026-10-25 01:30:00+0100,,',
      'TEST-GMT,Lead,2026-10-25 01:30:00+0000,,',
      '',
    ]);
  });

  it('leaves out a recent lead whose click came more than 90 days before it, by the day its touch was dated', async () => {
    const lead = hero({
      first: { landing_path: '/', gclid: 'OLD-CLICK', arrived_on: '2025-01-02' },
      last: { landing_path: '/blog', referrer_origin: 'https://www.bing.com', arrived_on: '2025-04-20' },
    });
    await post(lead);
    const row = { ...(await rowOf(lead.submission_id)), created_at: new Date('2025-04-20T12:00:00Z') };
    expect(row).toMatchObject({ first_arrived_on: '2025-01-02', last_arrived_on: '2025-04-20' });
    // The click's day began 2 January: 90 days later is 2 April, and no later.
    const options = (now: string) => ({ conversionName: 'Lead', now: new Date(now) });
    expect(tooOldClickLeads([row], new Date('2025-04-02T00:00:00Z'))).toEqual([]);
    expect(tooOldClickLeads([row], new Date('2025-04-20T12:00:00Z'))).toEqual([row]);
    expect(formatGoogleAds([row], options('2025-04-20T12:00:00Z')).split('\r\n')[2]).toBe('');
    // A day the browser's clock put after the lead says nothing: the lead's own time counts.
    const future = { ...row, first_arrived_on: '2031-01-01' };
    expect(tooOldClickLeads([future], new Date('2025-04-21T00:00:00Z'))).toEqual([]);
  });
});

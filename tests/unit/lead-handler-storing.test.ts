/**
 * The lead request handler (supabase/functions/_shared/handle-lead-request.ts),
 * the one the Edge Function and the local server both serve, over a real
 * embedded Postgres built from the real migrations: what ends up in the leads
 * table for each form, what a visitor is told when the store fails, and how
 * many leads a client may send.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { touchColumns } from '../../supabase/functions/_shared/attribution.ts';
import {
  createLeadHandler,
  rateLimitedMessage,
  type LeadRequestHandler,
} from '../../supabase/functions/_shared/handle-lead-request.ts';
import type { LeadStore } from '../../supabase/functions/_shared/lead-store.ts';
import { pgliteLeadStore } from '../../src/leads/pglite-lead-store';
import {
  contact,
  db,
  handle,
  hero,
  json,
  logs,
  newsletter,
  post,
  rowsFor,
  settings,
  useLeadHandler,
  visitor,
} from '../support/lead-handler-setup';

useLeadHandler();

describe('stored leads', () => {
  // Notifications are off for this handler: stored unsent, never due.
  const base = {
    // No attribution sent: every touch column null.
    ...touchColumns(null, null),
    id: expect.any(Number),
    created_at: expect.any(Date),
    notified_at: null,
    notified_by: [],
    notify_attempts: 0,
    notify_error: null,
    next_notify_at: null,
  };

  it('stores a hero lead: trimmed, empty optional fields as NULL', async () => {
    const lead = hero();
    expect(await json(await handle(post(lead)), 200)).toEqual({ success: true });
    expect(await rowsFor(lead.submission_id)).toEqual([
      {
        ...base,
        submission_id: lead.submission_id,
        form_type: 'hero',
        name: 'Dave Hughes',
        email: 'dave@hughesplumbing.co.uk',
        phone: null,
        trade: 'plumber',
        business_name: null,
        location: null,
        budget: null,
        services_interested: [],
        message: null,
        page: '/',
      },
    ]);
  });

  it('stores a contact lead with every field', async () => {
    const lead = contact();
    expect(await json(await handle(post(lead)), 200)).toEqual({ success: true });
    // Every field as sent (the contact lead has nothing to trim), the honeypot not kept.
    const { website: _, ...fields } = lead;
    expect(await rowsFor(lead.submission_id)).toEqual([{ ...base, ...fields }]);
  });

  it('stores a newsletter sign-up: the e-mail address and the page only', async () => {
    const lead = newsletter();
    expect(await json(await handle(post(lead)), 200)).toEqual({ success: true });
    expect(await rowsFor(lead.submission_id)).toEqual([
      {
        ...base,
        submission_id: lead.submission_id,
        form_type: 'newsletter',
        name: null,
        email: 'news@example.co.uk',
        phone: null,
        trade: null,
        business_name: null,
        location: null,
        budget: null,
        services_interested: [],
        message: null,
        page: '/blog',
      },
    ]);
  });

  it('stores a phone number as people type one: spaces, +44, brackets, dots and dashes, an extension, trimmed', async () => {
    for (const [phone, stored] of [
      ['07700 900123', '07700 900123'],
      ['+44 7700 900123', '+44 7700 900123'],
      ['+44 (0)7700 900-123', '+44 (0)7700 900-123'],
      ['(01332) 123456', '(01332) 123456'],
      ['0115.496.0321', '0115.496.0321'],
      ['  01332 123456 ', '01332 123456'],
      ['+353 1 234 5678', '+353 1 234 5678'],
      ['01632 960123 ext 4', '01632 960123 ext 4'],
      ['(01632) 960123 Ext. 204 ', '(01632) 960123 Ext. 204'],
      ['01632 960123 x4', '01632 960123 x4'],
    ]) {
      for (const lead of [
        { ...contact(), phone },
        { ...hero(), phone },
      ]) {
        expect(await json(await handle(post(lead)), 200), phone).toEqual({ success: true });
        expect((await rowsFor(lead.submission_id)).map((row) => row.phone)).toEqual([stored]);
      }
    }
  });

  it('stores the addresses people have: an apostrophe, an ampersand, a tag, a domain the browser wrote in ASCII', async () => {
    for (const email of [
      "sean.o'brien@example.co.uk",
      'a&b@example.com',
      'dave+ads@example.co.uk',
      'info@xn--bcher-kva.de',
    ]) {
      const lead = { ...newsletter(), email };
      expect(await json(await handle(post(lead)), 200), email).toEqual({ success: true });
      expect((await rowsFor(lead.submission_id)).map((row) => row.email)).toEqual([email]);
    }
  });

  it('stores a repeated submission_id once and answers success every time', async () => {
    const lead = contact();
    expect(await json(await handle(post(lead)), 200)).toEqual({ success: true });
    expect(await json(await handle(post(lead)), 200)).toEqual({ success: true });
    expect(await json(await handle(post({ ...lead, name: 'Someone Else' })), 200)).toEqual({ success: true });
    const rows = await rowsFor(lead.submission_id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.name).toBe("Sarah O'Neill");
  });

  it('stores one newsletter sign-up per address: signing up again, in other capitals, is a success that stores nothing', async () => {
    const signUp = (email: string) => ({ ...newsletter(), email });
    const first = signUp('twice@example.co.uk');
    const again = [signUp('twice@example.co.uk'), signUp('Twice@Example.CO.UK')];
    for (const lead of [first, ...again]) expect(await json(await handle(post(lead)), 200)).toEqual({ success: true });
    expect(await rowsFor(first.submission_id)).toHaveLength(1);
    for (const lead of again) expect(await rowsFor(lead.submission_id)).toHaveLength(0);
    // An enquiry from the same address, and another address's sign-up, are stored as ever.
    const enquiry = { ...contact(), email: 'twice@example.co.uk' };
    const other = signUp('once@example.co.uk');
    for (const lead of [enquiry, other]) {
      expect(await json(await handle(post(lead)), 200)).toEqual({ success: true });
      expect(await rowsFor(lead.submission_id)).toHaveLength(1);
    }
  });

  it('answers success to a filled honeypot and stores nothing', async () => {
    const lead = { ...contact(), website: 'https://cheap-seo.example' };
    expect(await json(await handle(post(lead)), 200)).toEqual({ success: true });
    expect(await rowsFor(lead.submission_id)).toHaveLength(0);
    expect(logs).toEqual(['lead dropped: the honeypot field "website" was filled']);
  });

  it('answers success to a filled honeypot even when the rest is invalid', async () => {
    const lead = { form_type: 'contact', submission_id: randomUUID(), website: 'x' };
    expect(await json(await handle(post(lead)), 200)).toEqual({ success: true });
    expect(await rowsFor(lead.submission_id)).toHaveLength(0);
  });
});

describe('a store that fails', () => {
  it('answers 500 with the message for the visitor, and logs the cause', async () => {
    const failing = {
      save: async () => {
        throw new Error('connection refused');
      },
      claimDueNotifications: async () => [],
      recordNotification: async () => {},
    } satisfies LeadStore;
    const messages: string[] = [];
    const failingHandler = createLeadHandler({
      store: failing,
      settings: settings(),
      log: (message) => messages.push(message),
    });
    const lead = contact();
    expect(await json(await failingHandler(post(lead), visitor), 500)).toEqual({
      success: false,
      error: 'We could not save your enquiry. Please try again or call us.',
    });
    expect(messages).toEqual([`lead ${lead.submission_id} (contact) could not be saved: connection refused`]);
  });
});

describe('rate limit', () => {
  let limited: LeadRequestHandler;
  beforeAll(() => {
    limited = createLeadHandler({
      store: pgliteLeadStore(db),
      settings: settings({ rateLimit: { max: 2, windowSeconds: 600 } }),
      log: (message) => logs.push(message),
    });
  });
  beforeEach(() => db.exec('delete from public.lead_rate_events'));

  it('refuses a client its third lead in the window with 429, a message a visitor understands and Retry-After', async () => {
    const client = { address: '198.51.100.23' };
    const [first, second, third] = [contact(), hero(), newsletter()];
    expect(await json(await limited(post(first), client), 200)).toEqual({ success: true });
    expect(await json(await limited(post(second), client), 200)).toEqual({ success: true });
    const refused = await limited(post(third), client);
    expect(await json(refused, 429)).toEqual({
      success: false,
      // The newsletter's words, not an enquiry's, and the wait Retry-After gives.
      error: 'You have signed up several times in a short time. Please try again in 10 minutes.',
    });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(await rowsFor(third.submission_id)).toHaveLength(0);
    // A retry of a lead already stored is still a success, and is not counted.
    expect(await json(await limited(post(first), client), 200)).toEqual({ success: true });
    expect(await rowsFor(first.submission_id)).toHaveLength(1);
  });

  it('counts each client apart', async () => {
    for (const address of ['198.51.100.1', '198.51.100.1', '198.51.100.2', '198.51.100.2']) {
      expect(await json(await limited(post(hero()), { address }), 200)).toEqual({ success: true });
    }
    expect((await limited(post(hero()), { address: '198.51.100.1' })).status).toBe(429);
    expect((await limited(post(hero()), { address: '198.51.100.3' })).status).toBe(200);
  });

  it('lets the client send again once the window has passed', async () => {
    const client = { address: '198.51.100.40' };
    await limited(post(hero()), client);
    await limited(post(hero()), client);
    expect((await limited(post(hero()), client)).status).toBe(429);
    // Ten minutes and a second later.
    await db.exec(`update public.lead_rate_events set at = at - interval '601 seconds'`);
    expect((await limited(post(hero()), client)).status).toBe(200);
  });

  it('keeps a salted hash of the address, never the address', async () => {
    await limited(post(hero()), { address: '198.51.100.77' });
    const { rows } = await db.query<{ client_hash: string }>('select client_hash from public.lead_rate_events');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.client_hash).toMatch(/^[0-9a-f]{64}$/);
    const unsalted = (
      await db.query<{ hash: string }>(`select encode(sha256(convert_to('198.51.100.77', 'UTF8')), 'hex') as hash`)
    ).rows[0]!.hash;
    expect(rows[0]!.client_hash).not.toBe(unsalted);
    const everything =
      JSON.stringify((await db.query('select * from public.lead_rate_events')).rows) +
      JSON.stringify((await db.query('select * from public.leads')).rows);
    expect(everything).not.toContain('198.51.100.77');
  });

  it.each([
    [30, 'a minute'],
    [61, '2 minutes'],
    [3600, '60 minutes'],
  ])('tells an enquirer refused for %i seconds to try again in %s', (seconds, wait) => {
    expect(rateLimitedMessage('contact', seconds)).toBe(
      `You have sent several enquiries in a short time. Please try again in ${wait}, or call us.`,
    );
  });

  it('is off when the settings say so: any number of leads from one client', async () => {
    for (let i = 0; i < 8; i++) expect((await handle(post(hero()), { address: '198.51.100.99' })).status).toBe(200);
    expect((await db.query('select * from public.lead_rate_events')).rows).toEqual([]);
  });
});

/**
 * The lead request handler (supabase/functions/_shared/handle-lead-request.ts),
 * the one the Edge Function and the local server both serve, over a real
 * embedded Postgres built from the real migrations, with stand-ins for the
 * webhook and Resend: a lead that could not be sent, what its row records,
 * and when later requests try it again, how many at a time, leased to one.
 */
import { describe, expect, it, vi } from 'vitest';
import { createLeadHandler } from '../../supabase/functions/_shared/handle-lead-request.ts';
import { notifyBudgetMs } from '../../supabase/functions/_shared/notify-lead.ts';
import { maxNotifyAttempts } from '../../src/leads/format-leads';
import { pgliteLeadStore } from '../../src/leads/pglite-lead-store';
import { startStandIn } from '../support/notification-stand-ins';
import {
  contact,
  db,
  handle,
  hero,
  json,
  logs,
  post,
  rowsFor,
  settings,
  useLeadHandler,
  visitor,
} from '../support/lead-handler-setup';
import {
  anyRequest,
  budgets,
  notifying,
  resend,
  stored,
  useNotifyingHandler,
  webhook,
} from '../support/lead-handler-notifying';

useLeadHandler();

describe('notifications', () => {
  useNotifyingHandler();

  it('a failed webhook does not fail the submission; the row says why; the next request sends it to the webhook only', async () => {
    webhook.mode = 'fail';
    const lead = contact();
    expect(await json(await notifying(post(lead), visitor), 200)).toEqual({ success: true });
    let [row] = await rowsFor(lead.submission_id);
    expect(row).toMatchObject({
      notified_at: null,
      notified_by: ['email'],
      notify_attempts: 1,
      notify_error: 'webhook: answered 500',
    });
    expect(row!.next_notify_at!.getTime()).toBeGreaterThan(Date.now());
    expect(logs).toContain(`lead ${row!.id} was not sent on (it will be retried): webhook: answered 500`);
    expect(stored).toEqual([{ line: row!.id, failure: 'webhook: answered 500' }]);

    // Not yet due: another request leaves it alone.
    webhook.mode = 'ok';
    await anyRequest();
    expect(webhook.received).toHaveLength(1);

    // A minute later it is due, and any request sends it.
    await db.query(`update public.leads set next_notify_at = now() - interval '1 second' where id = $1`, [row!.id]);
    await anyRequest();
    expect(webhook.received).toHaveLength(2);
    expect(webhook.received[1]!.body.submission_id).toBe(lead.submission_id);
    expect(resend.received).toHaveLength(1);
    [row] = await rowsFor(lead.submission_id);
    expect(row).toMatchObject({
      notified_by: ['email', 'webhook'],
      notify_attempts: 2,
      notify_error: null,
      next_notify_at: null,
    });
    expect(row!.notified_at).toBeInstanceOf(Date);
  });

  it('a service that never answers costs the visitor at most the notification budget, and is recorded as such', async () => {
    resend.mode = 'hang';
    // Which services' answers have reached the handler: fetch watched, not changed.
    const realFetch = globalThis.fetch;
    const answeredBy: string[] = [];
    const watched = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const response = await realFetch(input, init);
      answeredBy.push(new URL(String(input)).origin);
      return response;
    });
    try {
      const lead = hero();
      let answered = false;
      const answer = notifying(post(lead), visitor).finally(() => (answered = true));
      // The webhook's answer has reached the handler; Resend holds the e-mail, and the visitor waits for the budget.
      await expect.poll(() => [answeredBy, resend.received.length]).toEqual([[webhook.url], 1]);
      expect(answered).toBe(false);
      expect(budgets.asked).toEqual([notifyBudgetMs, notifyBudgetMs]);
      budgets.runOut();
      expect(await json(await answer, 200)).toEqual({ success: true });
      const [row] = await rowsFor(lead.submission_id);
      expect(row).toMatchObject({ notified_by: ['webhook'], notify_error: 'email: no answer within 2.5 s' });
    } finally {
      watched.mockRestore();
    }
  });

  it('a service that cannot be reached is recorded with the error code, never the URL', async () => {
    const closed = await startStandIn('webhook');
    await closed.close();
    const unreachable = createLeadHandler({
      store: pgliteLeadStore(db),
      settings: settings({ webhook: { url: `${closed.url}/hook/secret-part` } }),
      log: (message) => logs.push(message),
    });
    const lead = hero();
    expect(await json(await unreachable(post(lead), visitor), 200)).toEqual({ success: true });
    const [row] = await rowsFor(lead.submission_id);
    expect(row!.notify_error).toBe('webhook: could not be reached (ECONNREFUSED)');
    expect(logs.join('\n')).not.toContain('secret-part');
  });

  it('tries a failed lead again after 1, 5 and 15 minutes, then 1, 3, 6 and 12 hours, gives up after the eighth attempt, as `sitegen leads` tells, and leaves the lead for a person', async () => {
    expect(maxNotifyAttempts).toBe(8);
    webhook.mode = 'fail';
    const lead = hero();
    await notifying(post(lead), visitor);
    const due = (id: number) =>
      db.query(`update public.leads set next_notify_at = now() - interval '1 second' where id = $1`, [id]);
    // Minutes from now to the next attempt, as the database schedules it.
    const wait = async (id: number) =>
      (
        await db.query<{ minutes: number }>(
          'select round(extract(epoch from next_notify_at - now()) / 60)::integer as minutes from public.leads where id = $1',
          [id],
        )
      ).rows[0]!.minutes;
    const id = (await rowsFor(lead.submission_id))[0]!.id;
    const waits: number[] = [];
    for (let attempt = 2; attempt <= maxNotifyAttempts; attempt++) {
      waits.push(await wait(id));
      await due(id);
      await anyRequest();
    }
    expect(waits).toEqual([1, 5, 15, 60, 180, 360, 720]);
    const [row] = await rowsFor(lead.submission_id);
    expect(row).toMatchObject({
      notify_attempts: maxNotifyAttempts,
      notified_at: null,
      next_notify_at: null,
      notify_error: 'webhook: answered 500',
    });
    expect(webhook.received).toHaveLength(maxNotifyAttempts);
  });

  it('sends at most ten due leads per request, those due longest first, and the rest on the next', async () => {
    webhook.mode = 'fail';
    const leads = Array.from({ length: 12 }, hero);
    for (const lead of leads) await notifying(post(lead), visitor);
    const ids = await Promise.all(leads.map(async (lead) => (await rowsFor(lead.submission_id))[0]!.id));
    // The first lead fell due twelve minutes ago, the last one a minute ago.
    for (const [index, id] of ids.entries())
      await db.query(`update public.leads set next_notify_at = now() - $2 * interval '1 minute' where id = $1`, [
        id,
        12 - index,
      ]);
    webhook.mode = 'ok';
    webhook.received = [];
    await anyRequest();
    const sent = (request: { body: Record<string, unknown> }) => request.body.submission_id;
    expect(webhook.received.map(sent).sort()).toEqual(
      leads
        .slice(0, 10)
        .map((lead) => lead.submission_id)
        .sort(),
    );
    await anyRequest();
    expect(webhook.received.map(sent).slice(10).sort()).toEqual(
      leads
        .slice(10)
        .map((lead) => lead.submission_id)
        .sort(),
    );
  });

  it('leases a due lead for a minute to the request that claims it: no other request sends it meanwhile', async () => {
    webhook.mode = 'fail';
    const lead = hero();
    await notifying(post(lead), visitor);
    const [row] = await rowsFor(lead.submission_id);
    await db.query(`update public.leads set next_notify_at = now() - interval '1 second' where id = $1`, [row!.id]);
    // Another instance claims it and dies before it records the attempt. The lease is read in the claim's statement, at
    // its now(): a later query's now() is later by however long the steps between took, and rounds to 59 past 0.5 s.
    const claimed = await db.query<{ id: number; seconds: number }>(
      'select id, extract(epoch from next_notify_at - now())::integer as seconds from public.claim_lead_notifications(10)',
    );
    expect(claimed.rows).toEqual([{ id: row!.id, seconds: 60 }]);
    webhook.mode = 'ok';
    webhook.received = [];
    await anyRequest();
    expect(webhook.received).toEqual([]);
    // Once the lease runs out, the next request sends it.
    await db.query(`update public.leads set next_notify_at = now() - interval '1 second' where id = $1`, [row!.id]);
    await anyRequest();
    expect(webhook.received.map((request) => request.body.submission_id)).toEqual([lead.submission_id]);
  });

  it('with notifications off, a lead is stored unsent, and is not sent when they are turned on later', async () => {
    const lead = hero();
    await handle(post(lead));
    const [row] = await rowsFor(lead.submission_id);
    expect(row).toMatchObject({ notified_at: null, notify_attempts: 0, next_notify_at: null });
    await notifying(post(hero()), visitor);
    expect(webhook.received.map((request) => request.body.submission_id)).not.toContain(lead.submission_id);
  });
});

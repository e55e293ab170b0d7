/**
 * The handler that sends each lead on, for the lead handler's notification
 * tests (tests/unit/lead-handler-notifications-*.test.ts): stand-ins for the
 * webhook and Resend, what each received and what the handler reported
 * stored, and the notification budget's clock held by the test.
 */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { createLeadHandler, type LeadRequestHandler } from '../../supabase/functions/_shared/handle-lead-request.ts';
import { pgliteLeadStore } from '../../src/leads/pglite-lead-store';
import { db, endpoint, logs, settings, visitor } from './lead-handler-setup';
import { holdBudgets, startStandIn, type HeldBudgets, type StandIn } from './notification-stand-ins';

// Set by useNotifyingHandler's hooks, for the test file running: the files read them as live bindings.
export let webhook: StandIn;
export let resend: StandIn;
export let notifying: LeadRequestHandler;
export let stored: { line: number; failure: string | null }[];
export let budgets: HeldBudgets;

/** A request that is no lead (a monitor's ping, say): it sends what is due all the same. */
export const anyRequest = () =>
  notifying(
    new Request(endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }),
    visitor,
  );

/**
 * The stand-ins and the notifying handler, started before the calling
 * describe's tests and closed after them; before each test, what they
 * received emptied, both answering, and no lead left due. Called in the
 * describe, after useLeadHandler at the top of the file.
 */
export function useNotifyingHandler(): void {
  beforeAll(async () => {
    [webhook, resend] = await Promise.all([startStandIn('webhook'), startStandIn('resend')]);
    notifying = createLeadHandler({
      store: pgliteLeadStore(db),
      settings: settings({
        webhook: { url: `${webhook.url}/services/T000/B000/secret` },
        email: {
          apiUrl: resend.url,
          apiKey: 're_test_key',
          to: ['leads@tradeboost.example', 'owner@tradeboost.example'],
          from: 'TradeBoost Leads <leads@tradeboost.example>',
        },
      }),
      log: (message) => logs.push(message),
      onStored: (lead, notification) => stored.push({ line: lead.id, failure: notification?.failure ?? null }),
    });
  });
  afterAll(() => Promise.all([webhook?.close(), resend?.close()]));
  afterEach(() => budgets.restore());
  beforeEach(async () => {
    budgets = holdBudgets();
    webhook.received = [];
    resend.received = [];
    webhook.mode = 'ok';
    resend.mode = 'ok';
    stored = [];
    // Leads left due by another test would be retried by this one's requests.
    await db.exec('update public.leads set next_notify_at = null');
  });
}

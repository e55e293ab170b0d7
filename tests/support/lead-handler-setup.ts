/**
 * What the lead handler's test files (tests/unit/lead-handler-*.test.ts)
 * share: the handler over a copy of the migrated lead database of the file's
 * own, the requests they send it, a lead of each form, and what every answer
 * must carry.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { createLeadHandler, type LeadRequestHandler } from '../../supabase/functions/_shared/handle-lead-request.ts';
import type { LeadSettings } from '../../supabase/functions/_shared/lead-settings.ts';
import type { PGlite } from '../../src/leads/lead-database';
import { pgliteLeadStore, type LeadRow } from '../../src/leads/pglite-lead-store';
import { openMigratedLeadDatabase } from './migrated-leads';

export const endpoint = 'http://localhost/functions/v1/contact-form';
export const cors = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type',
  vary: 'Origin',
};
export const visitor = { address: '203.0.113.7' };

// Set by useLeadHandler's hooks, for the test file running: the files read them as live bindings.
export let db: PGlite;
let handler: LeadRequestHandler;
export let logs: string[] = [];
export const handle = (request: Request, client = visitor) => handler(request, client);

/** Settings as the environment would give them with nothing set but what a test names. */
export const settings = (overrides: Partial<LeadSettings> = {}): LeadSettings => ({
  allowedOrigins: '*',
  rateLimit: null,
  webhook: null,
  email: null,
  ...overrides,
});

/**
 * The calling file's database and handler, opened before its tests and closed
 * after them, and its log emptied before each test. Called at the top of each
 * file, not on import: vitest loads this module once for all the files a
 * worker runs.
 */
export function useLeadHandler(): void {
  beforeAll(async () => {
    db = await openMigratedLeadDatabase();
    handler = createLeadHandler({
      store: pgliteLeadStore(db),
      settings: settings(),
      log: (message) => logs.push(message),
    });
  }, 120_000);
  afterAll(() => db?.close());
  beforeEach(() => {
    logs = [];
  });
}

export function post(body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: 'anon-key', authorization: 'Bearer anon-key', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Status, headers every reply must carry, and the JSON body. */
export async function json(response: Response, status: number): Promise<{ success: boolean; error?: string }> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('application/json');
  for (const [name, value] of Object.entries(cors)) expect(response.headers.get(name), name).toBe(value);
  return (await response.json()) as { success: boolean; error?: string };
}

export async function rowsFor(submissionId: string, database = db): Promise<LeadRow[]> {
  return (await database.query<LeadRow>('select * from public.leads where submission_id = $1', [submissionId])).rows;
}

export const hero = () => ({
  form_type: 'hero',
  submission_id: randomUUID(),
  name: '  Dave Hughes ',
  email: 'dave@hughesplumbing.co.uk',
  phone: '',
  trade: 'plumber',
  page: '/',
  website: '',
});

export const contact = () => ({
  form_type: 'contact',
  submission_id: randomUUID(),
  name: "Sarah O'Neill",
  email: 'sarah@oneill-electrical.co.uk',
  phone: '+44 7700 900123',
  trade: 'electrician',
  business_name: "O'Neill Electrical Ltd",
  location: 'Derby, DE1',
  budget: '1000-2500',
  services_interested: ['Local SEO', 'Google Ads'],
  message: 'We need more calls from Derby.\nMostly rewires, "urgent" jobs too.',
  page: '/contact',
  website: '',
});

export const newsletter = () => ({
  form_type: 'newsletter',
  submission_id: randomUUID(),
  email: 'news@example.co.uk',
  page: '/blog',
});

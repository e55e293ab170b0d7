import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { defaultRateLimit, type LeadSettings } from '../../../supabase/functions/_shared/lead-settings.ts';
import { startPreview, type Preview } from '../../../src/server/preview';
import { projectRoot } from '../../support/cli';
import { copyLeadDatabase } from '../../support/migrated-leads';

/** The settings of an unconfigured machine, whatever the developer's environment or .env holds: the default rate limit, no notification. */
export const testLeadSettings: LeadSettings = {
  allowedOrigins: '*',
  rateLimit: defaultRateLimit,
  webhook: null,
  email: null,
};

export type TestPreview = Preview & { leadsDir: string };

/** The real preview server over the site the global setup built, with a lead database of its own on disk (`leadsDir`). */
export async function startTestPreview(
  dir = inject('siteDir'),
  onLead: (line: string) => void = () => {},
): Promise<TestPreview> {
  const leads = await copyLeadDatabase();
  const preview = await startPreview({
    root: projectRoot,
    dir,
    port: 0,
    host: '127.0.0.1',
    leadsDir: leads.dir,
    leadSettings: testLeadSettings,
    onLead,
  }).catch(async (error: unknown) => {
    await leads.remove();
    throw error;
  });
  return {
    ...preview,
    leadsDir: leads.dir,
    close: async () => {
      await preview.close();
      await leads.remove();
    },
  };
}

/**
 * The tests of one file against one test preview: started before them, closed
 * after, and its leads and rate-limit counts emptied before each test, so that
 * none sees another's leads or is turned away for what another sent. The
 * object returned is filled in once the server has started.
 */
export function sharedTestPreview(): TestPreview {
  const preview = {} as TestPreview;
  let started: TestPreview | undefined;
  beforeAll(async () => {
    started = await startTestPreview();
    Object.assign(preview, started);
  }, 120_000);
  afterAll(() => started?.close());
  beforeEach(async () => {
    await preview.leads.exec('delete from leads; delete from lead_rate_events');
  });
  return preview;
}

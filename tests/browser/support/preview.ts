import { inject } from 'vitest';
import { defaultRateLimit, type LeadSettings } from '../../../supabase/functions/_shared/lead-settings.ts';
import { startPreview, type Preview } from '../../../src/server/preview';
import { projectRoot } from '../../support/cli';

/** The settings of an unconfigured machine, whatever the developer's environment or .env holds: the default rate limit, no notification. */
export const testLeadSettings: LeadSettings = {
  allowedOrigins: '*',
  rateLimit: defaultRateLimit,
  webhook: null,
  email: null,
};

/** The real preview server over the site the global setup built, with its lead database in memory. */
export function startTestPreview(dir = inject('siteDir'), onLead: (line: string) => void = () => {}): Promise<Preview> {
  return startPreview({
    root: projectRoot,
    dir,
    port: 0,
    host: '127.0.0.1',
    leadsDir: null,
    leadSettings: testLeadSettings,
    onLead,
  });
}

/** `sitegen preview`: the built site as a static host serves it, and the lead endpoint (local-leads.ts). */
import { join } from 'node:path';
import type { LeadSettings } from '../../supabase/functions/_shared/lead-settings.ts';
import { leadsLine, openLocalLeads } from '../leads/local-leads';
import { builtSite, diskSource } from './disk-source';
import { headersFor, parseHeadersFile } from './headers-file';
import { refuseOffLoopback } from './loopback';
import { startSiteServer } from './site-server';
import { readIfThere } from '../optional-files';

export interface LocalServerOptions {
  root?: string;
  port?: number;
  host?: string;
  /** Folder of the lead database; default defaultLeadsDir (cache-files.ts); `null` keeps it in memory (tests). */
  leadsDir?: string | null;
  /** Notifications, rate limit: from the environment and .env unless given (tests). */
  leadSettings?: LeadSettings;
}

export type Preview = Awaited<ReturnType<typeof startPreview>>;

const [defaultPort, defaultHost] = [4173, 'localhost'];

export async function startPreview(
  options: LocalServerOptions & { dir?: string; onLead?: (line: string) => void } = {},
) {
  const { root, dir } = builtSite(options);
  await refuseOffLoopback(options.host ?? defaultHost);

  const leads = await openLocalLeads({
    root,
    leadsDir: options.leadsDir,
    settings: options.leadSettings,
    log: (message) => console.error(leadsLine(message)),
    onLead: options.onLead ?? ((line) => console.log(`  ${line}`)),
  });
  try {
    const purged = await leads.purge();
    const server = await startSiteServer({
      source: diskSource(dir),
      port: options.port ?? defaultPort,
      host: options.host ?? defaultHost,
      leads: leads.handler,
      intercept: leads.listing,
    });
    await leads.announce(server.url);
    return {
      ...server,
      leads: await leads.database(),
      leadsDir: leads.dir,
      leadSettings: leads.settings,
      purged,
      formsPostTo: formsPostTo(dir),
      close: async () => {
        await server.close();
        await leads.close();
      },
    };
  } catch (error) {
    await leads.close();
    throw error;
  }
}

/** connect-src's other origin in _headers: a site built with SUPABASE_URL posts its leads there, whatever serves it. */
function formsPostTo(dir: string): string | undefined {
  const rules = parseHeadersFile(readIfThere(join(dir, '_headers')) ?? '');
  const policy = headersFor(rules, '/contact')['Content-Security-Policy'] ?? '';
  const connect = /(?:^|;)\s*connect-src ([^;]*)/.exec(policy)?.[1] ?? '';
  return connect.split(/\s+/).find((source) => source.startsWith('https://') || source.startsWith('http://'));
}

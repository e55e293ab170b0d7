/**
 * The lead endpoint `sitegen preview` and `dev` answer themselves when no Supabase project is configured: the Edge
 * Function's own handler over the embedded Postgres, with the same settings, read from the environment or .env.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createLeadHandler, type LeadRequestHandler } from '../../supabase/functions/_shared/handle-lead-request.ts';
import { channelsOf, LeadSettingsError, readLeadSettings } from '../../supabase/functions/_shared/lead-settings.ts';
import type { LeadSettings } from '../../supabase/functions/_shared/lead-settings.ts';
import { inWords, rowName } from '../../supabase/functions/_shared/lead-message.ts';
import type { StoredLead } from '../../supabase/functions/_shared/lead-store.ts';
import type { NotificationResult } from '../../supabase/functions/_shared/notify-lead.ts';
import { oneLine } from '../../supabase/functions/_shared/one-line.ts';
import { defaultLeadsDir } from '../cache-files';
import { withDotEnv } from '../config';
import { SitegenError } from '../errors';
import { openLeadDatabase, type PGlite } from './lead-database';
import { claimLeadDatabase } from './lead-folder';
import { leadsClock, purgeOldLeads } from './lead-retention';
import { pgliteLeadStore } from './pglite-lead-store';
import { noteRunningServer, serveLeadList } from './running-server';

/** A line of what the local lead endpoint says in the terminal, under the server's first line. */
export const leadsLine = (message: string): string => `  leads      ${message}`;

/** The only definition of the leads table, for the local database as for Supabase. */
export const migrationsDirOf = (root: string): string => join(root, 'supabase', 'migrations');

/** From the environment, then .env beside package.json; a wrong value stops the server, naming the variable. */
export function localLeadSettings(root: string, env: NodeJS.ProcessEnv = process.env): LeadSettings {
  const merged = withDotEnv(root, env);
  try {
    return readLeadSettings((name) => merged[name]);
  } catch (error) {
    if (error instanceof LeadSettingsError) throw new SitegenError(`lead settings: ${error.message}`, { cause: error });
    throw error;
  }
}

interface LocalLeadsOptions {
  root: string;
  leadsDir?: string | null;
  /** Given by tests; read by localLeadSettings otherwise. */
  settings?: LeadSettings;
  /** Failures and dropped submissions. */
  log: (message: string) => void;
  onLead: (line: string) => void;
  when?: 'now' | 'needed';
}

/**
 * Its folder is claimed at once, so a second server fails now, not at its first lead. The database opens at once too,
 * unless `when: 'needed'`: an embedded Postgres takes half a second to start and seconds to create, and the dev
 * server serves pages before any lead comes.
 */
export async function openLocalLeads(options: LocalLeadsOptions) {
  const settings = options.settings ?? localLeadSettings(options.root);
  // `null` keeps the database in memory (tests).
  const dir = options.leadsDir === null ? null : resolve(options.root, options.leadsDir ?? defaultLeadsDir);
  const claimed = dir === null ? undefined : claimLeadDatabase(dir);
  let opened: Promise<PGlite> | undefined;
  const database = () =>
    (opened ??= openLeadDatabase(dir ?? undefined, { migrationsDir: migrationsDirOf(options.root), claimed }));
  let handler: Promise<LeadRequestHandler> | undefined;
  const handlerReady = () =>
    (handler ??= database().then((db) =>
      createLeadHandler({
        store: pgliteLeadStore(db),
        settings,
        log: options.log,
        onStored: (lead, notification) => options.onLead(newLeadLine(lead, notification)),
      }),
    ));
  if (options.when !== 'needed')
    await handlerReady().catch((error: unknown) => {
      claimed?.();
      throw error;
    });
  // A new secret for this run of the server, which `sitegen leads` reads from the database folder.
  const token = randomBytes(32).toString('hex');
  let forget = async () => {};
  return {
    dir,
    settings,
    database,
    handler: (async (request, client) => (await handlerReady())(request, client)) satisfies LeadRequestHandler,
    listing: serveLeadList(database, token, channelsOf(settings).length > 0),
    /** A database not yet made (or not yet opened, in memory) has no lead to purge, and is not opened. */
    async purge() {
      if (!opened && (dir === null || !existsSync(join(dir, 'PG_VERSION')))) return 0;
      return purgeOldLeads(await database(), leadsClock(options.root));
    },
    async announce(url: string) {
      if (dir) forget = await noteRunningServer(dir, url, token);
    },
    async close() {
      await forget();
      const db = await opened?.catch(() => undefined);
      if (db) await db.close();
      else claimed?.();
    },
  };
}

/** The time of day the servers' lines in the terminal begin with. */
export const clock = (): string => new Date().toLocaleTimeString('en-GB', { hour12: false });

function newLeadLine(lead: StoredLead, notification: NotificationResult | null): string {
  const who = lead.name ? `${lead.name} <${lead.email}>` : lead.email;
  const outcome =
    notification === null
      ? 'notifications off'
      : notification.failure === null
        ? `sent to ${notification.sent.join(', ')}`
        : `not sent (${notification.failure}); retried on a later request`;
  return oneLine(`${clock()} new ${rowName(lead)} (${inWords(lead, 'form_type')} form) from ${who}: ${outcome}`);
}

export function describeLeadSettings(settings: LeadSettings): string {
  const channels = channelsOf(settings);
  const notify =
    channels.length > 0
      ? `sent to ${channels.join(', ')}`
      : 'not sent on (set LEAD_WEBHOOK_URL or RESEND_API_KEY, LEAD_EMAIL_TO, LEAD_EMAIL_FROM)';
  const limit = settings.rateLimit
    ? `at most ${settings.rateLimit.max} per client in ${settings.rateLimit.windowSeconds} s`
    : 'no rate limit';
  return `${notify}; ${limit}`;
}

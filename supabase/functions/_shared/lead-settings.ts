/**
 * The lead endpoint's settings, read from environment variables: the Edge
 * Function's secrets in production, the environment or .env for `sitegen
 * preview` and `dev`. One reader for both, so a variable means the same thing
 * everywhere. Unset (or empty) means the default: any origin, 5 leads in 10
 * minutes per client, no notification.
 */
import type { Channel, RateLimit } from './lead-store.ts';

export interface WebhookSettings {
  url: string;
  /** A Teams webhook, which takes an Adaptive Card (lead-teams.ts), not the chats' `text`. */
  teams?: boolean;
}

export interface EmailSettings {
  /** Resend's API, https://api.resend.com unless RESEND_API_URL says otherwise. */
  apiUrl: string;
  apiKey: string;
  to: string[];
  from: string;
}

export interface LeadSettings {
  /** The origins a browser may call from ('*': any). */
  allowedOrigins: readonly string[] | '*';
  rateLimit: RateLimit | null;
  webhook: WebhookSettings | null;
  email: EmailSettings | null;
}

/** The variables read, for a .env reader to pass through. */
export const leadSettingNames = [
  'ALLOWED_ORIGIN',
  'LEAD_RATE_LIMIT',
  'LEAD_WEBHOOK_URL',
  'RESEND_API_KEY',
  'RESEND_API_URL',
  'LEAD_EMAIL_TO',
  'LEAD_EMAIL_FROM',
] as const;

export const defaultRateLimit: RateLimit = { max: 5, windowSeconds: 600 };

/** Every variable at fault, each message naming it. */
export class LeadSettingsError extends Error {
  override name = 'LeadSettingsError';
  constructor(readonly problems: readonly string[]) {
    super(problems.join('; '));
  }
}

type Env = (name: string) => string | undefined;

export function readLeadSettings(env: Env): LeadSettings {
  const problems: string[] = [];
  const get = (name: (typeof leadSettingNames)[number]) => env(name)?.trim() || undefined;
  const attempt = <T>(read: () => T, fallback: T): T => {
    try {
      return read();
    } catch (error) {
      problems.push(error instanceof Error ? error.message : String(error));
      return fallback;
    }
  };

  const settings: LeadSettings = {
    allowedOrigins: attempt(() => allowedOrigins(get('ALLOWED_ORIGIN')), '*'),
    rateLimit: attempt(() => rateLimit(get('LEAD_RATE_LIMIT')), defaultRateLimit),
    webhook: attempt(() => webhook(get('LEAD_WEBHOOK_URL')), null),
    email: attempt(
      () => email(get('RESEND_API_KEY'), get('LEAD_EMAIL_TO'), get('LEAD_EMAIL_FROM'), get('RESEND_API_URL')),
      null,
    ),
  };
  if (problems.length > 0) throw new LeadSettingsError(problems);
  return settings;
}

/** A comma-separated list of origins, each as a browser sends it (scheme, host, port). */
function allowedOrigins(value: string | undefined): readonly string[] | '*' {
  if (value === undefined || value === '*') return '*';
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const url = parseUrl(entry);
      if (!url || url.origin === 'null' || `${url.origin}/` !== url.href.replace(/\/?$/, '/')) {
        throw new Error(
          `ALLOWED_ORIGIN: "${entry}" is not an origin such as https://www.example.co.uk (scheme and host, no path)`,
        );
      }
      return url.origin;
    });
}

const units: Record<string, number> = { s: 1, m: 60, h: 3600 };

/** "5/10m": at most 5 leads per 10 minutes; "off": none. */
function rateLimit(value: string | undefined): RateLimit | null {
  if (value === undefined) return defaultRateLimit;
  if (value.toLowerCase() === 'off') return null;
  const match = /^(\d+)\s*\/\s*(\d*)\s*([smh])$/i.exec(value);
  const max = Number(match?.[1]);
  const windowSeconds = Number(match?.[2] || 1) * (units[match?.[3]?.toLowerCase() ?? ''] ?? 0);
  // The privacy policy keeps a sender's hashed address for a day: a longer period would need it kept longer.
  if (!match || max < 1 || windowSeconds < 1 || windowSeconds > 24 * 3600) {
    throw new Error(
      `LEAD_RATE_LIMIT: expected leads per period of at most a day, such as 5/10m, 20/1h or 3/30s, or off; found "${value}"`,
    );
  }
  return { max, windowSeconds };
}

/** Hosts of Teams' webhooks: a Workflows flow's trigger (Power Automate, Logic Apps) or an Office 365 connector. */
const teamsHosts = /(^|\.)(logic\.azure\.com|powerplatform\.com|webhook\.office\.com)$/;

function webhook(value: string | undefined): WebhookSettings | null {
  if (value === undefined) return null;
  // The URL is a secret (a Slack webhook's is its only key): never repeated in a message.
  if (!isHttpUrl(value)) throw new Error('LEAD_WEBHOOK_URL: expected an https:// (or http://) URL');
  return { url: value, teams: teamsHosts.test(new URL(value).hostname) };
}

const address = /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/;

function email(
  apiKey: string | undefined,
  to: string | undefined,
  from: string | undefined,
  apiUrl: string | undefined,
): EmailSettings | null {
  const given = { RESEND_API_KEY: apiKey, LEAD_EMAIL_TO: to, LEAD_EMAIL_FROM: from };
  if (!apiKey && !to && !from) return null;
  const missing = Object.entries(given)
    .filter(([, value]) => value === undefined)
    .map(([name]) => name);
  if (missing.length > 0) {
    throw new Error(
      `email notifications need RESEND_API_KEY, LEAD_EMAIL_TO and LEAD_EMAIL_FROM: ${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} not set`,
    );
  }
  const recipients = to!
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const wrong = recipients.find((entry) => !address.test(entry));
  if (recipients.length === 0 || wrong !== undefined)
    throw new Error(`LEAD_EMAIL_TO: expected email addresses separated by commas, found "${wrong ?? to}"`);
  // Resend takes "address" or "Name <address>".
  const sender = /<([^<>]+)>\s*$/.exec(from!)?.[1] ?? from!;
  if (!address.test(sender))
    throw new Error(`LEAD_EMAIL_FROM: expected an email address or "Name <address>", found "${from}"`);
  if (apiUrl !== undefined && !isHttpUrl(apiUrl))
    throw new Error(`RESEND_API_URL: expected an https:// (or http://) URL, found "${apiUrl}"`);
  return {
    apiUrl: (apiUrl ?? 'https://api.resend.com').replace(/\/+$/, ''),
    apiKey: apiKey!,
    to: recipients,
    from: from!,
  };
}

function parseUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

function isHttpUrl(value: string): boolean {
  const url = parseUrl(value);
  return url !== undefined && (url.protocol === 'https:' || url.protocol === 'http:');
}

/** The channels a lead is sent to with these settings. */
export function channelsOf(settings: Pick<LeadSettings, 'webhook' | 'email'>): Channel[] {
  const channels: Channel[] = [];
  if (settings.webhook) channels.push('webhook');
  if (settings.email) channels.push('email');
  return channels;
}

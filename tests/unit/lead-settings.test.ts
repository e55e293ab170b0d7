/**
 * The lead endpoint's settings (supabase/functions/_shared/lead-settings.ts),
 * as the Edge Function reads its secrets and preview and dev read the
 * environment and .env: defaults, every variable, and a clear error naming
 * each variable that is wrong.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LeadSettingsError, readLeadSettings } from '../../supabase/functions/_shared/lead-settings.ts';
import { localLeadSettings } from '../../src/leads/local-leads';

const read = (env: Record<string, string>) => readLeadSettings((name) => env[name]);
const problemsOf = (env: Record<string, string>) => {
  try {
    read(env);
  } catch (error) {
    if (error instanceof LeadSettingsError) return error.problems;
    throw error;
  }
  return [];
};

const resend = {
  RESEND_API_KEY: 're_123',
  LEAD_EMAIL_TO: 'leads@tradeboost.example',
  LEAD_EMAIL_FROM: 'Leads <leads@tradeboost.example>',
};

describe('readLeadSettings', () => {
  it('unset or empty means: any origin, 5 leads in 10 minutes per client, no notification', () => {
    const defaults = { allowedOrigins: '*', rateLimit: { max: 5, windowSeconds: 600 }, webhook: null, email: null };
    expect(read({})).toEqual(defaults);
    expect(
      read({
        ALLOWED_ORIGIN: '',
        LEAD_RATE_LIMIT: ' ',
        LEAD_WEBHOOK_URL: '',
        RESEND_API_KEY: '',
        LEAD_EMAIL_TO: '',
        LEAD_EMAIL_FROM: '',
      }),
    ).toEqual(defaults);
  });

  it('reads a list of allowed origins, as browsers send them', () => {
    expect(
      read({
        ALLOWED_ORIGIN: 'https://www.tradeboostdigital.co.uk, https://TradeBoost.netlify.app/ ,http://localhost:4173',
      }).allowedOrigins,
    ).toEqual(['https://www.tradeboostdigital.co.uk', 'https://tradeboost.netlify.app', 'http://localhost:4173']);
    expect(read({ ALLOWED_ORIGIN: '*' }).allowedOrigins).toBe('*');
  });

  it.each([
    ['5/10m', { max: 5, windowSeconds: 600 }],
    ['20/1h', { max: 20, windowSeconds: 3600 }],
    ['3 / 30s', { max: 3, windowSeconds: 30 }],
    ['1/m', { max: 1, windowSeconds: 60 }],
    ['10/24h', { max: 10, windowSeconds: 86_400 }],
    ['off', null],
    ['OFF', null],
  ])('reads LEAD_RATE_LIMIT=%s', (value, limit) => {
    expect(read({ LEAD_RATE_LIMIT: value }).rateLimit).toEqual(limit);
  });

  it('reads the webhook and the e-mail settings; RESEND_API_URL defaults to Resend', () => {
    const settings = read({
      LEAD_WEBHOOK_URL: 'https://hooks.slack.com/services/T/B/x',
      ...resend,
      LEAD_EMAIL_TO: 'a@tradeboost.example, b@tradeboost.example',
    });
    expect(settings.webhook).toEqual({ url: 'https://hooks.slack.com/services/T/B/x', teams: false });
    expect(settings.email).toEqual({
      apiUrl: 'https://api.resend.com',
      apiKey: 're_123',
      to: ['a@tradeboost.example', 'b@tradeboost.example'],
      from: 'Leads <leads@tradeboost.example>',
    });
    expect(read({ ...resend, RESEND_API_URL: 'http://127.0.0.1:9000/' }).email?.apiUrl).toBe('http://127.0.0.1:9000');
  });

  it('names every variable at fault, and never repeats the webhook URL (its secret)', () => {
    expect(
      problemsOf({
        ALLOWED_ORIGIN: 'https://www.tradeboostdigital.co.uk/contact',
        LEAD_RATE_LIMIT: 'five a minute',
        LEAD_WEBHOOK_URL: 'hooks.slack.com/services/T/B/secret',
        RESEND_API_KEY: 're_123',
      }),
    ).toEqual([
      'ALLOWED_ORIGIN: "https://www.tradeboostdigital.co.uk/contact" is not an origin such as https://www.example.co.uk (scheme and host, no path)',
      'LEAD_RATE_LIMIT: expected leads per period of at most a day, such as 5/10m, 20/1h or 3/30s, or off; found "five a minute"',
      'LEAD_WEBHOOK_URL: expected an https:// (or http://) URL',
      'email notifications need RESEND_API_KEY, LEAD_EMAIL_TO and LEAD_EMAIL_FROM: LEAD_EMAIL_TO and LEAD_EMAIL_FROM are not set',
    ]);
    // The privacy policy keeps a sender's hashed address for a day: no rate window may need it longer.
    expect(problemsOf({ LEAD_RATE_LIMIT: '5/48h' })).toEqual([
      'LEAD_RATE_LIMIT: expected leads per period of at most a day, such as 5/10m, 20/1h or 3/30s, or off; found "5/48h"',
    ]);
    expect(problemsOf({ ...resend, LEAD_EMAIL_TO: 'leads at tradeboost' })).toEqual([
      'LEAD_EMAIL_TO: expected email addresses separated by commas, found "leads at tradeboost"',
    ]);
    expect(problemsOf({ ...resend, LEAD_EMAIL_FROM: 'TradeBoost' })).toEqual([
      'LEAD_EMAIL_FROM: expected an email address or "Name <address>", found "TradeBoost"',
    ]);
    expect(problemsOf({ LEAD_RATE_LIMIT: '0/10m' })).toHaveLength(1);
  });
});

describe('localLeadSettings (preview and dev)', () => {
  const roots: string[] = [];
  afterAll(() => Promise.all(roots.map((root) => rm(root, { recursive: true, force: true }))));

  it('reads the variables from .env beside package.json, the environment winning', async () => {
    const root = await mkdtemp(join(tmpdir(), 'sitegen-lead-settings-'));
    roots.push(root);
    await writeFile(
      join(root, '.env'),
      [
        'LEAD_WEBHOOK_URL=https://hooks.example/from-file',
        'LEAD_RATE_LIMIT=2/1m',
        ...Object.entries(resend).map(([k, v]) => `${k}="${v}"`),
      ].join('\n'),
    );
    const fromFile = localLeadSettings(root, {});
    expect(fromFile.webhook?.url).toBe('https://hooks.example/from-file');
    expect(fromFile.rateLimit).toEqual({ max: 2, windowSeconds: 60 });
    expect(fromFile.email?.to).toEqual(['leads@tradeboost.example']);
    const overridden = localLeadSettings(root, { LEAD_WEBHOOK_URL: '', LEAD_RATE_LIMIT: 'off' });
    expect(overridden.webhook).toBeNull();
    expect(overridden.rateLimit).toBeNull();
  });

  it('stops with a message naming the variable', async () => {
    const root = await mkdtemp(join(tmpdir(), 'sitegen-lead-settings-'));
    roots.push(root);
    expect(() => localLeadSettings(root, { LEAD_RATE_LIMIT: 'lots' })).toThrow(
      'lead settings: LEAD_RATE_LIMIT: expected leads per period of at most a day, such as 5/10m, 20/1h or 3/30s, or off; found "lots"',
    );
  });
});

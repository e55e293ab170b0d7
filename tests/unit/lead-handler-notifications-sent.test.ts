/**
 * The lead request handler (supabase/functions/_shared/handle-lead-request.ts),
 * the one the Edge Function and the local server both serve, over a real
 * embedded Postgres built from the real migrations, with stand-ins for the
 * webhook and Resend: what the agency is sent of a new lead, in the webhook
 * and by e-mail, a visitor's text kept from passing for anything else; and
 * that a bot's or a refused lead is not sent.
 */
import { marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { touchColumns } from '../../supabase/functions/_shared/attribution.ts';
import { createLeadHandler } from '../../supabase/functions/_shared/handle-lead-request.ts';
import { leadSummary } from '../../supabase/functions/_shared/lead-message.ts';
import { storedLead } from '../../supabase/functions/_shared/lead-store.ts';
import { pgliteLeadStore } from '../../src/leads/pglite-lead-store';
import {
  contact,
  db,
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
import { notifying, resend, stored, useNotifyingHandler, webhook } from '../support/lead-handler-notifying';

useLeadHandler();

describe('notifications', () => {
  useNotifyingHandler();

  it('sends a new lead to the webhook (a readable text and the fields) and by e-mail, once, and records it', async () => {
    const lead = contact();
    expect(await json(await notifying(post(lead), visitor), 200)).toEqual({ success: true });
    const [row] = await rowsFor(lead.submission_id);

    expect(webhook.received).toHaveLength(1);
    const [hook] = webhook.received;
    expect(hook!.path).toBe('/services/T000/B000/secret');
    expect(hook!.headers['content-type']).toBe('application/json');
    const { website: _, ...fields } = lead;
    expect(hook!.body).toEqual({
      text: expect.any(String),
      summary: expect.any(String),
      mrkdwn: false,
      id: row!.id,
      created_at: row!.created_at.toISOString(),
      ...fields,
      ...touchColumns(null, null),
    });
    // When it came, as the UK's clocks read it (a test below pins the format at instants of its own).
    const received = String(hook!.body.text).split('\n')[1]!;
    expect(received).toMatch(
      new RegExp(`^Received: \\w{3}, \\d{1,2} \\w{3} \\d{4}, \\d\\d:\\d\\d (GMT|BST) \\(lead #${row!.id}\\)$`),
    );
    const summary = [
      "New lead, contact form: Electrician (Sarah O'Neill)",
      received,
      "Name: Sarah O'Neill",
      'Email: sarah@oneill-electrical.co.uk',
      'Phone: +44 7700 900123',
      'Trade: Electrician',
      "Business: O'Neill Electrical Ltd",
      'Location: Derby, DE1',
      'Budget: £1,000 to £2,500 per month',
      'Services: Local SEO, Google Ads',
      'Sent from: /contact',
      'Found us: not known',
      'Message:',
      '  We need more calls from Derby.',
      '  Mostly rewires, "urgent" jobs too.',
    ].join('\n');
    expect(hook!.body.text).toBe(summary);

    expect(resend.received).toHaveLength(1);
    const [mail] = resend.received;
    expect(mail).toMatchObject({ method: 'POST', path: '/emails' });
    expect(mail!.headers.authorization).toBe('Bearer re_test_key');
    expect(mail!.headers['idempotency-key']).toBe(`lead-${lead.submission_id}`);
    expect(mail!.body).toEqual({
      from: 'TradeBoost Leads <leads@tradeboost.example>',
      to: ['leads@tradeboost.example', 'owner@tradeboost.example'],
      subject: "New lead, contact form: Electrician (Sarah O'Neill)",
      text: summary,
      // As a mail client shows it: lead-notification-email.test.ts.
      html: expect.stringContaining('<a href="tel:+447700900123">+44 7700 900123</a>'),
      reply_to: 'sarah@oneill-electrical.co.uk',
    });

    expect(row).toMatchObject({
      notified_by: ['email', 'webhook'],
      notify_attempts: 1,
      notify_error: null,
      next_notify_at: null,
    });
    expect(row!.notified_at).toBeInstanceOf(Date);
    expect(stored).toEqual([{ line: row!.id, failure: null }]);

    // The same submission again is stored and sent once.
    expect(await json(await notifying(post(lead), visitor), 200)).toEqual({ success: true });
    expect(webhook.received).toHaveLength(1);
    expect(resend.received).toHaveLength(1);
  });

  it('names the form and the trade in the subject, every field of a hero lead in the body, blanks as "not given"', async () => {
    const lead = { ...hero(), trade: '', phone: '' };
    await notifying(post(lead), visitor);
    // A trade that says nothing of the visitor's work, none or "Other", is left out of the subject, not spelt out.
    expect(resend.received[0]!.body.subject).toBe('New lead, quick quote form: Dave Hughes');
    expect(String(resend.received[0]!.body.text).split('\n').slice(2)).toEqual([
      'Name: Dave Hughes',
      'Email: dave@hughesplumbing.co.uk',
      'Phone: not given',
      'Trade: not given',
      'Sent from: /',
      'Found us: not known',
    ]);
    await notifying(post({ ...contact(), trade: 'other' }), visitor);
    expect(resend.received[1]!.body.subject).toBe("New lead, contact form: Sarah O'Neill");
    expect(String(resend.received[1]!.body.text)).toContain('\nTrade: Other\n');
  });

  it('heads a newsletter sign-up as one, not as a lead to answer, in the subject and the first line a chat shows', async () => {
    const signUp = newsletter();
    await notifying(post(signUp), visitor);
    expect(resend.received[0]!.body.subject).toBe('Newsletter sign-up: news@example.co.uk');
    const lines = String(resend.received[0]!.body.text).split('\n');
    const [row] = await rowsFor(signUp.submission_id);
    expect(lines[1]).toMatch(new RegExp(` \\(sign-up #${row!.id}\\)$`));
    expect([lines[0], ...lines.slice(2)]).toEqual([
      'Newsletter sign-up: news@example.co.uk',
      'Email: news@example.co.uk',
      'Sent from: /blog',
      'Found us: not known',
    ]);
    expect(String(webhook.received[0]!.body.text).split('\n')[0]).toBe('Newsletter sign-up: news@example.co.uk');
  });

  it('says when the lead came as the clocks in the UK read it: GMT in winter, BST in summer, the hour October repeats told apart', async () => {
    const lead = hero();
    await notifying(post(lead), visitor);
    const [row] = await rowsFor(lead.submission_id);
    const received = (at: string) =>
      leadSummary(storedLead({ ...row!, created_at: new Date(at) }))
        .split('\n')[1]!
        .replace(/^Received: (.*) \(lead #\d+\)$/, '$1');
    expect(received('2026-12-06T14:07:00Z')).toBe('Sun, 6 Dec 2026, 14:07 GMT');
    // 09:15 UTC in British Summer Time is a quarter past ten on the agency's clocks.
    expect(received('2026-07-01T09:15:00Z')).toBe('Wed, 1 Jul 2026, 10:15 BST');
    // 29 March 2026: at 01:00 UTC the clocks go forward, from 01:00 GMT to 02:00 BST.
    expect(received('2026-03-29T00:59:00Z')).toBe('Sun, 29 Mar 2026, 00:59 GMT');
    expect(received('2026-03-29T01:00:00Z')).toBe('Sun, 29 Mar 2026, 02:00 BST');
    // 25 October 2026: at 01:00 UTC they go back, from 02:00 BST to 01:00 GMT, so 01:30 comes twice.
    expect(received('2026-10-25T00:30:00Z')).toBe('Sun, 25 Oct 2026, 01:30 BST');
    expect(received('2026-10-25T01:30:00Z')).toBe('Sun, 25 Oct 2026, 01:30 GMT');
    // Late on New Year's Eve in UTC is the same day in London in winter.
    expect(received('2026-12-31T23:59:00Z')).toBe('Thu, 31 Dec 2026, 23:59 GMT');
  });

  it("keeps a visitor's bidi overrides out of the e-mail's subject, as out of a terminal", async () => {
    await notifying(post({ ...hero(), name: 'Dave\u202EsehguH' }), visitor);
    expect(resend.received[0]!.body.subject).toBe('New lead, quick quote form: Plumber (Dave sehguH)');
  });

  it("keeps a visitor's text from passing for the summary's own lines: each field on one line, the message last and indented", async () => {
    const name = 'Fake\nEmail: boss@agency.example';
    const message =
      'Need help.\r\nSent from: /services/google-ads\nFound us: from Google Ads\u2028\u001b[31mred\u202Egnp.exe';
    await notifying(post({ ...contact(), name, message }), visitor);
    const lines = String(resend.received[0]!.body.text).split('\n');
    expect(lines[2]).toBe('Name: Fake Email: boss@agency.example');
    expect(lines.filter((line) => /^\s*(Email|Sent from|Found us):/.test(line))).toHaveLength(5);
    expect(lines.slice(-7)).toEqual([
      'Sent from: /contact',
      'Found us: not known',
      'Message:',
      '  Need help.',
      '  Sent from: /services/google-ads',
      '  Found us: from Google Ads',
      '  [31mred gnp.exe',
    ]);
    expect(webhook.received[0]!.body).toMatchObject({ name, message });
  });

  it("escapes a visitor's <, > and & in the webhook text, so Slack neither links nor pings", async () => {
    const message = '<!channel> <https://evil.example|click> & more\n<@U123> <script>alert(1)</script>';
    await notifying(post({ ...contact(), message }), visitor);
    const text = String(webhook.received[0]!.body.text);
    expect(text.split('\n').slice(-2)).toEqual([
      '  &lt;!channel&gt; &lt;https://evil.example|click&gt; &amp; more',
      '  &lt;@U123&gt; &lt;script&gt;alert(1)&lt;/script&gt;',
    ]);
    // Nothing Slack reads as a mention, a link or an entity of the visitor's.
    expect(text).not.toMatch(/[<>]/);
    expect(webhook.received[0]!.body.message).toBe(message);
    expect(resend.received[0]!.body.text).toContain('  <!channel> <https://evil.example|click> & more');
  });

  it('gives a tool that is no chat (Zapier, a CRM, an SMS) the summary as typed, beside the text escaped for a chat', async () => {
    const message = 'Quote for <b>two</b> vans & a trailer';
    await notifying(post({ ...contact(), business_name: 'Smith & Sons', message }), visitor);
    const { text, summary } = webhook.received[0]!.body;
    expect(String(text)).toContain('\nBusiness: Smith &amp; Sons\n');
    expect(String(summary)).toContain('\nBusiness: Smith & Sons\n');
    expect(String(summary).split('\n').slice(-2)).toEqual(['Message:', `  ${message}`]);
    expect(summary).toBe(resend.received[0]!.body.text);
  });

  it("shows a visitor's *bold*, _italic_, ~strike~ and `code` in Slack as typed: its formatting is off for the text", async () => {
    const message = '*URGENT* _today_ ~not~ `rm -rf` <!channel> <http://x.example|y>';
    await notifying(post({ ...contact(), message }), visitor);
    const { text, mrkdwn } = webhook.received[0]!.body;
    // Slack's message payload: mrkdwn "determines whether the text field is rendered according to mrkdwn formatting".
    expect(mrkdwn).toBe(false);
    expect(String(text).split('\n').slice(-2)).toEqual([
      'Message:',
      '  *URGENT* _today_ ~not~ `rm -rf` &lt;!channel&gt; &lt;http://x.example|y&gt;',
    ]);
  });

  it("shows a visitor's Markdown link or image as the text typed in a chat that reads Markdown (Teams, Mattermost)", async () => {
    const name = '[Call me back](https://evil.example/login)';
    const message = '![logo](https://evil.example/pixel.gif) and [invoice][1]\n[1]: https://evil.example/invoice';
    await notifying(post({ ...contact(), name, message }), visitor);
    const text = String(webhook.received[0]!.body.text);
    const chat = await marked.parse(text);
    // Every link the chat draws shows its own address: none hides behind the visitor's words, and no picture loads.
    const links = [...chat.matchAll(/<a href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map(([, href, words]) => [href, words]);
    expect(links.filter(([href, words]) => href !== words && href !== `mailto:${words}`)).toEqual([]);
    expect(chat).not.toContain('<img');
    // As typed, to anyone who reads it.
    expect(text.replaceAll('\u2060', '')).toContain(`Name: ${name}`);
    expect(webhook.received[0]!.body).toMatchObject({ name, message });
    expect(resend.received[0]!.body.text).toContain(`Name: ${name}`);
  });

  it('a bot that fills the honeypot is thanked, and neither stored nor sent on', async () => {
    const lead = { ...contact(), website: 'https://cheap-seo.example' };
    expect(await json(await notifying(post(lead), visitor), 200)).toEqual({ success: true });
    expect(await rowsFor(lead.submission_id)).toHaveLength(0);
    expect(webhook.received).toEqual([]);
    expect(resend.received).toEqual([]);
    expect(stored).toEqual([]);
  });

  it('a refused lead (400, 415, 429) is not sent on', async () => {
    expect((await notifying(post({ ...contact(), email: 'nope' }), visitor)).status).toBe(400);
    expect((await notifying(post(contact(), { 'content-type': 'text/plain' }), visitor)).status).toBe(415);
    expect(webhook.received).toEqual([]);
    expect(resend.received).toEqual([]);
    // One lead per client: the first is sent on, the second refused and not.
    const limited = createLeadHandler({
      store: pgliteLeadStore(db),
      settings: settings({
        webhook: { url: `${webhook.url}/services/T000/B000/secret` },
        rateLimit: { max: 1, windowSeconds: 600 },
      }),
      log: (message) => logs.push(message),
    });
    // A client of its own: the rate events other tests send stay in the database this file's tests share.
    const client = { address: '198.51.100.124' };
    expect((await limited(post(contact()), client)).status).toBe(200);
    expect((await limited(post(contact()), client)).status).toBe(429);
    expect(webhook.received).toHaveLength(1);
  });
});

/**
 * A lead as a Microsoft Teams channel shows it: its webhook (a Workflows
 * flow's, or an Office 365 connector's) is sent an Adaptive Card, each field
 * and each line of the message on a line of its own, in TextRuns, which Teams
 * shows as written (no Markdown), a long message cut with a note saying so.
 */
import { describe, expect, it } from 'vitest';
import { createLeadHandler } from '../../supabase/functions/_shared/handle-lead-request.ts';
import { readLeadSettings } from '../../supabase/functions/_shared/lead-settings.ts';
import { pgliteLeadStore } from '../../src/leads/pglite-lead-store';
import {
  contact,
  db,
  hero,
  logs,
  newsletter,
  post,
  settings,
  useLeadHandler,
  visitor,
} from '../support/lead-handler-setup';
import { useNotifyingHandler, webhook } from '../support/lead-handler-notifying';

useLeadHandler();

type OpenUrl = { type: string; title?: string; url: string };
type Inline = { type: string; text: string; selectAction?: OpenUrl };
type Block = { type: string; spacing: string; inlines?: Inline[]; actions?: OpenUrl[] };

/**
 * What Teams shows of the card it was sent: one line per block, a blank line where a block stands apart; the words
 * a tap opens an address from, and the buttons under the fields.
 */
async function teamsShows(
  lead: Record<string, unknown>,
): Promise<{ lines: string[]; links: string[]; buttons: string[]; bytes: number }> {
  const teams = createLeadHandler({
    store: pgliteLeadStore(db),
    settings: settings({ webhook: { url: `${webhook.url}/workflows/lead`, teams: true } }),
    log: (message) => logs.push(message),
  });
  await teams(post(lead), visitor);
  const sent = webhook.received.at(-1)!.body as {
    type: string;
    attachments: { contentType: string; content: { type: string; body: Block[] } }[];
  };
  expect(sent.type).toBe('message');
  expect(sent.attachments.map(({ contentType, content }) => [contentType, content.type])).toEqual([
    ['application/vnd.microsoft.card.adaptive', 'AdaptiveCard'],
  ]);
  const blocks = sent.attachments[0]!.content.body;
  // Text Teams would read as Markdown (a TextBlock's) holds none of the lead.
  expect(blocks.flatMap(({ type, inlines = [] }) => [type, ...inlines.map((inline) => inline.type)])).not.toContain(
    'TextBlock',
  );
  const texts = blocks.filter(({ inlines }) => inlines);
  const lines = texts.flatMap(({ spacing, inlines = [] }) => [
    ...(spacing === 'Medium' ? [''] : []),
    inlines.map(({ text }) => text).join(''),
  ]);
  const opens = (action: OpenUrl | undefined) => (action?.type === 'Action.OpenUrl' ? action.url : undefined);
  const links = texts.flatMap(({ inlines = [] }) =>
    inlines.flatMap(({ text, selectAction }) => (opens(selectAction) ? [`${text} → ${opens(selectAction)}`] : [])),
  );
  const buttons = blocks.flatMap(({ actions = [] }) => actions.map((action) => `${action.title} → ${opens(action)}`));
  return { lines, links, buttons, bytes: JSON.stringify(sent).length };
}

describe('Teams', () => {
  useNotifyingHandler();

  it("knows a Teams webhook by its address: a Workflows flow's or a connector's", () => {
    const teams = (url: string) =>
      readLeadSettings((name) => (name === 'LEAD_WEBHOOK_URL' ? url : undefined)).webhook?.teams;
    expect(teams('https://prod-12.uksouth.logic.azure.com:443/workflows/abc/triggers/manual/paths/invoke?sig=x')).toBe(
      true,
    );
    expect(teams('https://default1234.56.environment.api.powerplatform.com:443/powerautomate/automations/x')).toBe(
      true,
    );
    expect(teams('https://agency.webhook.office.com/webhookb2/abc')).toBe(true);
    expect(teams('https://hooks.slack.com/services/T000/B000/secret')).toBe(false);
    expect(teams('https://evil.example/logic.azure.com')).toBe(false);
  });

  it("shows each field and each line of the message on its own line, a visitor's Markdown as typed", async () => {
    const message =
      'Hi 👋\n\nWe are a *small* _family_ firm.\n- rewires\n# urgent\n[click](https://evil.example) <at>All</at>';
    const { lines } = await teamsShows({ ...contact(), name: "Seán O'Brien", message });
    expect(lines[0]).toBe("New lead, contact form: Electrician (Seán O'Brien)");
    expect(lines[1]).toMatch(/^Received: \w{3}, \d{1,2} \w{3} \d{4}, \d\d:\d\d (GMT|BST) \(lead #\d+\)$/);
    expect(lines.slice(2)).toEqual([
      '',
      "Name: Seán O'Brien",
      'Email: sarah@oneill-electrical.co.uk',
      'Phone: +44 7700 900123',
      'Trade: Electrician',
      "Business: O'Neill Electrical Ltd",
      'Location: Derby, DE1',
      'Budget: £1,000 to £2,500 per month',
      'Services: Local SEO, Google Ads',
      'Sent from: /contact',
      'Found us: not known',
      '',
      'Message:',
      'Hi 👋',
      '',
      'We are a *small* _family_ firm.',
      '- rewires',
      '# urgent',
      '[click](https://evil.example) <at>All</at>',
    ]);
  });

  it("makes the visitor's phone and email tappable, to call and to reply, and nothing a visitor typed a link", async () => {
    const message = '[Pay here](https://evil.example) https://evil.example/login tel:+449999';
    const name = '[Call me](tel:+449999)';
    const card = await teamsShows({ ...contact(), name, phone: '07700 900123 ext 4', message });
    expect(card.links).toEqual([
      'sarah@oneill-electrical.co.uk → mailto:sarah@oneill-electrical.co.uk',
      '07700 900123 ext 4 → tel:+447700900123',
    ]);
    expect(card.buttons).toEqual(['Call → tel:+447700900123', 'Email → mailto:sarah@oneill-electrical.co.uk']);
    expect(card.lines).toContain(`Name: ${name}`);
    expect(card.lines.at(-1)).toBe(message);
    // A quick quote without a phone, and a sign-up, have the email alone to tap.
    const quote = await teamsShows({ ...hero(), phone: '' });
    expect(quote.links).toEqual(['dave@hughesplumbing.co.uk → mailto:dave@hughesplumbing.co.uk']);
    expect(quote.buttons).toEqual(['Email → mailto:dave@hughesplumbing.co.uk']);
    expect((await teamsShows(newsletter())).buttons).toEqual(['Email → mailto:news@example.co.uk']);
  });

  it('cuts a long message, saying so, and keeps the card within what Teams takes', async () => {
    const line = 'We fit kitchens across Nottingham and want more of them.';
    const { lines, bytes } = await teamsShows({ ...contact(), message: Array(80).fill(line).join('\n') });
    const shown = lines.slice(lines.indexOf('Message:') + 1);
    expect(shown).toHaveLength(37);
    expect(shown.slice(0, 35)).toEqual(Array(35).fill(line));
    expect(shown[35]).toBe(line.slice(0, 2000 - 35 * line.length));
    expect(shown[36]).toBe(`… cut here, ${80 * line.length - 2000} characters more: the leads table has it whole`);
    expect(bytes).toBeLessThan(28_000);
  });
});

/**
 * The lead's email as a person at the agency reads it (the handler of
 * handle-lead-request.ts, a stand-in for Resend): an HTML part beside the
 * plain text, its fields in a table, the visitor's email and phone as links to
 * reply and to call, the message's own lines, and nothing a visitor typed
 * taken for markup; replies go to the visitor.
 */
import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { phoneHref } from '../../supabase/functions/_shared/phone-href.ts';
import { contact, hero, newsletter, post, useLeadHandler, visitor } from '../support/lead-handler-setup';
import { notifying, resend, useNotifyingHandler } from '../support/lead-handler-notifying';

useLeadHandler();

/** What a mail client shows of the HTML part: its heading, each row of the table, its links, and the message. */
async function emailed(lead: Record<string, unknown>) {
  await notifying(post(lead), visitor);
  const mail = resend.received.at(-1)!.body;
  const $ = cheerio.load(String(mail.html));
  return {
    mail,
    heading: $('h1').text(),
    rows: $('tr')
      .map((_, row) => `${$(row).find('th').text()}: ${$(row).find('td').text()}`)
      .get(),
    links: $('a')
      .map((_, link) => `${$(link).text()} → ${$(link).attr('href')}`)
      .get(),
    message: $('h2:contains("Message") + p').html(),
    scripts: $('script').length,
  };
}

describe("the lead's email", () => {
  useNotifyingHandler();

  it('has an HTML part: the fields in a table, the email and phone as links to reply and to call, replies to the visitor', async () => {
    const message = 'Call after 5pm.\n\n<script>alert(1)</script> & *bold* <!channel>';
    const email = await emailed({ ...contact(), business_name: "O'Neill & Sons <Electrical>", message });
    expect(email.mail.reply_to).toBe('sarah@oneill-electrical.co.uk');
    expect(email.mail.text).toContain('Phone: +44 7700 900123');
    expect(email.heading).toBe("New lead, contact form: Electrician (Sarah O'Neill)");
    expect(email.rows).toEqual([
      "Name: Sarah O'Neill",
      'Email: sarah@oneill-electrical.co.uk',
      'Phone: +44 7700 900123',
      'Trade: Electrician',
      "Business: O'Neill & Sons <Electrical>",
      'Location: Derby, DE1',
      'Budget: £1,000 to £2,500 per month',
      'Services: Local SEO, Google Ads',
      'Sent from: /contact',
      'Found us: not known',
    ]);
    expect(email.links).toEqual([
      'sarah@oneill-electrical.co.uk → mailto:sarah@oneill-electrical.co.uk',
      '+44 7700 900123 → tel:+447700900123',
    ]);
    // The message's lines as typed, the visitor's markup shown as text.
    expect(email.message).toBe(
      'Call after 5pm.<br><br>&lt;script&gt;alert(1)&lt;/script&gt; &amp; *bold* &lt;!channel&gt;',
    );
    expect(email.scripts).toBe(0);
  });

  it('says a blank field is "not given", unlinked, and a sign-up links its address alone', async () => {
    const quote = await emailed({ ...hero(), phone: '' });
    expect(quote.rows.slice(0, 4)).toEqual([
      'Name: Dave Hughes',
      'Email: dave@hughesplumbing.co.uk',
      'Phone: not given',
      'Trade: Plumber',
    ]);
    expect(quote.links).toEqual(['dave@hughesplumbing.co.uk → mailto:dave@hughesplumbing.co.uk']);
    expect(quote.message).toBeNull();
    const signUp = await emailed(newsletter());
    expect(signUp.heading).toBe('Newsletter sign-up: news@example.co.uk');
    expect(signUp.rows).toEqual(['Email: news@example.co.uk', 'Sent from: /blog', 'Found us: not known']);
    expect(signUp.links).toEqual(['news@example.co.uk → mailto:news@example.co.uk']);
  });

  it('says the day of each visit as the UK writes it: a first visit weeks before the enquiry, by an advert', async () => {
    const adClick = { landing_path: '/', utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'plumbers-derby' };
    const attribution = {
      first: { ...adClick, gclid: 'TEST-1', arrived_on: '2026-10-01' },
      last: { landing_path: '/contact', referrer_origin: 'https://www.google.com', arrived_on: '2026-12-07' },
    };
    const email = await emailed({ ...hero(), attribution });
    const visits = [
      'Found us: from Google search, landing on /contact, on 7 December 2026',
      'First visit: from Google Ads, campaign plumbers-derby, landing on /, on 1 October 2026',
    ];
    expect(email.rows.slice(-2)).toEqual(visits);
    expect(String(email.mail.text).split('\n').slice(-2)).toEqual(visits);
    // The same way in on the same day is one visit.
    const once = { first: { ...adClick, arrived_on: '2026-12-07' }, last: { ...adClick, arrived_on: '2026-12-07' } };
    expect((await emailed({ ...hero(), attribution: once })).rows.slice(-2)).toEqual([
      'Sent from: /',
      'Found us: from Google Ads, campaign plumbers-derby, landing on /, on 7 December 2026',
    ]);
  });

  it('dials a number as people write it, in the international form any phone calls', () => {
    expect(phoneHref('0808 157 0192')).toBe('tel:+448081570192');
    expect(phoneHref('07700 900123')).toBe('tel:+447700900123');
    expect(phoneHref('+44 (0)7700 900-123')).toBe('tel:+447700900123');
    expect(phoneHref('+353 1 234 5678')).toBe('tel:+35312345678');
    expect(phoneHref('00353 1 234 5678')).toBe('tel:+35312345678');
  });

  it('calls a UK number written with its 0 after +44 as well, as many people write it, not a number that does not exist', async () => {
    const email = await emailed({ ...contact(), phone: '+44 07700 900456 ' });
    expect(email.rows[2]).toBe('Phone: +44 07700 900456');
    expect(email.links[1]).toBe('+44 07700 900456 → tel:+447700900456');
    expect(phoneHref('0044 07700 900456')).toBe('tel:+447700900456');
    expect(phoneHref('+44 0 1632 960123')).toBe('tel:+441632960123');
  });

  it('shows an extension as typed and links the number it is on: a phone dials the line, the person then asks for it', async () => {
    const email = await emailed({ ...contact(), phone: '01632 960123 ext 4' });
    expect(email.links[1]).toBe('01632 960123 ext 4 → tel:+441632960123');
    expect(String(email.mail.text)).toContain('\nPhone: 01632 960123 ext 4\n');
    expect(phoneHref('+44 (0)1632 960123 x204')).toBe('tel:+441632960123');
  });
});

/**
 * Braces in a Markdown body: the site's facts ({phone}, {email}, …) filled in
 * by site-facts.ts, escaped, and a {word} that names none refused; attributes
 * written after a link, an image or a heading, as kramdown and Pandoc take
 * them, refused, since the page would show them as written.
 */
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/content/markdown';
import { withSiteFacts } from '../../src/content/site-facts';

describe("the site's facts in a body (site-facts.ts)", () => {
  const site = {
    name: 'Iron & Steel',
    legalName: 'Iron & Steel <Yard> Ltd',
    phone: '0800 123 4567',
    phoneHref: 'tel:+448001234567',
    email: 'team@trade.example',
    addressLine: '1 Iron & Steel Yard, Derby, Derbyshire DE1 2AB',
    hoursLine: 'Mon-Sat 8AM-5PM',
  } as Parameters<typeof withSiteFacts>[1];

  it('fills in the phone and e-mail as links (the number never split across lines), the names, address and hours as text, escaped, and leaves other braces alone', () => {
    const { html } = renderMarkdown(
      '{name} is {legalName}. Ring {phone} or e-mail **{email}**, at {address} ({hours}).\n\n`{phone}` and {}\n',
    );
    expect(withSiteFacts(html, site)).toBe(
      '<p>Iron &amp; Steel is Iron &amp; Steel &lt;Yard&gt; Ltd. Ring <a href="tel:+448001234567">0800\u00a0123\u00a04567</a> or e-mail <strong><a href="mailto:team@trade.example" aria-label="team@trade.example">team<wbr>@trade<wbr>.example</a></strong>, at 1 Iron &amp; Steel Yard, Derby, Derbyshire DE1 2AB (Mon-Sat 8AM-5PM).</p>\n' +
        '<p><code>&#123;phone}</code> and {}</p>\n',
    );
  });

  it('shows a fact as written in code, and after a backslash, for a page that explains them', () => {
    const { html } = renderMarkdown('Write \\{phone\\} or `{ email }`:\n\n```\nCall {phone}\n```\n');
    expect(withSiteFacts(html, site)).toBe(
      '<p>Write &#123;phone} or <code>&#123; email }</code>:</p>\n<pre><code>Call &#123;phone}\n</code></pre>\n',
    );
  });

  it('fills in a fact typed with spaces inside its braces, as it is often written', () => {
    const { html } = renderMarkdown('Ring { phone } or e-mail {email }.\n');
    expect(withSiteFacts(html, site)).toBe(
      '<p>Ring <a href="tel:+448001234567">0800\u00a0123\u00a04567</a> or e-mail <a href="mailto:team@trade.example" aria-label="team@trade.example">team<wbr>@trade<wbr>.example</a>.</p>\n',
    );
    expect(() => renderMarkdown('Call { phnoe } today.\n')).toThrow('"{ phnoe }" names none of the site\'s facts');
    expect(() => renderMarkdown('[Ring { phone }](/contact)\n')).toThrow('link "Ring { phone }": {phone} and {email}');
  });

  it('refuses a {word} that names no fact, and a fact written as links inside the words of a link', () => {
    expect(() => renderMarkdown('Call {phnoe} today.\n')).toThrow(
      '"{phnoe}" names none of the site\'s facts: expected {name}, {legalName}, {phone}, {email}, {address}, {hours}',
    );
    expect(() => renderMarkdown('[Mail {email}](/contact)\n')).toThrow(
      'link "Mail {email}": {phone} and {email} are links themselves',
    );
    // Filled in, either would write a link inside the <img>'s alt or the title attribute: broken markup.
    expect(() => renderMarkdown('![Our van, call {phone}](/photos/van.jpg)\n')).toThrow(
      `image "Our van, call {phone}": {phone} and {email} are links themselves; write them outside an image's brackets and title`,
    );
    expect(() => renderMarkdown('[About us](/about "Mail {email}")\n')).toThrow(
      `link "About us": {phone} and {email} are links themselves; write them outside a link's brackets and title`,
    );
  });
});

describe('attributes written after a link, an image or a heading (kramdown, Pandoc)', () => {
  it.each([
    ['See [our guide](https://example.com/guide){target=_blank} first.', '{target=_blank}'],
    ['See [our guide](https://example.com/guide){:target="_blank"} first.', '{:target="_blank"}'],
    ['[Book a call](/contact){: .button}', '{: .button}'],
    ['![Our van](/favicon.svg){width=50%}', '{width=50%}'],
  ])('refuses %j, which would show as written', (source, attributes) => {
    expect(() => renderMarkdown(`Intro.\n\n${source}\n`)).toThrow(
      `line 3: "${attributes}" would show on the page as written: this site's Markdown sets no attributes, and its links open in the same tab; remove it`,
    );
  });

  it('refuses an id written after a heading, saying which id a heading has', () => {
    expect(() => renderMarkdown('Intro.\n\n## Our prices {#prices}\n')).toThrow(
      `line 3: "{#prices}" would show on the page as written: this site's Markdown sets no attributes (a heading's id is its words: "## Our prices" is #our-prices), and its links open in the same tab; remove it`,
    );
  });

  it("takes the site's facts beside a link, and braces that set nothing", () => {
    const { html } = renderMarkdown('[Call us](/contact){phone}, {name} ({legalName}) {} and {a, b}.\n');
    expect(html).toBe('<p><a href="/contact">Call us</a>{phone}, {name} ({legalName}) {} and {a, b}.</p>\n');
  });
});

describe('a link or an image that Markdown cannot read as one', () => {
  it.each([
    ['See ![Our van](/photos/my van.jpg) here.', '![Our van](/photos/my van.jpg)'],
    ['See [our service] (/services/local-seo) here.', '[our service] (/services/local-seo)'],
    ['See [our service](/services/local-seo here.', '[our service](/services/local-seo here.'],
    ['See [our service][nope] here.', '[our service][nope]'],
  ])('refuses %j, which would show as written', (source, written) => {
    expect(() => renderMarkdown(`Intro.\n\n${source}\n`)).toThrow(
      `line 3: "${written}" would show on the page as written, not as a link: write [words](/address), with no space after "]" or in the address (%20 for a space)`,
    );
  });

  it.each([
    ['Or [call](tel:0808 157 0192) us.', '[call](tel:0808 157 0192)', 'tel:08081570192'],
    ['- In a list, [call Derby](tel:01332 123 456) us.', '[call Derby](tel:01332 123 456)', 'tel:01332123456'],
  ])('refuses %j, a number with spaces, naming it without them and {phone}', (source, written, number) => {
    expect(() => renderMarkdown(`Intro.\n\n${source}\n`)).toThrow(
      `line 3: "${written}" would show on the page as written, not as a link: write [words](/address), with no space after "]" or in the address (${number}, or {phone} for the site's own number)`,
    );
  });

  it.each([
    ['See \\[our services](/services) here.', '\\[our services](/services)'],
    ['- In a list, \\[our services](/services).', '\\[our services](/services)'],
    ['> Quoted, **bold** \\[our services\\](/services "Services").', '\\[our services\\](/services "Services")'],
  ])('refuses %j, a link typed in Markdown in the rich text, which Decap saves escaped', (source, written) => {
    expect(() => renderMarkdown(`Intro.\n\n${source}\n`)).toThrow(
      `line 3: "${written}" is shown as written, not as a link: use the editor's link button, or write it in Markdown mode without the backslash`,
    );
  });

  it('takes a bracket escaped to be shown, a link after an escaped backslash, and an escaped link in code', () => {
    const { html } = renderMarkdown('See \\[sic] (here), \\\\[our services](/services) and `\\[words](/address)`.\n');
    expect(html).toBe(
      '<p>See [sic] (here), \\<a href="/services">our services</a> and <code>\\[words](/address)</code>.</p>\n',
    );
  });

  it('takes links, images, references and brackets that are words', () => {
    const { html } = renderMarkdown(
      'See [our service](/services/local-seo), ![Our van](/photos/van.jpg), [the guide][guide] and [sic] (in the quote), [1] and a[0].\n\n- In a list, [our service](/services/local-seo).\n\n[guide]: /blog/local-seo-tips\n',
    );
    expect(html).toBe(
      '<p>See <a href="/services/local-seo">our service</a>, <img loading="lazy" decoding="async" src="/photos/van.jpg" alt="Our van">, <a href="/blog/local-seo-tips">the guide</a> and [sic] (in the quote), [1] and a[0].</p>\n' +
        '<ul>\n<li>In a list, <a href="/services/local-seo">our service</a>.</li>\n</ul>\n',
    );
  });
});

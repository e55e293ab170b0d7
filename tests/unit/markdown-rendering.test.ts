/**
 * Markdown as articles and legal pages use it (marked): CommonMark with
 * GitHub's tables, strikethrough and autolinks; raw HTML refused, saying what to
 * write instead; links only to safe schemes, checked as the browser will read
 * them; images only from where the Content-Security-Policy lets them load;
 * headings that keep the page's outline, each with an id of its words, none a template's.
 * Braces, footnotes and the match with marked's own output are in the other
 * tests/unit/markdown-*.test.ts files.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { renderMarkdown, RefusedMarkdownError } from '../../src/content/markdown';

describe('renderMarkdown', () => {
  it('writes headings without anchor links, strong emphasis as <strong>, and GitHub tables, strikethrough and autolinks', () => {
    const { html } = renderMarkdown(
      '## Why **local** matters\n\n| Job | Price |\n|---|---|\n| Boiler | £2,000 |\n\n~~cheap~~ www.example.co.uk\n',
    );
    expect(html).toContain('<h2><a id="why-local-matters"></a>Why <strong>local</strong> matters</h2>');
    expect(html).not.toContain('class="anchor"');
    expect(html).toMatch(/<table tabindex="0">\s*<thead>\s*<tr>\s*<th>Job<\/th>/);
    expect(html).toContain('<td>£2,000</td>');
    expect(html).toContain('<del>cheap</del>');
    expect(html).toContain('<a href="http://www.example.co.uk">www.example.co.uk</a>');
  });

  it('names each table, a tab stop, by the words of the heading above it: none under a site fact or before any heading', () => {
    const table = '| Job | Price |\n|---|---|\n| Boiler | £2,000 |\n';
    const names = (body: string) => [...renderMarkdown(body).html.matchAll(/<table[^>]*>/g)].map(([tag]) => tag);
    expect(names(`${table}\n## Prices & fees\n\n${table}\nAnd:\n\n${table}\n### Extras\n\n${table}`)).toEqual([
      '<table tabindex="0">',
      '<table tabindex="0" aria-label="Prices &amp; fees">',
      '<table tabindex="0" aria-label="Prices &amp; fees">',
      '<table tabindex="0" aria-label="Extras">',
    ]);
    // {phone} becomes a link once the page is drawn (withSiteFacts): in the attribute it would end it.
    expect(names(`## Ring {phone} or {email}\n\n${table}\n## Ring **now**\n\n${table}`)).toEqual([
      '<table tabindex="0">',
      '<table tabindex="0">',
    ]);
  });

  it("gives each heading an id of its words as GitHub does, the second of the same words the next, never the page's own", () => {
    expect(renderMarkdown('## **Bold** start\n').html).toBe(
      '<h2><a id="bold-start"></a><strong>Bold</strong> start</h2>\n',
    );
    const { html } = renderMarkdown('## Next\n\nwww.example.co.uk and [a link](/about)\n');
    expect(html).toBe(
      '<h2><a id="next"></a>Next</h2>\n<p><a href="http://www.example.co.uk">www.example.co.uk</a> and <a href="/about">a link</a></p>\n',
    );
    const body =
      '## Prices & fees — 2025\n\n### Café `{phone}` £5[^1]\n\n## Prices & fees — 2025\n\n## Main\n\n[^1]: A note.\n';
    expect(renderMarkdown(body).html.match(/\sid="[^"]*"/g)).toEqual([
      ' id="prices--fees--2025"',
      ' id="café-phone-51"',
      ' id="footnote-ref-1"',
      ' id="prices--fees--2025-1"',
      ' id="main-1"',
      ' id="footnote-label"',
      ' id="footnote-1"',
    ]);
    // Each body counts afresh: another page's headings take nothing from it.
    expect(renderMarkdown('## Next\n').html).toBe('<h2><a id="next"></a>Next</h2>\n');
    // Words of no letter or digit make no id; an empty one is none.
    expect(renderMarkdown('## 🙂\n\n## — ? —\n').html).toBe(
      '<h2><a id="section"></a>🙂</h2>\n<h2><a id="section-1"></a>— ? —</h2>\n',
    );
  });

  it("asks the stock photo host for a photo pasted by its bare address at twice the column's width, not as the original of megabytes; a photo alone in its paragraph is a figure whose caption is its title, which a phone never shows as a tooltip", () => {
    const lazy = 'loading="lazy" decoding="async"';
    const sized = 'https://images.unsplash.com/photo-1?auto=format&amp;fit=max&amp;w=1600&amp;q=70';
    expect(
      renderMarkdown('![Our van outside a house](https://images.unsplash.com/photo-1 "Our van, on a job in Derby")\n')
        .html,
    ).toBe(
      `<figure><img ${lazy} src="${sized}" alt="Our van outside a house"><figcaption>Our van, on a job in Derby</figcaption></figure>\n`,
    );
    // A photo in a sentence keeps its title as a tooltip (a <figure> cannot stand in a paragraph); one the host was
    // already asked to size, as copied from its page, is left as it was.
    expect(renderMarkdown('Our van ![A van](https://images.unsplash.com/photo-1?w=800 "Derby") on a job.\n').html).toBe(
      `<p>Our van <img ${lazy} src="https://images.unsplash.com/photo-1?w=800" alt="A van" title="Derby"> on a job.</p>\n`,
    );
  });

  it('takes images from this site and the stock photo host, loaded as they near the screen, and refuses any other host, saying where to put the photo, an image without alt text or a link without words', () => {
    const { html } = renderMarkdown('![Van](https://images.unsplash.com/photo-1?w=800) ![Logo](/favicon.svg)\n');
    const lazy = 'loading="lazy" decoding="async"';
    expect(html).toBe(
      `<p><img ${lazy} src="https://images.unsplash.com/photo-1?w=800" alt="Van"> <img ${lazy} src="/favicon.svg" alt="Logo"></p>\n`,
    );
    for (const [source, name] of [
      ['https://cdn.example.com/photos/van.jpg?w=800', 'van.jpg'],
      ['http://images.unsplash.com/photo-1', 'photo.jpg'],
      ['//cdn.example.com/van.webp', 'van.webp'],
    ]) {
      expect(() => renderMarkdown(`![Our van](${source})\n`)).toThrow(
        `line 1: image "${source}" is on another site, and the Content-Security-Policy lets a page load images only from its own site and https://images.unsplash.com: save the photo in public/ (as public/photos/${name}, say) and write ![Our van](/photos/${name}), or use a photo of https://images.unsplash.com`,
      );
    }
    // An image must say what it shows, as every image of the content must.
    for (const written of ['![](/favicon.svg)', '![  ](/favicon.svg)'])
      expect(() => renderMarkdown(`${written}\n`)).toThrow(
        `image "/favicon.svg" has no alt text: describe it between the brackets, as in ![A plumber's van outside a house](/favicon.svg)`,
      );
    // What an editor fills in for a photo dropped in says nothing of it to a screen reader.
    const phones = ['IMG_2041 (1).jpg', 'IMG_2041 (1)', 'WhatsApp Image 2024-03-01 at 10.45.12.jpeg', 'café.jpg'];
    const cameras = ['Screenshot 2024-03-01 at 10.45.12.png', 'van.tif', 'sarah.TIFF', 'roof.heif'];
    for (const alt of [
      'IMG_2041.JPG',
      'IMG_2041',
      'our van.jpg',
      'Image',
      'Photo.',
      'picture!',
      'DSC0042',
      ...phones,
      ...cameras,
    ])
      expect(() => renderMarkdown(`![${alt}](/photos/van.jpg)\n`)).toThrow(
        `image "/photos/van.jpg" has no alt text but "${alt}", which says nothing of it: describe it between the brackets, as in ![A plumber's van outside a house](/photos/van.jpg)`,
      );
    expect(renderMarkdown('![Photo of our van by the Derby office](/photos/van.jpg)\n').html).toContain(
      'alt="Photo of our van by the Derby office"',
    );
    // A link with no words would not show, and a screen reader would read out its address.
    for (const written of ['[](/about)', '[  ](/about)'])
      expect(() => renderMarkdown(`Intro.\n\n${written}\n`)).toThrow(
        `line 3: link "/about" has no words: it would not show on the page, and screen readers would name it by its address; write them between the brackets, as in [words that say where it leads](/about)`,
      );
    // Words Lighthouse's SEO audit fails a link for (the site scores 100 there): they say nothing of where it leads.
    for (const words of ['click here', 'Read more', 'here', 'Learn More', 'more information'])
      expect(() => renderMarkdown(`Intro.\n\nTo book, [${words}](/contact).\n`)).toThrow(
        `line 3: link "${words}" does not say where it leads (search engines read its words, and screen readers list links by them alone): write what is there in their place, as in [words that say where it leads](/contact)`,
      );
    expect(
      renderMarkdown('[Read more about local SEO](/services/local-seo) and [start here](/contact)\n').html,
    ).toContain('<a href="/services/local-seo">Read more about local SEO</a> and <a href="/contact">start here</a>');
    // A link to another host is fine: only what the page loads is limited.
    expect(renderMarkdown('[Van hire](https://cdn.example.com/van.jpg)\n').html).toContain(
      'href="https://cdn.example.com/van.jpg"',
    );
  });

  it('refuses a block of raw HTML, which would show as code, saying what an FAQ written as <details> is in Markdown', () => {
    const said = (block: string, faq = '') =>
      `line 3: HTML "${block.split('\n')[0]}" would show on the page as code: an embed (a video, map or post) cannot play under the site's Content-Security-Policy, so link to it; write the rest in Markdown${faq}, or in backticks to show it as code`;
    expect(() => renderMarkdown('Text.\n\n<div onclick="x()">block</div>\n')).toThrow(
      said('<div onclick="x()">block</div>'),
    );
    const details = '<details>\n<summary>Prices</summary>\n\nFrom £99.\n</details>';
    expect(() => renderMarkdown(`Text.\n\n${details}\n`)).toThrow(
      said(details, ' (a question that opens to its answer: the question as a heading, the answer under it)'),
    );
  });

  it.each([
    [
      'Read <a href="https://example.com" target="_blank">this guide</a> first.',
      'HTML "<a href="https://example.com" target="_blank">" would show on the page as text: write the link in Markdown, [its words](https://example.com): a link opens in the same tab',
    ],
    [
      'Call us.<br>We answer.',
      'HTML "<br>" would show on the page as text: for a line break, end the line with a backslash (\\)',
    ],
    [
      '- A list with <b>bold</b> words',
      'HTML "<b>" would show on the page as text: write it in Markdown (**bold**, *italics*, [words](https://…)), in backticks to show it as code, or remove it',
    ],
    [
      'Our office is 120 m<sup>2</sup>, its boiler CO<sub>2</sub>-neutral.',
      'HTML "<sup>" would show on the page as text: write it in Markdown (**bold**, *italics*, [words](https://…)), a figure raised or lowered as its own character (m², CO₂), in backticks to show it as code, or remove it',
    ],
    [
      '| Job <!-- check --> | Price |\n|---|---|\n| Boiler | £2,000 |',
      'HTML "<!-- check -->" would show on the page as text: write it in Markdown',
    ],
    [
      '<a href="/contact">\nBook a call</a>',
      'HTML "<a href="/contact">" would show on the page as text: write the link in Markdown, [its words](/contact)',
    ],
  ])('refuses raw HTML in a sentence, %j, saying what to write instead', (source, message) => {
    expect(() => renderMarkdown(`Intro.\n\n${source}\n`)).toThrow(`line 3: ${message}`);
  });

  it('takes a < that starts no tag, HTML in backticks or a code block, and an address in angle brackets as they are written', () => {
    const { html } = renderMarkdown(
      'Prices < £50, 3<4 and a -> b; the `<title>` tag; <https://example.com> and <hello@example.com>.\n\n```html\n<br>\n```\n\n    <div>indented</div>\n',
    );
    expect(html).toBe(
      '<p>Prices &lt; £50, 3&lt;4 and a -&gt; b; the <code>&lt;title&gt;</code> tag; <a href="https://example.com">https://example.com</a> and <a href="mailto:hello@example.com">hello@example.com</a>.</p>\n' +
        '<pre><code class="language-html">&lt;br&gt;\n</code></pre>\n<pre><code>&lt;div&gt;indented&lt;/div&gt;\n</code></pre>\n',
    );
  });

  it("refuses every link text Lighthouse's own SEO audit fails in English, as its installed version lists them", () => {
    const audit = createRequire(import.meta.url).resolve('lighthouse/core/audits/seo/link-text.js');
    const english = /'en': new Set\(\[([^\]]*)\]\)/.exec(readFileSync(audit, 'utf8'))![1]!;
    const words = [...english.matchAll(/'([^']+)'/g)].map((found) => found[1]!);
    expect(words).toContain('click here');
    for (const text of words)
      expect(() => renderMarkdown(`[${text}](/contact)\n`), text).toThrow(`link "${text}" does not say where it leads`);
  });

  it("collects links by the root or a full web address, decoded, each with its line in the body, for the route check's messages", () => {
    const source =
      '[Prices](/services/local-seo) [Call](tel:08081570192) [Out](https://example.com/)\n\nText.\n\n' +
      '- one\n- [Q](/contact?from=blog&amp;x=1)\n\n| a | b |\n|---|---|\n| x | ![Team](/favicon.svg) |\n\n' +
      '[Prices](/services/local-seo) again, [Prices](/services/local-seo) twice.\n';
    const expected = [
      { href: '/services/local-seo', line: 1 },
      { href: 'https://example.com/', line: 1 },
      { href: '/contact?from=blog&x=1', line: 6 },
      { href: '/favicon.svg', line: 10 },
      { href: '/services/local-seo', line: 12 },
      { href: '/services/local-seo', line: 12 },
    ];
    expect(renderMarkdown(source).links).toEqual(expected);
    // After a footnote's note and a reference's address, which the page shows elsewhere or not at all.
    const noted =
      'Intro[^1].\n\n[^1]: The note.\n\n[guide]: /blog/local-seo-tips\n\nSee [us](/about) and [the guide][guide].\n';
    expect(renderMarkdown(noted).links).toEqual([
      { href: '/about', line: 7 },
      { href: '/blog/local-seo-tips', line: 7 },
    ]);
    // Saved with Windows' line endings, the lines are the same; a body's first line in its file is added by the build.
    expect(renderMarkdown(source.replaceAll('\n', '\r\n'), 20).links).toEqual(expected);
  });

  it.each([
    ['[Click](javascript:alert(1))', 'javascript:alert(1)'],
    ['[Click](&#106;avascript:alert(1))', 'javascript:alert(1)'],
    ['[Click](JAVASCRIPT:alert(1))', 'JAVASCRIPT:alert(1)'],
    ['![x](data:image/svg+xml,abc)', 'data:image/svg+xml,abc'],
  ])('rejects %s, naming the link as the browser would read it', (source, shown) => {
    expect(() => renderMarkdown(`${source}\n`)).toThrow(RefusedMarkdownError);
    expect(() => renderMarkdown(`${source}\n`)).toThrow(
      `link "${shown}" uses a scheme other than https, http, mailto or tel`,
    );
  });

  it.each([
    ['[Relative](contact)', 'contact'],
    ['[Up](../about)', '../about'],
    ['[Site](www.example.co.uk)', 'www.example.co.uk'],
  ])('rejects %s, relative to the page, saying what a link must be', (source, shown) => {
    expect(() => renderMarkdown(`${source}\n`)).toThrow(
      `link "${shown}" is relative to the page: expected a link from the site's root, such as "/about", or a full address (https://, mailto:, tel:)`,
    );
  });

  it.each([
    ['[Call us](tel:abc)', 'tel:abc'],
    ['[Call us](tel:0808-15)', 'tel:0808-15'],
    // A digit dropped from a number as the site's own is refused for: the call would reach no one.
    ['[Call Dave](tel:0808157019)', 'tel:0808157019'],
  ])('rejects %s, which dials no number, and passes a number as people write it', (source, shown) => {
    expect(() => renderMarkdown(`${source}\n`)).toThrow(
      `link "${shown}" dials no phone number: expected tel: and the number, such as tel:+448081570192, or {phone} for the site's own`,
    );
    expect(renderMarkdown('[Call us](<tel:+44 (0)1332 123-456>)\n').html).toBe(
      '<p><a href="tel:+44%20(0)1332%20123-456">Call us</a></p>\n',
    );
  });

  it.each([
    ['[Write to us](mailto:not-an-email)', 'mailto:not-an-email'],
    ['[Write to us](mailto:hello@example)', 'mailto:hello@example'],
  ])('rejects %s, which writes to no address, and passes an address with a subject', (source, shown) => {
    expect(() => renderMarkdown(`${source}\n`)).toThrow(
      `link "${shown}" writes to no email address: expected mailto: and the address, such as mailto:hello@example.co.uk, or {email} for the site's own`,
    );
    expect(renderMarkdown('[Write to us](mailto:hello@example.co.uk?subject=A%20quote)\n').html).toBe(
      '<p><a href="mailto:hello@example.co.uk?subject=A%20quote">Write to us</a></p>\n',
    );
  });

  it("rejects a heading that would break the page's outline: a second level-1 heading, or a level skipped", () => {
    expect(() => renderMarkdown('Intro.\n\n# A second title\n\nMore.\n')).toThrow(
      `heading "# A second title": the page's title is its only level-1 heading; start at ##`,
    );
    expect(() => renderMarkdown('Intro.\n\n### Too deep\n')).toThrow(
      `heading "### Too deep" skips a level after the page's title (its level-1 heading): expected ##`,
    );
    expect(() => renderMarkdown('## Costs\n\n> #### Fuel\n')).toThrow(
      'heading "#### Fuel" skips a level after a level-2 heading: expected ###',
    );
    expect(renderMarkdown('## Costs\n\n### Vans\n\n#### Fuel\n\n## Next\n\n### Then\n').html).toBe(
      '<h2><a id="costs"></a>Costs</h2>\n<h3><a id="vans"></a>Vans</h3>\n<h4><a id="fuel"></a>Fuel</h4>\n<h2><a id="next"></a>Next</h2>\n<h3><a id="then"></a>Then</h3>\n',
    );
  });

  it("names the line of what it refuses, counted from the body's first line in its file", () => {
    expect(() => renderMarkdown('Intro.\n\n### Too deep\n')).toThrow(
      `line 3: heading "### Too deep" skips a level after the page's title (its level-1 heading): expected ##`,
    );
    expect(() => renderMarkdown('Intro.\n\n## Costs\n\n# A second title\n', 14)).toThrow(
      `line 18: heading "# A second title": the page's title is its only level-1 heading; start at ##`,
    );
    // Inside a list, a quote and a paragraph of several lines: the line of the thing refused, not of its block.
    const list = '## Jobs\n\n- Boilers\n- Vans:\n\n  > Fitted\n  > ## \n';
    expect(() => renderMarkdown(list)).toThrow('line 7: a heading with no text ("##" alone on a line)');
    const paragraph = 'One line,\r\nanother,\r\nand ![a van](https://cdn.example.com/van.jpg) here.\r\n';
    expect(() => renderMarkdown(paragraph, 9)).toThrow(
      'line 11: image "https://cdn.example.com/van.jpg" is on another site',
    );
  });

  it('rejects a heading with no text, which would be an empty <h2>', () => {
    expect(() => renderMarkdown('Intro.\n\n##\n\nMore.\n')).toThrow('a heading with no text ("##" alone on a line)');
    expect(() => renderMarkdown('###   \n')).toThrow(RefusedMarkdownError);
    expect(renderMarkdown('## Our prices\n').html).toBe('<h2><a id="our-prices"></a>Our prices</h2>\n');
  });

  it.each([
    [
      '##Our prices',
      'line 3: "##Our prices" would show as written, not as a heading or list item: put a space after the # or -',
    ],
    [
      'More text.\n###Step two',
      'line 4: "###Step two" would show as written, not as a heading or list item: put a space after the # or -',
    ],
    [
      '-Boilers\n-Radiators',
      'line 3: "-Boilers" would show as written, not as a heading or list item: put a space after the # or -',
    ],
    [
      '| Job | Price |\n| Boiler service | £80 |',
      'line 3: "| Job | Price |" would show as written, not as a table: put a line of |---| under its first row',
    ],
    [
      'A **bold **claim.',
      'line 3: "**bold" would show on the page as written: bold is **words**, with no space inside the stars',
    ],
    [
      'Be** bold**.',
      'line 3: "Be**" would show on the page as written: bold is **words**, with no space inside the stars',
    ],
  ])('refuses %j, a heading, list item, table or bold Markdown cannot read as one', (source, message) => {
    expect(() => renderMarkdown(`Intro.\n\n${source}\n`)).toThrow(message);
  });

  it('takes a #, a -, a | or stars that start nothing: a number, a hashtag, a sum, a temperature, a bar and escaped stars', () => {
    expect(
      renderMarkdown('#1 for trades, #ShopLocal, 5 ** 3 and \\*\\*not bold\\*\\*, at\n-5°C and\n| a bar.\n').html,
    ).toBe('<p>#1 for trades, #ShopLocal, 5 ** 3 and **not bold**, at\n-5°C and\n| a bar.</p>\n');
  });
});

/**
 * What an article's or a legal page's Markdown says that its page cannot show as written (a link to no page, HTML, an
 * embed, a placeholder of none of the site's facts, a skipped heading, a footnote without its note, an image from
 * elsewhere) stops the build with a line naming the file, the line and what to write.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { type BadInput, buildCaseTimeout, stopsTheBuild } from '../support/build-refusals';
import { contentWorkspace, removeWorkspaces } from '../support/workspace';

afterAll(removeWorkspaces);
vi.setConfig({ testTimeout: buildCaseTimeout });

const badBody: BadInput[] = [
  [
    'a link in Markdown to a page that does not exist',
    'blog/website-design-mistakes.md',
    (text) => `${text}\nSee [our prices](/pricing).\n`,
    /content\/blog\/website-design-mistakes\.md: body: line \d+: links to "\/pricing", which is neither a page of this site nor a file of public\/ \(pages are listed by `sitegen build` and in sitemap\.xml\)\n/,
  ],
  [
    "a link in Markdown to a page's address with a letter too many, named with the page meant",
    'blog/website-design-mistakes.md',
    (text) => `${text}\nSee [our plumber page](/services/plumbers).\n`,
    /content\/blog\/website-design-mistakes\.md: body: line \d+: links to "\/services\/plumbers", which is neither a page of this site nor a file of public\/: did you mean "\/services\/plumber"\?\n/,
  ],
  [
    "a link in Markdown to a page's address with a letter left out, named with the page meant",
    'blog/website-design-mistakes.md',
    (text) => `${text}\nSee [our local SEO service](/servces/local-seo).\n`,
    /content\/blog\/website-design-mistakes\.md: body: line \d+: links to "\/servces\/local-seo", which is neither a page of this site nor a file of public\/: did you mean "\/services\/local-seo"\?\n/,
  ],
  [
    "a link in Markdown to a page that does not exist, by the site's full address as pasted from a browser",
    'blog/website-design-mistakes.md',
    (text) => `${text}\nSee [our plumber page](https://www.tradeboostdigital.co.uk/services/plumbers?from=blog).\n`,
    /content\/blog\/website-design-mistakes\.md: body: line \d+: links to "\/services\/plumbers\?from=blog", which is neither a page of this site nor a file of public\//,
  ],
  [
    "a link in Markdown to a page that does not exist, by the site's old http: address with its host in capitals, as copied from an old page",
    'blog/website-design-mistakes.md',
    (text) => `${text}\nSee [our plumber page](http://WWW.TradeBoostDigital.co.uk/services/plumberz).\n`,
    /content\/blog\/website-design-mistakes\.md: body: line \d+: links to "\/services\/plumberz", which is neither a page of this site nor a file of public\//,
  ],
  [
    'a link in Markdown to a page written with a trailing slash, which some hosts answer with 404',
    'blog/website-design-mistakes.md',
    (text) => `${text}\nSee [the blog](/blog/).\n`,
    /content\/blog\/website-design-mistakes\.md: body: line \d+: links to "\/blog\/", which is neither a page of this site nor a file of public\/: expected "\/blog", the page's own URL\n/,
  ],
  [
    'a link in Markdown to a page written with a capital, which hosts on case-sensitive disks answer with 404',
    'blog/website-design-mistakes.md',
    (text) => `${text}\nSee [about us](/About).\n`,
    /content\/blog\/website-design-mistakes\.md: body: line \d+: links to "\/About", which is neither a page of this site nor a file of public\/: expected "\/about", the page's own URL\n/,
  ],
  [
    'a YouTube video pasted as Share > Embed gives it, which would show as code: the Content-Security-Policy allows no frame',
    'blog/local-seo-tips.md',
    (text) =>
      `${text}\n<iframe width="560" height="315" src="https://www.youtube.com/embed/dQw4w9WgXcQ?si=x1" title="YouTube video player" frameborder="0" allowfullscreen></iframe>\n`,
    /content\/blog\/local-seo-tips\.md: body: line \d+: HTML "<iframe width="560" height="315" src="https:\/\/www\.youtube\.com\/embed\/dQ" would show on the page as code: an embed \(a video, map or post\) cannot play under the site's Content-Security-Policy, so link to it; write the rest in Markdown, or in backticks to show it as code$/m,
  ],
  [
    'a script tag in a sentence, which would show as text',
    'blog/google-ads-guide.md',
    (text) => `${text}\nA script, <script>alert("body")</script>\nand an image: <img src=x onerror=alert(2)>\n`,
    /content\/blog\/google-ads-guide\.md: body: line \d+: HTML "<script>" would show on the page as text: write it in Markdown \(\*\*bold\*\*, \*italics\*, \[words\]\(https:\/\/…\)\), in backticks to show it as code, or remove it$/m,
  ],
  [
    'a tweet pasted as its embed code, inside a list',
    'blog/social-media-guide.md',
    (text) =>
      `${text}\n- What customers say:\n\n  <blockquote class="twitter-tweet"><p>Great job!</p></blockquote> <script async src="https://platform.twitter.com/widgets.js"></script>\n`,
    /content\/blog\/social-media-guide\.md: body: line \d+: HTML "<blockquote class="twitter-tweet"><p>Great job!<\/p><\/blockquote>[^"]*" would show on the page as code/,
  ],
  [
    'a note left in an HTML comment, which every visitor would read',
    'legal/privacy-policy.md',
    (text) => `${text}\n<!-- TODO: ask the solicitor about retention -->\n`,
    /content\/legal\/privacy-policy\.md: body: line \d+: HTML "<!-- TODO: ask the solicitor about retention -->" would show on the page as code/,
  ],
  [
    'a javascript: link in Markdown',
    'blog/local-seo-tips.md',
    (text) => `${text}\n[Click me](javascript:alert(1))\n`,
    /content\/blog\/local-seo-tips\.md: body: line \d+: link "javascript:alert\(1\)" uses a scheme other than https, http, mailto or tel/,
  ],
  [
    "a placeholder in Markdown that names none of the site's facts",
    'legal/privacy-policy.md',
    (text) => text.replace('{email}', '{emial}'),
    /content\/legal\/privacy-policy\.md: body: line \d+: "\{emial\}" names none of the site's facts: expected \{name\}, \{legalName\}, \{phone\}, \{email\}, \{address\}, \{hours\}: did you mean "\{email\}"\?$/m,
  ],
  [
    'the phone number as the words of a link in Markdown',
    'blog/google-ads-guide.md',
    (text) => text.replace('ring us free on {phone}', 'ring us free on [{phone}](/contact)'),
    /content\/blog\/google-ads-guide\.md: body: line \d+: link "\{phone\}": \{phone\} and \{email\} are links themselves; write them outside a link's brackets and title/,
  ],
];

describe('bad input', () => {
  it.concurrent.each(badBody)('%s stops the build, naming the file and field', stopsTheBuild);

  it.concurrent("takes a link to a page of the site by its full address, and one to another site's page", async () => {
    const site = await contentWorkspace();
    await site.edit(
      'blog/local-seo-tips.md',
      (text) =>
        `${text}\nSee [plumbers](https://www.tradeboostdigital.co.uk/services/plumber#services) and [theirs](https://example.com/services/plumbers).\n`,
    );
    expect(await site.refusal()).toBeUndefined();
  });

  it.concurrent(
    'takes a link to the feeds or the sitemap, files the build writes, by path or full address',
    async () => {
      const site = await contentWorkspace();
      await site.edit(
        'blog/local-seo-tips.md',
        (text) =>
          `${text}\nFollow by [RSS](/blog/rss.xml), [Atom](https://www.tradeboostdigital.co.uk/blog/atom.xml) or [JSON Feed](/blog/feed.json), and every page is in [the sitemap](/sitemap.xml).\n`,
      );
      expect(await site.refusal()).toBeUndefined();
      await site.edit('blog/local-seo-tips.md', (text) => text.replace('(/sitemap.xml)', '(/sitemap.html)'));
      expect(await site.refusal()).toMatch(
        /body: line \d+: links to "\/sitemap\.html", which is neither a page of this site/,
      );
    },
  );

  it.concurrent.each([
    [
      'an empty body',
      (text: string) => text.replace(/\n---\n[\s\S]*$/, '\n---\n\n'),
      "body: is empty: write the page's words below the front matter",
    ],
    [
      'a heading that skips a level',
      (text: string) => `${text}\n#### Fuel costs\n`,
      'body: line 121: heading "#### Fuel costs" skips a level after a level-2 heading: expected ###',
    ],
    [
      'a second level-1 heading',
      (text: string) => `${text}\n# Our prices\n`,
      `body: line 121: heading "# Our prices": the page's title is its only level-1 heading; start at ##`,
    ],
    [
      'a link written in HTML in a sentence',
      (text: string) => `${text}\nRead <a href="https://example.com" target="_blank">this guide</a> first.\n`,
      'body: line 121: HTML "<a href="https://example.com" target="_blank">" would show on the page as text: write the link in Markdown, [its words](https://example.com): a link opens in the same tab',
    ],
    [
      'a line break written in HTML',
      (text: string) => `${text}\nCall us today.<br>\nWe answer 24/7.\n`,
      'body: line 121: HTML "<br>" would show on the page as text: for a line break, end the line with a backslash (\\)',
    ],
    [
      'a link given a target in kramdown',
      (text: string) => `${text}\nRead [this guide](https://example.com/guide){target=_blank} and call {phone}.\n`,
      `body: line 121: "{target=_blank}" would show on the page as written: this site's Markdown sets no attributes, and its links open in the same tab; remove it`,
    ],
    [
      "a link typed as Markdown in the editor's rich text, which Decap saves with its bracket escaped",
      (text: string) => `${text}\nSee \\[our services](/services) for the rest.\n`,
      `body: line 121: "\\[our services](/services)" is shown as written, not as a link: use the editor's link button, or write it in Markdown mode without the backslash`,
    ],
    [
      'a footnote without its note',
      (text: string) => `${text}\nReviews matter[^1].\n`,
      `body: line 121: footnote "[^1]" has no note: write it on a line of its own below the paragraph, as [^1]: The survey's source.`,
    ],
    [
      "a misspelt placeholder on a paragraph's second line, named by its own line",
      (text: string) => `${text}\nCall us today.\nOr ring {fone} tonight.\n`,
      `body: line 122: "{fone}" names none of the site's facts: expected {name}, {legalName}, {phone}, {email}, {address}, {hours}: did you mean "{phone}"?`,
    ],
    [
      'a link to no page, at the end of a line, in a body with footnotes',
      (text: string) => `${text}\nSee [a](/zz)\nand the survey[^1].\n\n[^1]: BrightLocal, 2024.\n`,
      'body: line 121: links to "/zz", which is neither a page of this site nor a file of public/ (pages are listed by `sitegen build` and in sitemap.xml)',
    ],
    [
      'an image from another site',
      (text: string) => `${text}\nSee:\n![Our van](https://cdn.example.com/van.jpg)\n`,
      'body: line 122: image "https://cdn.example.com/van.jpg" is on another site, and the Content-Security-Policy lets a page load images only from its own site and https://images.unsplash.com: save the photo in public/ (as public/photos/van.jpg, say) and write ![Our van](/photos/van.jpg), or use a photo of https://images.unsplash.com',
    ],
    [
      'a photo of content/images/ shown in the body, named as the front matter names one',
      (text: string) => `${text}\nSee:\n![Our van](images/van.jpg)\n`,
      'body: line 122: image "images/van.jpg" is relative to the page (content/images/ is for an article\'s image, not its body): save the photo in public/ (as public/photos/van.jpg, say) and write ![Our van](/photos/van.jpg)',
    ],
  ])('%s stops the build, naming the line of the file and what to write', async (_, change, message) => {
    const site = await contentWorkspace();
    await site.edit('blog/local-seo-tips.md', (text) => {
      // The lines the messages name: the file's own, then the blank line each edit starts with.
      expect(text.split('\n')).toHaveLength(120);
      return change(text);
    });
    expect(await site.refusal()).toBe(`sitegen: ${join(site.content, 'blog/local-seo-tips.md')}: ${message}\n`);
  });
});

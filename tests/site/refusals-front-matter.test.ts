/**
 * An article's or a legal page's front matter that the site cannot read (its YAML, a field missing or of the wrong
 * type, a slug, a date, a social image's description) stops the build with a line naming the file and the field.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, it, vi } from 'vitest';
import {
  type BadInput,
  brokenFrontMatter,
  buildCaseTimeout,
  quotedDraftFlag,
  stopsTheBuild,
} from '../support/build-refusals';
import { projectRoot } from '../support/cli';
import { removeWorkspaces } from '../support/workspace';

/** The local SEO page's description, as its content file gives it. */
const localSeo = JSON.parse(readFileSync(join(projectRoot, 'content/service-pages/local-seo.json'), 'utf8')) as {
  description: string;
};

afterAll(removeWorkspaces);
vi.setConfig({ testTimeout: buildCaseTimeout });

const badFrontMatter: BadInput[] = [
  brokenFrontMatter,
  [
    // A field pasted in again lower down: YAML's own words ("duplicated mapping key") name no field a marketer knows.
    'a field given twice',
    'blog/google-ads-guide.md',
    (text) => text.replace(/^readTime: .*$/m, '$&\nauthor: "Sarah Mitchell"'),
    /content\/blog\/google-ads-guide\.md: front matter: is not valid YAML at line 10 \(author\): "author" is given twice: keep one\n$/,
  ],
  [
    // What an image may be, not "a value".
    "an article's image left out",
    'blog/google-ads-guide.md',
    (text) => text.replace(/^image: .*\n/m, ''),
    /content\/blog\/google-ads-guide\.md: front matter: image: is missing: expected a photo on https:\/\/images\.unsplash\.com \(the only image host the Content-Security-Policy allows\) or a file of content\/images\/ such as "images\/team\/sarah\.jpg"\n$/,
  ],
  [
    "an article's image given as a number",
    'blog/google-ads-guide.md',
    (text) => text.replace(/^image: .*$/m, 'image: 12'),
    /content\/blog\/google-ads-guide\.md: front matter: image: expected a photo on https:\/\/images\.unsplash\.com \(the only image host the Content-Security-Policy allows\) or a file of content\/images\/ such as "images\/team\/sarah\.jpg", found number 12\n$/,
  ],
  [
    'a field indented by mistake',
    'blog/google-ads-guide.md',
    (text) => text.replace(/^author:/m, '  author:'),
    /content\/blog\/google-ads-guide\.md: front matter: is not valid YAML at line 7 \(author\): it is indented: start the field at the line's start\n$/,
  ],
  [
    // The site's facts are filled in in a body only: here the braces would be published as written.
    "a placeholder in an article's title",
    'blog/google-ads-guide.md',
    (text) => text.replace(/^title: .*$/m, 'title: "Call {phone} for Google Ads help"'),
    /content\/blog\/google-ads-guide\.md: front matter: title: expected a text with no \{…\} placeholder \(filled in only in a body\), found "Call \{phone\} for Google Ads help"\n$/,
  ],
  [
    // A title is text wherever it shows (the page, its tab, search results): a tag would show as typed.
    "an HTML tag in an article's title",
    'blog/google-ads-guide.md',
    (text) => text.replace(/^title: .*$/m, 'title: "Google Ads: <em>the</em> guide for trades"'),
    /content\/blog\/google-ads-guide\.md: front matter: title: expected a text with no HTML tags or entities such as &amp; \(a page shows them as typed\), found "Google Ads: <em>the<\/em> guide for trades"\n$/,
  ],
  [
    // Pasted from another site's HTML (a WordPress export): "&amp;" would show as typed, not as "&".
    "an HTML entity in an article's title",
    'blog/google-ads-guide.md',
    (text) => text.replace(/^title: .*$/m, 'title: "Google Ads &amp; PPC: a guide for trades"'),
    /content\/blog\/google-ads-guide\.md: front matter: title: expected a text with no HTML tags or entities such as &amp; \(a page shows them as typed\), found "Google Ads &amp; PPC: a guide for trades"\n$/,
  ],
  [
    "an HTML tag in a JSON file's text",
    'trades/plumber.json',
    (text) => text.replace(/"description": "/, '"description": "Busy plumbers<br>'),
    /content\/trades\/plumber\.json: description: expected a text with no HTML tags/,
  ],
  [
    "a placeholder in an article's excerpt",
    'blog/google-ads-guide.md',
    (text) => text.replace(/^excerpt: .*$/m, 'excerpt: "Call {name} today."'),
    /content\/blog\/google-ads-guide\.md: front matter: excerpt: expected a text with no \{…\} placeholder/,
  ],
  [
    "a placeholder in a trade's description",
    'trades/plumber.json',
    (text) => text.replace(/"description": "/, '"description": "Call {phone}: '),
    /content\/trades\/plumber\.json: description: expected a text with no \{…\} placeholder/,
  ],
  [
    "an article with a trade page's title in other capitals, which search results could not tell apart (sitegen check fails both)",
    'blog/google-ads-guide.md',
    (text) => text.replace(/^title: .*$/m, 'title: "Digital marketing for plumbers"'),
    /content\/blog\/google-ads-guide\.md: front matter: title: "Digital marketing for plumbers" is also the title of \/services\/plumber \([^)]*content\/trades\/plumber\.json\): give each page its own\n$/,
  ],
  [
    "an article with an older article's title: the newer is named",
    'blog/google-ads-guide.md',
    (text) => text.replace(/^title: .*$/m, 'title: "Local SEO for Tradespeople: 10 Tips to Win More Jobs Nearby"'),
    /content\/blog\/google-ads-guide\.md: front matter: title: "Local SEO for Tradespeople: 10 Tips to Win More Jobs Nearby" is also the title of \/blog\/local-seo-tips \([^)]*content\/blog\/local-seo-tips\.md\): give each page its own\n$/,
  ],
  [
    "an article with a service page's description",
    'blog/google-ads-guide.md',
    (text) => text.replace(/^description: .*$/m, `description: ${JSON.stringify(localSeo.description)}`),
    /content\/blog\/google-ads-guide\.md: front matter: description: ".+" is also the description of \/services\/local-seo \([^)]*content\/service-pages\/local-seo\.json\): give each page its own\n$/,
  ],
  [
    'front matter never closed',
    'blog/google-ads-guide.md',
    (text) => text.replace('\n---\n', '\n'),
    /content\/blog\/google-ads-guide\.md: front matter: is not closed: expected a line of --- after it/,
  ],
  [
    'a missing field',
    'blog/social-media-guide.md',
    (text) => text.replace(/^author: .*\n/m, ''),
    /content\/blog\/social-media-guide\.md: front matter: author: is missing: expected a text/,
  ],
  [
    'a wrongly typed field in front matter',
    'blog/online-reviews-guide.md',
    (text) => text.replace(/^readTime: \d+/m, 'readTime: "seven"'),
    /content\/blog\/online-reviews-guide\.md: front matter: readTime: expected a number of minutes, found "seven"/,
  ],
  // In quotes, true, false and a number are texts: the quotes, not the value, are what is wrong.
  quotedDraftFlag,
  [
    'a read time in quotes',
    'blog/online-reviews-guide.md',
    (text) => text.replace(/^readTime: \d+/m, 'readTime: "7"'),
    /content\/blog\/online-reviews-guide\.md: front matter: readTime: expected a number of minutes, found "7", in quotes: write it without them\n$/,
  ],
  [
    'a read time that is not a whole number of minutes',
    'blog/online-reviews-guide.md',
    (text) => text.replace(/^readTime: \d+/m, 'readTime: 7.5'),
    /content\/blog\/online-reviews-guide\.md: front matter: readTime: expected a whole number of minutes, found number 7\.5/,
  ],
  [
    'a slug with an accented letter, which is lowercase yet no slug',
    'blog/local-seo-tips.md',
    (text) => text.replace(/^slug: .*$/m, 'slug: "café-seo-tips"'),
    /content\/blog\/local-seo-tips\.md: front matter: slug: expected a slug of lowercase letters a to z, digits and single hyphens, such as "local-seo", found "café-seo-tips"$/m,
  ],
  [
    'a slug too long to name a file',
    'legal/privacy-policy.md',
    (text) => text.replace(/^slug: .*$/m, `slug: "${'privacy-'.repeat(12)}policy"`),
    /content\/legal\/privacy-policy\.md: front matter: slug: expected a slug of at most 80 characters, found "privacy-privacy-.*…" \(102 characters\)/,
  ],
  [
    // Its keywords say what it holds: that a list is wanted alone does not.
    'an article without its keywords',
    'blog/google-ads-guide.md',
    (text) => text.replace(/^keywords: .*\n/m, ''),
    /content\/blog\/google-ads-guide\.md: front matter: keywords: is missing: expected a list of at least one entry$/m,
  ],
  [
    "an article's social image without its description",
    'blog/google-ads-guide.md',
    (text) => text.replace(/^imageAlt: /m, 'socialImage: "images/logo.png"\nimageAlt: '),
    /content\/blog\/google-ads-guide\.md: front matter: socialImageAlt: is missing: expected a text describing the social image, for people who cannot see it$/m,
  ],
  [
    "an article's social image description without the image",
    'blog/google-ads-guide.md',
    (text) => text.replace(/^imageAlt: /m, 'socialImageAlt: "A map"\nimageAlt: '),
    /content\/blog\/google-ads-guide\.md: front matter: socialImage: is missing: expected the social image its description describes \(or no description\)$/m,
  ],
  [
    'JavaScript front matter',
    'blog/online-reviews-guide.md',
    (text) => text.replace(/^---\n/, '---js\n'),
    /content\/blog\/online-reviews-guide\.md: front matter: is JavaScript \(---js\), which would run code when the site builds: write it in YAML/,
  ],
  [
    "a legal page's slug that another page's path already is",
    'legal/privacy-policy.md',
    (text) => text.replace(/^slug: .*$/m, 'slug: "about"'),
    /content\/legal\/privacy-policy\.md: slug: gives the page \/about, which .* already gives: each page needs its own path/,
  ],
  [
    'a date that does not exist',
    'blog/google-ads-guide.md',
    (text) => text.replace(/^date: .*$/m, 'date: "2024-02-30"'),
    /content\/blog\/google-ads-guide\.md: front matter: date: expected a date that exists, such as 2024-02-29 in a leap year, found "2024-02-30"/,
  ],
  [
    'a date that does not exist, unquoted (which YAML would roll over into March)',
    'blog/google-ads-guide.md',
    (text) => text.replace(/^date: .*$/m, 'date: 2026-02-30'),
    /content\/blog\/google-ads-guide\.md: front matter: date: expected a date that exists, such as 2024-02-29 in a leap year, found "2026-02-30"/,
  ],
  [
    'a date with a time of day, unquoted',
    'blog/google-ads-guide.md',
    (text) => text.replace(/^date: .*$/m, 'date: 2024-02-13T01:00:00+05:00'),
    /content\/blog\/google-ads-guide\.md: front matter: date: expected an ISO date such as 2024-01-15, found "2024-02-13T01:00:00\+05:00"/,
  ],
  [
    'an article published with the words `sitegen new article` wrote for its excerpt',
    'blog/google-ads-guide.md',
    (text) =>
      text.replace(
        /^excerpt: .*$/m,
        'excerpt: "One or two sentences for the blog listing: what a tradesperson gets from reading this."',
      ),
    /content\/blog\/google-ads-guide\.md: front matter: excerpt: still holds the words `sitegen new article` wrote \("One or two sentences for the blog listing: what a tradesperson gets from reading this\."\): write the article's own, or keep it a draft \(draft: true\)/,
  ],
  [
    "a legal page's slug that would write its page over the home page's file",
    'legal/privacy-policy.md',
    (text) => text.replace(/^slug: .*$/m, 'slug: "index"'),
    /content\/legal\/privacy-policy\.md: slug: gives the page \/index, written to index\.html, where the page \/ \(.*content\/pages\/home\.json\) is written: each page needs its own path/,
  ],
  [
    "an article's slug that would write its page where hosts serve the blog's own address, /blog/",
    'blog/google-ads-guide.md',
    (text) => text.replace(/^slug: .*$/m, 'slug: "index"'),
    /content\/blog\/google-ads-guide\.md: slug: gives the page \/blog\/index, written to blog\/index\.html, which hosts serve at \/blog\/, the address of the page \/blog \(.*content\/pages\/blog\.json\): each page needs its own path/,
  ],
  [
    "a slip in an article's category, which names the category it was meant to be",
    'blog/google-ads-guide.md',
    (text) => text.replace('category: "Google Ads"', 'category: "Googel Ads"'),
    /content\/blog\/google-ads-guide\.md: front matter: category: expected one of "SEO", "Google Ads", "Social Media", "Web Design", "Reputation Management", "Case Studies" \(pages\/blog\.json\), found "Googel Ads": did you mean "Google Ads"\?\n$/,
  ],
];

describe('bad input', () => {
  it.concurrent.each(badFrontMatter)('%s stops the build, naming the file and field', stopsTheBuild);
});

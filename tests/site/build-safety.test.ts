/**
 * Bad input stops the build with a message naming the file and the field,
 * exit code 1, and the previous output untouched; good input builds the same
 * bytes every time; nothing from content can inject markup.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { lstat, mkdir, readFile, readdir, rm, stat, symlink, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import * as cheerio from 'cheerio';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkSite } from '../../src/check/check-site';
import { executable, localLeads, projectRoot, runSitegenHeld } from '../support/cli';
import { fingerprint } from '../support/fingerprint';
import { copyProject, inProjectCopy, type ProjectCopy } from '../support/project-copy';
import { siteDir, siteUrl } from '../support/site';
import { buildHere, contentWorkspace, removeWorkspaces, workspace } from '../support/workspace';

afterAll(removeWorkspaces);

// A case here builds the site up to five times, in this process, beside the other cases running at once: on a machine
// busy with other work that takes minutes, not seconds. How long it takes is not what it tests.
vi.setConfig({ testTimeout: 180_000 });

const badInput: [string, string, (text: string) => string, RegExp][] = [
  [
    'broken front matter',
    'blog/google-ads-guide.md',
    (text) => text.replace('title: "', 'title: [unclosed "'),
    /content\/blog\/google-ads-guide\.md: front matter: is not valid YAML/,
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
  [
    'a read time that is not a whole number of minutes',
    'blog/online-reviews-guide.md',
    (text) => text.replace(/^readTime: \d+/m, 'readTime: 7.5'),
    /content\/blog\/online-reviews-guide\.md: front matter: readTime: expected a whole number of minutes, found number 7\.5/,
  ],
  [
    'a wrongly typed field in JSON',
    'trades/builder.json',
    (text) => text.replace(/"features": \[[^\]]*\]/, '"features": "Boiler repair keyword targeting"'),
    /content\/trades\/builder\.json: services\[0\]\.features: expected a list, found "Boiler repair keyword targeting"/,
  ],
  // A list where an object belongs: not its items named as fields no schema knows, and the object's fields as missing.
  [
    'a list where an object belongs',
    'team.json',
    (text) => text.replace(/"image": (\{[^}]*\})/, '"image": [$1]'),
    /content\/team\.json: team\[0\]\.image: expected an object, found a list\n/,
  ],
  [
    'a file holding a list where its object belongs',
    'stats.json',
    (text) => text.replace(/^\{\s*"stats": (\[[\s\S]*\])\s*\}\s*$/, '$1'),
    /content\/stats\.json: \(top level\): expected an object, found a list\n/,
  ],
  [
    'a misspelt field',
    'site.json',
    (text) => text.replace('"tagline"', '"tagLine"'),
    /content\/site\.json: tagLine: is not a known field \(check its spelling\), and tagline is missing\n/,
  ],
  [
    'a field the content no longer takes',
    'site.json',
    (text) => text.replace('"hours": {', '"hours": { "label": "Mon-Fri 9AM-6PM",'),
    /content\/site\.json: hours\.label: is not a known field \(check its spelling\): expected one of days, opens, closes\n/,
  ],
  [
    'an image from a host the Content-Security-Policy would block',
    'team.json',
    (text) => text.replace('https://images.unsplash.com/photo-', 'https://cdn.example.com/photo-'),
    /content\/team\.json: team\[0\]\.image\.src: expected a photo on https:\/\/images\.unsplash\.com \(the only image host the Content-Security-Policy allows\)/,
  ],
  [
    "an image named from the site's root rather than from the content folder",
    'team.json',
    (text) => text.replace(/"src": "[^"]*"/, '"src": "/images/team/sarah.jpg"'),
    /content\/team\.json: team\[0\]\.image\.src: expected a photo on https:\/\/images\.unsplash\.com \(the only image host the Content-Security-Policy allows\) or a file of content\/images\/ such as "images\/team\/sarah\.jpg", found "\/images\/team\/sarah\.jpg"$/m,
  ],
  [
    'invalid JSON',
    'stats.json',
    (text) => text.replace(/\}\s*$/, ''),
    /content\/stats\.json: is not valid JSON \(Expected ',' or '\}' after property value at line 8 column 1\)$/m,
  ],
  [
    'a key given twice, of which JSON.parse would keep the last without a word',
    'site.json',
    (text) => text.replace('"phone": "0808 157 0192",', '"phone": "0808 157 0192",\n  "phone": "0808 157 0193",'),
    /content\/site\.json: phone: is given twice, at lines 8 and 9: keep one$/m,
  ],
  [
    'a key given twice in an object of a list',
    'team.json',
    (text) => text.replace('"name": "Sarah Mitchell",', '"name": "Sarah Mitchell",\n      "name": "Sara Mitchell",'),
    /content\/team\.json: team\[0\]\.name: is given twice, at lines 4 and 5: keep one$/m,
  ],
  [
    'a key given twice on one line',
    'trades/builder.json',
    (text) => text.replace('"singular": "Builder",', '"singular": "Builder", "singular": "Bilder",'),
    /content\/trades\/builder\.json: singular: is given twice, on line 4: keep one$/m,
  ],
  [
    'a comma after the last item of a list, where JSON.parse names no position',
    'stats.json',
    (text) => text.replace(/\}\s*\]/, '},\n  ]'),
    /content\/stats\.json: is not valid JSON \(Unexpected token '\]' at line 7 column 3\)$/m,
  ],
  [
    "a social link to a network's home page, which search engines would read as the agency's profile",
    'site.json',
    (text) =>
      text.replace(
        '"label": "TradeBoost Digital on X" }',
        '"label": "TradeBoost Digital on X", "href": "https://x.com/" }',
      ),
    /content\/site\.json: social\[2\]\.href: expected the agency's own page on the network, such as https:\/\/www\.facebook\.com\/tradeboostdigital, not the network's home page, found "https:\/\/x\.com\/"/,
  ],
  [
    'a social link to another network than the one its icon shows',
    'site.json',
    (text) =>
      text.replace(
        '"label": "TradeBoost Digital on Instagram" }',
        '"label": "TradeBoost Digital on Instagram", "href": "https://www.facebook.com/tradeboostdigital" }',
      ),
    /content\/site\.json: social\[1\]\.href: expected a page of the network's own site \(facebook\.com, instagram\.com, x\.com or twitter\.com, youtube\.com\)/,
  ],
  [
    "a trade's slug that is not its file's name (another trade's address)",
    'trades/plumber.json',
    (text) => text.replace('"slug": "plumber"', '"slug": "electrician"'),
    /content\/trades\/plumber\.json: slug: expected "plumber", as its file is named \(a trade's address changes only with its file's name, and a redirect from the old one\), found "electrician"/,
  ],
  [
    "a trade with another trade's name",
    'trades/plumber.json',
    (text) => text.replace('"name": "Plumber"', '"name": "Electrician"'),
    /content\/trades\/plumber\.json: name: "Electrician" is also the name of \S*content\/trades\/electrician\.json$/m,
  ],
  [
    'a service listed twice',
    'services.json',
    (text) => text.replace('"id": "google-ads"', '"id": "local-seo"'),
    /content\/services\.json: services\[1\]\.id: expected an id of its own for each service, found "local-seo"/,
  ],
  [
    'a link in Markdown to a page that does not exist',
    'blog/website-design-mistakes.md',
    (text) => `${text}\nSee [our plumber page](/services/plumbers).\n`,
    /content\/blog\/website-design-mistakes\.md: body: links to "\/services\/plumbers", which is neither a page of this site nor a file of public\//,
  ],
  [
    'a link in Markdown to a page written with a trailing slash, which some hosts answer with 404',
    'blog/website-design-mistakes.md',
    (text) => `${text}\nSee [the blog](/blog/).\n`,
    /content\/blog\/website-design-mistakes\.md: body: links to "\/blog\/", which is neither a page of this site nor a file of public\/: expected "\/blog", the page's own URL\n/,
  ],
  [
    'a link in the navigation to a page that does not exist',
    'navigation.json',
    (text) => text.replace('"href": "/about" }', '"href": "/about-us" }'),
    /content\/navigation\.json: header\[1\]\.href: links to "\/about-us", which is not a page of this site/,
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
    'a slug with an accented letter, which is lowercase yet no slug',
    'blog/local-seo-tips.md',
    (text) => text.replace(/^slug: .*$/m, 'slug: "café-seo-tips"'),
    /content\/blog\/local-seo-tips\.md: front matter: slug: expected a slug of lowercase letters a to z, digits and single hyphens, such as "local-seo", found "café-seo-tips"$/m,
  ],
  [
    'a job that closes before it was posted',
    'jobs.json',
    (text) => text.replace('"validThrough": "2027-01-15"', '"validThrough": "2026-10-01"'),
    /content\/jobs\.json: jobs\[2\]\.validThrough: expected a closing date on or after the date posted, found "2026-10-01"$/m,
  ],
  [
    'a job whose place of work job search cannot read',
    'jobs.json',
    (text) =>
      text.replace(
        '{ "type": "remote", "applicantCountry": "United Kingdom" }',
        '{ "type": "hybrid", "applicantCountry": "United Kingdom" }',
      ),
    /content\/jobs\.json: jobs\[1\]\.workplace\.type: expected a workplace of type "office", with its locality, region and country, or "remote", with its applicant country, found "hybrid"/,
  ],
  [
    'a job with an employment type job search does not know',
    'jobs.json',
    (text) => text.replace('"type": "Full-time"', '"type": "Full time"'),
    /content\/jobs\.json: jobs\[0\]\.type: expected one of Full-time, Part-time, Contract, Temporary, Internship, found "Full time"/,
  ],
  [
    'an icon the site does not have',
    'services.json',
    (text) => text.replace('"icon": "map-pin"', '"icon": "spanner"'),
    /content\/services\.json: services\[0\]\.icon: expected one of the icon names in src\/content\/schemas\/icons\.ts, found "spanner"/,
  ],
  [
    'a slug too long to name a file',
    'legal/privacy-policy.md',
    (text) => text.replace(/^slug: .*$/m, `slug: "${'privacy-'.repeat(12)}policy"`),
    /content\/legal\/privacy-policy\.md: front matter: slug: expected a slug of at most 80 characters, found "privacy-privacy-.*…" \(102 characters\)/,
  ],
  [
    'a document pasted into a text field',
    'team.json',
    (text) => text.replace(/"bio": "/, `"bio": "${'A long story. '.repeat(400)}`),
    /content\/team\.json: team\[0\]\.bio: expected a text of at most 5,000 characters, found "A long story\. .*…" \(\d+ characters\)/,
  ],
  [
    'a logo content/images/ does not have',
    'site.json',
    (text) => text.replace('"src": "images/logo.png"', '"src": "images/nope.png"'),
    // The workspace's content folder is outside the project: it is named in full.
    /content\/site\.json: logo\.src: names "images\/nope\.png", which is not a file of \S*content\/images\//,
  ],
  [
    'a team photo content/images/ does not have',
    'team.json',
    (text) => text.replace(/"src": "https:\/\/images\.unsplash\.com\/[^"]+"/, '"src": "images/team/sarah.jpg"'),
    /content\/team\.json: team\[0\]\.image\.src: names "images\/team\/sarah\.jpg", which is not a file of \S*content\/images\//,
  ],
  [
    'an image without a description for people who cannot see it',
    'case-studies.json',
    (text) => text.replace(/,\s*"alt": "[^"]*"/, ''),
    /content\/case-studies\.json: caseStudies\[0\]\.image\.alt: is missing: expected a text describing the image, for people who cannot see it/,
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
    'a javascript: link in Markdown',
    'blog/local-seo-tips.md',
    (text) => `${text}\n[Click me](javascript:alert(1))\n`,
    /content\/blog\/local-seo-tips\.md: body: line \d+: link "javascript:alert\(1\)" uses a scheme other than https, http, mailto or tel/,
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
    'a blog category listed twice',
    'pages/blog.json',
    (text) => text.replace('"SEO",', '"SEO",\n    "SEO",'),
    /content\/pages\/blog\.json: categories\[1\]: expected each category once, found "SEO"$/m,
  ],
  [
    'a misspelt placeholder',
    'pages/blog.json',
    (text) =>
      text.replace(
        '"title": "Marketing Tips for Tradesmen: Page {page}"',
        '"title": "Marketing Tips for Tradesmen: Page {pgae}"',
      ),
    /content\/pages\/blog\.json: pagination\.title: expected a text whose only placeholders are \{page\} and \{pages\}, found "Marketing Tips for Tradesmen: Page \{pgae\}"/,
  ],
  [
    "a placeholder in Markdown that names none of the site's facts",
    'legal/privacy-policy.md',
    (text) => text.replace('{email}', '{emial}'),
    /content\/legal\/privacy-policy\.md: body: line \d+: "\{emial\}" names none of the site's facts: expected \{name\}, \{legalName\}, \{phone\}, \{email\}, \{address\}, \{hours\}/,
  ],
  [
    'the phone number as the words of a link in Markdown',
    'blog/google-ads-guide.md',
    (text) => text.replace('ring us free on {phone}', 'ring us free on [{phone}](/contact)'),
    /content\/blog\/google-ads-guide\.md: body: line \d+: link "\{phone\}": \{phone\} and \{email\} are links themselves; write them outside a link's brackets/,
  ],
  [
    'a redirect to the not-found page',
    'redirects.json',
    (text) => text.replace(/"to": "[^"]+"/, '"to": "/404"'),
    /content\/redirects\.json: redirects\[0\]\.to: redirects to \/404, which is neither a page of the site \(pages are listed in sitemap\.xml\) nor an https:\/\/ URL/,
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
    'opening hours that close before they open',
    'site.json',
    (text) => text.replace('"closes": "18:00"', '"closes": "08:30"'),
    /content\/site\.json: hours\.closes: expected a closing time after the opening time \(opens\), found "08:30"$/m,
  ],
  [
    'a day of the opening hours named twice',
    'site.json',
    (text) => text.replace('"days": ["Monday",', '"days": ["Monday", "Monday",'),
    /content\/site\.json: hours\.days\[1\]: expected each day once, found "Monday"$/m,
  ],
  [
    "a job's closing date left out of the words that show it",
    'pages/careers.json',
    (text) => text.replace('"Apply by {date}"', '"Apply soon"'),
    /content\/pages\/careers\.json: positions\.closesLabel: expected a text that holds \{date\}, found "Apply soon"$/m,
  ],
  [
    'two jobs with one id',
    'jobs.json',
    (text) => text.replace('"id": "web-developer"', '"id": "senior-digital-marketing-specialist"'),
    /content\/jobs\.json: jobs\[1\]\.id: expected an id of its own for each job, found "senior-digital-marketing-specialist"$/m,
  ],
  [
    'a site URL with a query',
    'site.json',
    (text) =>
      text.replace(
        '"url": "https://www.tradeboostdigital.co.uk"',
        '"url": "https://www.tradeboostdigital.co.uk/?ref=1"',
      ),
    /content\/site\.json: url: expected the site's address alone, such as "https:\/\/www\.example\.co\.uk" \(pages are at its root: no path, query, fragment or trailing slash\), found "https:\/\/www\.tradeboostdigital\.co\.uk\/\?ref=1"/,
  ],
  [
    "a legal page's slug that would write its page over the home page's file",
    'legal/privacy-policy.md',
    (text) => text.replace(/^slug: .*$/m, 'slug: "index"'),
    /content\/legal\/privacy-policy\.md: slug: gives the page \/index, written to index\.html, where the page \/ \(.*content\/pages\/home\.json\) is written: each page needs its own path/,
  ],
];

/** The build with the about page's template placing `element` above its hero, imported by `importLine`. */
/** The about page's template with `element` placed in it, and `importLine` to name it. */
async function aboutWith(project: ProjectCopy, importLine: string, element: string): Promise<string> {
  const text = await readFile(join(project.dir, 'templates', 'pages', 'About.tsx'), 'utf8');
  const placed = text
    .replace("import { Icon } from '../components/Icon';", `import { Icon } from '../components/Icon';\n${importLine}`)
    .replace('<PageHero', `${element}\n      <PageHero`);
  expect(placed).not.toBe(text);
  return placed;
}

async function builtWithAbout(project: ProjectCopy, importLine: string, element: string) {
  await writeFile(join(project.dir, 'templates', 'pages', 'About.tsx'), await aboutWith(project, importLine, element));
  return project.buildHere({ out: 'dist' });
}

describe('bad input', () => {
  // Each rule as the build applies it, in this process (support/workspace.ts): the line the executable prints.
  it.concurrent.each(badInput)('%s stops the build, naming the file and field', async (_, file, change, message) => {
    const site = await contentWorkspace();
    await site.edit(file, change);
    const refusal = await site.refusal();
    expect(refusal).toMatch(message);
    expect(refusal).toMatch(/^sitegen: [^\n]+\n$/);
  });

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
      'a footnote without its note',
      (text: string) => `${text}\nReviews matter[^1].\n`,
      `body: line 121: footnote "[^1]" has no note: write it on a line of its own below the paragraph, as [^1]: The survey's source.`,
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

  it.concurrent.each(['pages/hoem.json', 'pricing.json', 'service-pages/notes.yaml'])(
    'a data file the site does not read (%s) stops the build, naming it',
    async (name) => {
      const site = await contentWorkspace();
      await writeFile(join(site.content, name), '{}\n');
      expect(await site.refusal()).toBe(
        `sitegen: ${join(site.content, name)}: is no file the site reads: rename it to one it does, or remove it\n`,
      );
    },
  );

  it.concurrent(
    'words promising a free call stop the build, naming the file and the words, once the phone number is not freephone',
    async () => {
      const site = await contentWorkspace();
      const phone = (number: string) => (text: string) => text.replace(/"phone": "[^"]*"/, `"phone": "${number}"`);
      await site.edit('site.json', phone('0800 123 4567'));
      expect(await site.refusal()).toBeUndefined();
      await site.edit('site.json', phone('0113 496 0000'));
      const refused = (file: string, words: string) =>
        `sitegen: ${join(site.content, file)}: says "${words}", but site.json's phone number, 0113 496 0000, is not free to call (only 0800 and 0808 numbers are): reword it\n`;
      const rewordings: [string, string, string, string][] = [
        ['navigation.json', 'Call free', '"Call free"', '"Call"'],
        ['pages/contact.json', 'Call us free', 'Call us free or', 'Call us or'],
        ['legal/cookie-policy.md', 'call us free', 'call us free on', 'call us on'],
        ['legal/privacy-policy.md', 'Freephone', '**Freephone:**', '**Phone:**'],
        ['legal/terms-of-service.md', 'freephone', 'on freephone {phone}', 'on {phone}'],
      ];
      for (const [file, words, before, after] of rewordings) {
        expect(await site.refusal()).toBe(refused(file, words));
        await site.edit(file, (text) => text.replace(before, after));
      }
      expect(await site.refusal()).toBeUndefined();
      // An article's words too.
      await site.edit('blog/local-seo-tips.md', (text) => `${text}\nCall us free to talk it through.\n`);
      expect(await site.refusal()).toBe(refused('blog/local-seo-tips.md', 'Call us free'));
    },
  );

  it.concurrent('notes beside the data (content/README.md) are left alone', async () => {
    const site = await contentWorkspace();
    await writeFile(join(site.content, 'README.md'), '# How we write content\n');
    expect(await site.refusal()).toBeUndefined();
  });

  // What only the process shows, for a rule of the content's own and one of the plan's (checked once the assets are
  // being made): exit code 1, the message alone on stderr, dist/ as it was and nothing left beside it.
  it.concurrent.each(
    badInput.filter(([name]) =>
      ['broken front matter', 'a link in the navigation to a page that does not exist'].includes(name),
    ),
  )('%s stops `sitegen build` with exit code 1 and leaves dist/ as it was', async (_, file, change, message) => {
    const site = await workspace();
    const before = await fingerprint(site.out);
    await site.edit(file, change);
    const result = await site.build();
    expect(result.stderr).toMatch(message);
    expect(result.stderr).toMatch(/^sitegen: [^\n]+\n$/);
    expect(result.code).toBe(1);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(await fingerprint(site.out)).toEqual(before);
    expect((await readdir(site.dir)).sort()).toEqual(['content', 'dist']);
  });

  it.concurrent(
    "a component that throws as a page renders stops the build, naming the component's file, not the page's",
    async () => {
      await inProjectCopy(async (project) => {
        const card = join(project.dir, 'templates', 'components', 'ServiceCard.tsx');
        const text = await readFile(card, 'utf8');
        await writeFile(
          card,
          text.replace('  return (\n', "  if (title) throw new Error('no card for ' + title);\n  return (\n"),
        );
        const refused = await project.buildHere({ out: 'dist' });
        expect([refused.code, refused.stderr]).toEqual([
          1,
          expect.stringMatching(
            /^sitegen: templates\/components\/ServiceCard\.tsx: rendering \/ \(made from content\/pages\/home\.json\) failed: no card for Local SEO\n$/,
          ),
        ]);
      });
    },
  );

  it.concurrent(
    'an island that imports React stops the build, naming its file and what to import instead',
    async () => {
      await inProjectCopy(async (project) => {
        const island = [
          "import { useState } from 'react';",
          'export function Faq() {',
          '  const [open, setOpen] = useState(false);',
          '  return <button onClick={() => setOpen(!open)}>{open ? "Less" : "More"}</button>;',
          '}',
        ];
        await writeFile(join(project.dir, 'islands', 'Faq.tsx'), `${island.join('\n')}\n`);
        const refused = await project.buildHere({ out: 'dist' });
        expect([refused.code, refused.stderr]).toEqual([
          1,
          [
            'sitegen: islands: islands/Faq.tsx:1:25: imports react: islands are Preact, expected an import from preact (useState from preact/hooks)',
            'islands/Faq.tsx:4:9: imports react/jsx-runtime: islands are Preact, expected its JSX written for Preact: /** @jsxImportSource preact */ at its top',
            '',
          ].join('\n'),
        ]);
      });
    },
  );

  it.concurrent(
    'an island that exports its component under another name stops the build, naming its file and the name it must export, and leaves dist/ as it was',
    async () => {
      await inProjectCopy(async (project) => {
        expect((await project.buildHere({ out: 'dist' })).code).toBe(0);
        const before = await fingerprint(join(project.dir, 'dist'));
        const island = [
          '/** @jsxImportSource preact */',
          'export function Accordion() {',
          '  return <details />;',
          '}',
        ];
        await writeFile(join(project.dir, 'islands', 'Faq.tsx'), `${island.join('\n')}\n`);
        const refused = await project.buildHere({ out: 'dist' });
        expect([refused.code, refused.stderr]).toEqual([
          1,
          'sitegen: islands: islands/Faq.tsx: must export Faq, a component named as its file\n',
        ]);
        expect(await fingerprint(join(project.dir, 'dist'))).toEqual(before);
      });
    },
  );

  // What the about page's template places, and the build's words for what no file makes.
  const misplaced: [string, string, string, string][] = [
    [
      'an island islands/registry.ts does not list stops the build, naming the island and the registry',
      "import { Island } from '../components/Island';",
      '<Island name="CopyPhone" props={{}} />',
      'templates/components/Island.tsx: rendering /about (made from content/pages/about.json) failed: islands/registry.ts does not list the island "CopyPhone": add it there',
    ],
    [
      'an enhancement no file of islands/enhance/ makes stops the build, naming the template, the page and the file',
      "import { useEnhancement } from '../lib/page-uses';",
      "<div {...useEnhancement('copy-phon')} />",
      'templates/pages/About.tsx: rendering /about (made from content/pages/about.json) failed: it places the enhancement "copy-phon", but there is no islands/enhance/copy-phon.ts',
    ],
  ];
  it.concurrent.each(misplaced)('%s', async (_, importLine, element, message) => {
    await inProjectCopy(async (project) => {
      const refused = await builtWithAbout(project, importLine, element);
      expect([refused.code, refused.stderr]).toEqual([1, `sitegen: ${message}\n`]);
    });
  });

  it.concurrent(
    'a first build stopped by a page stops making its images: it does not draw every card first',
    async () => {
      await inProjectCopy(
        async (project) => {
          const [, importLine, element, message] = misplaced[0]!;
          await writeFile(
            join(project.dir, 'templates', 'pages', 'About.tsx'),
            await aboutWith(project, importLine, element),
          );
          const refused = await project.build(['--out', 'dist']);
          expect([refused.code, refused.stderr]).toEqual([1, `sitegen: ${message}\n`]);
          // A first build that succeeds draws the site's 33 cards.
          const cards = (await readdir(join(project.dir, '.sitegen', 'images')).catch(() => [])).filter((name) =>
            name.startsWith('card-'),
          );
          expect(cards.length).toBeLessThan(33);
        },
        { caches: false },
      );
    },
  );

  it.concurrent('a component that throws as the templates load stops the build, naming its file', async () => {
    await inProjectCopy(async (project) => {
      const stars = join(project.dir, 'templates', 'components', 'Stars.tsx');
      await writeFile(stars, `throw new Error('stars not ready');\n${await readFile(stars, 'utf8')}`);
      const refused = await project.buildHere({ out: 'dist' });
      expect([refused.code, refused.stderr]).toEqual([
        1,
        'sitegen: templates/components/Stars.tsx: threw as the templates loaded: stars not ready\n',
      ]);
    });
  });

  it.concurrent(
    'a build stopped by bad content prints its error last, after the lines of what ran beside it',
    async () => {
      const site = await contentWorkspace();
      await site.edit('blog/google-ads-guide.md', (text) => text.replace('title: "', 'title: [unclosed "'));
      const args = ['build', '--content', site.content, '--out', join(site.dir, 'dist')];
      // As a terminal shows it: both streams in one, in the order they were written.
      const shell = spawn('sh', ['-c', '"$0" "$@" 2>&1', process.execPath, executable, ...args], {
        cwd: projectRoot,
        env: { ...process.env, ...localLeads },
      });
      let printed = '';
      shell.stdout.on('data', (chunk: Buffer) => (printed += chunk));
      expect((await once(shell, 'close'))[0]).toBe(1);
      const lines = printed.trimEnd().split('\n');
      expect(lines.filter((line) => /^ {2}(styles|islands|templates) /.test(line))).toHaveLength(3);
      expect(lines.at(-1)).toMatch(/^sitegen: \S+\/blog\/google-ads-guide\.md: front matter: is not valid YAML/);
    },
  );

  const unreadable: [string, string, (text: string) => Buffer, RegExp][] = [
    [
      'an article saved in Latin-1 rather than UTF-8',
      'blog/social-media-guide.md',
      (text) => Buffer.from(text.replace(/^author: .*$/m, 'author: "Zoë Café"'), 'latin1'),
      /content\/blog\/social-media-guide\.md: is not UTF-8 text \(line 7 holds bytes that are not\): save it as UTF-8/,
    ],
    [
      'a 20 MB article',
      'blog/google-ads-guide.md',
      (text) => Buffer.from(`${text}\n${'A very long paragraph. '.repeat(900_000)}\n`),
      /content\/blog\/google-ads-guide\.md: is 20,\d{3} KB: expected at most 1,024 KB of text/,
    ],
  ];
  it.concurrent.each(unreadable)('%s stops the build, naming the file', async (_, file, bytes, message) => {
    const site = await contentWorkspace();
    await writeFile(join(site.content, file), bytes(await readFile(join(site.content, file), 'utf8')));
    expect(await site.refusal()).toMatch(message);
  });

  it.concurrent('a duplicate article slug names both files', async () => {
    const site = await contentWorkspace();
    const copy = (await readFile(join(site.content, 'blog/local-seo-tips.md'), 'utf8')).replace(
      'featured: true',
      'featured: false',
    );
    await writeFile(join(site.content, 'blog/another-seo-article.md'), copy);
    expect(await site.refusal()).toMatch(
      /content\/blog\/local-seo-tips\.md: slug: "local-seo-tips" is already the slug of .*content\/blog\/another-seo-article\.md/,
    );
  });

  it.concurrent("no trade's file in trades/ stops the build, naming the folder", async () => {
    const site = await contentWorkspace();
    await rm(join(site.content, 'trades'), { recursive: true });
    expect(await site.refusal()).toMatch(/^sitegen: \S+\/trades\/: expected a file for each trade: <slug>\.json\n$/);
  });

  it.concurrent(
    'an article saved as .markdown or .MD, or filed in a subfolder, stops the build, named; a backup file does not',
    async () => {
      const site = await contentWorkspace();
      const article = await readFile(join(site.content, 'blog/local-seo-tips.md'), 'utf8');
      const other = (slug: string) =>
        article.replace(/^slug: .*$/m, `slug: "${slug}"`).replace('featured: true', 'featured: false');
      await writeFile(join(site.content, 'blog/local-seo-tips.md~'), article);
      expect(await site.refusal()).toBeUndefined();
      for (const name of ['extra.markdown', 'shouting.MD', '2025/filed.md']) {
        const path = join(site.content, 'blog', name);
        await mkdir(dirname(path), { recursive: true });
        await writeFile(path, other(name.replace(/\W/g, '-')));
        const file = name.replace(/[./]/g, '\\$&');
        expect(await site.refusal()).toMatch(
          new RegExp(
            `^sitegen: \\S+/blog/${file}: expected only Markdown files named <slug>\\.md directly in \\S+/blog/: rename it, move it out or remove it\\n$`,
          ),
        );
        await rm(path);
      }
    },
  );
});

describe('safe output', () => {
  it.concurrent(
    'a < in prose and HTML in backticks show as written, and JSON-LD cannot be closed by content',
    async () => {
      const site = await workspace();
      await site.edit(
        'blog/google-ads-guide.md',
        (text) =>
          text.replace(/^title: .*$/m, 'title: "Ads </script><script>alert(1)</script> guide"') +
          '\nBudgets < £50 a day work; the `<script>` tag and <https://ads.google.com> too.\n',
      );
      expect(await site.buildHere()).toBe('');
      const html = await readFile(join(site.out, 'blog/google-ads-guide.html'), 'utf8');
      expect(html).not.toContain('<script>alert');
      expect(cheerio.load(html)('main p:contains("Budgets")').text()).toBe(
        'Budgets < £50 a day work; the <script> tag and https://ads.google.com too.',
      );
      const $ = cheerio.load(html);
      expect(
        $('script:not([src])')
          .map((_, s) => $(s).attr('type'))
          .get(),
      ).toEqual(['speculationrules', 'application/ld+json']);
      expect(
        $('script[src]')
          .map((_, s) => $(s).attr('src'))
          .get(),
      ).toEqual([
        expect.stringMatching(/^\/assets\/consent-\w+\.js$/),
        expect.stringMatching(/^\/assets\/menus-\w+\.js$/),
      ]);
      const data = JSON.parse($('script[type="application/ld+json"]').html()!) as {
        '@graph': { '@type': string; headline?: string }[];
      };
      expect(data['@graph'].find((node) => node['@type'] === 'BlogPosting')?.headline).toBe(
        'Ads </script><script>alert(1)</script> guide',
      );
      expect($('h1').text()).toBe('Ads </script><script>alert(1)</script> guide');
    },
  );

  it.concurrent(
    'a footnote shows as a numbered link to its note, listed after the text, in the page and its feeds',
    async () => {
      const site = await workspace();
      await site.edit(
        'blog/local-seo-tips.md',
        (text) =>
          `${text}\nMost homeowners read reviews first[^survey].\n\n[^survey]: BrightLocal's survey, [2024](https://www.brightlocal.com/).\n`,
      );
      expect(await site.buildHere()).toBe('');
      const $ = cheerio.load(await readFile(join(site.out, 'blog/local-seo-tips.html'), 'utf8'));
      const reference = $('main p:contains("Most homeowners") sup a');
      expect([reference.text(), reference.attr('href')]).toEqual(['1', '#footnote-survey']);
      expect($('main section.footnotes h2.sr-only').text()).toBe('Footnotes');
      expect($('main section.footnotes li').text().trim()).toBe("BrightLocal's survey, 2024. ↩");
      expect($('#footnote-survey a[aria-label="Back to reference survey"]').attr('href')).toBe('#footnote-ref-survey');
      const feed = JSON.parse(await readFile(join(site.out, 'blog/feed.json'), 'utf8')) as {
        items: { url: string; content_html: string }[];
      };
      const item = feed.items.find((entry) => entry.url.endsWith('/blog/local-seo-tips'))!;
      expect(item.content_html).toContain(`href="${item.url}#footnote-survey"`);
      // The html gate (html-validate, the W3C checker) and the links gate, anchors included, take it as it is.
      const gates = await checkSite({
        root: projectRoot,
        dir: site.out,
        content: site.content,
        only: ['html', 'links'],
      });
      expect(gates.map(({ gate, findings }) => [gate, findings])).toEqual([
        ['html', []],
        ['links', []],
      ]);
    },
  );

  it.concurrent(
    'a link in Markdown to a page with a query string and a fragment builds, written as it was',
    async () => {
      const site = await workspace();
      await site.edit(
        'blog/local-seo-tips.md',
        (text) => `${text}\n[Book a call](/contact?from=blog&x=1#contact-form-heading)\n`,
      );
      expect(await site.buildHere()).toBe('');
      const $ = cheerio.load(await readFile(join(site.out, 'blog/local-seo-tips.html'), 'utf8'));
      expect($('main a:contains("Book a call")').attr('href')).toBe('/contact?from=blog&x=1#contact-form-heading');
    },
  );

  it.concurrent(
    'an article without a slug is listed as Coming Soon, with no page and no sitemap entry, and the build says so',
    async () => {
      const site = await workspace();
      await site.edit('blog/social-media-guide.md', (text) => text.replace(/^slug: .*\n/m, ''));
      const built = await site.build();
      expect(built.code).toBe(0);
      expect(built.stdout).toMatch(
        /\n {2}no slug {4}\S*content\/blog\/social-media-guide\.md: listed as "Coming Soon", no page\n/,
      );
      const blog = cheerio.load(await readFile(join(site.out, 'blog.html'), 'utf8'));
      const card = blog('main article').filter((_, article) =>
        blog(article).find('h3').text().startsWith('Social Media for Tradespeople'),
      );
      expect(card).toHaveLength(1);
      expect(card.text()).toContain('Coming Soon');
      expect(card.find('a')).toHaveLength(0);
      expect(blog('main article a[href^="/blog/"]')).toHaveLength(5);
      await expect(readFile(join(site.out, 'blog/social-media-guide.html'))).rejects.toThrow();
      expect(await readFile(join(site.out, 'sitemap.xml'), 'utf8')).not.toContain('social-media-guide');
    },
  );

  it.concurrent(
    'a build writes over the output before last: what this build did not make is gone, unchanged pages keep their time, build after build',
    async () => {
      const site = await workspace();
      await rm(site.out, { recursive: true });
      expect(await site.buildHere()).toBe('');
      const article = join(site.out, 'blog/google-ads-guide.html');
      // The time a file's bytes were first written, as a deploy by rsync compares it: within a millisecond.
      const firstTime = (await stat(article)).mtimeMs;
      const keepsItsTime = async () => expect(Math.abs((await stat(article)).mtimeMs - firstTime)).toBeLessThan(1);
      // The second build starts from an empty folder and keeps the first one's output beside it, as dist.previous: its
      // page of the same bytes takes the first one's time, and so on, however the two folders take turns.
      expect(await site.buildHere()).toBe('');
      expect((await readdir(site.dir)).sort()).toEqual(['content', 'dist', 'dist.previous']);
      await keepsItsTime();
      // The third writes over the first build's files: an unchanged page is not rewritten; a deleted article's page goes.
      await unlink(join(site.content, 'blog/social-media-guide.md'));
      await site.edit('blog/online-reviews-guide.md', (text) =>
        text.replace(/^title: .*$/m, 'title: "Online Reviews, Edited for This Test"'),
      );
      expect(await site.buildHere()).toBe('');
      await keepsItsTime();
      expect(await site.buildHere()).toBe('');
      await keepsItsTime();
      await expect(stat(join(site.out, 'blog/social-media-guide.html'))).rejects.toThrow();
      expect(await readFile(join(site.out, 'blog/online-reviews-guide.html'), 'utf8')).toContain(
        'Online Reviews, Edited for This Test',
      );
      // Exactly the files a build from nothing makes.
      await rm(join(site.dir, 'fresh'), { recursive: true, force: true });
      expect(await buildHere({ content: site.content, out: join(site.dir, 'fresh'), siteUrl: siteUrl() })).toBe('');
      expect(await fingerprint(site.out)).toEqual(await fingerprint(join(site.dir, 'fresh')));
    },
  );

  it.concurrent(
    'a link someone put in the output before last takes no write outside it: the links go, files are written in their place',
    async () => {
      const site = await workspace();
      // The workspace's output becomes the output before last, which the next build writes over.
      expect(await site.buildHere()).toBe('');
      const previous = join(site.dir, 'dist.previous');
      const victim = join(site.dir, 'victim.txt');
      const elsewhere = join(site.dir, 'elsewhere');
      await writeFile(victim, 'untouched\n');
      await mkdir(elsewhere);
      await rm(join(previous, 'index.html'));
      await symlink(victim, join(previous, 'index.html'));
      await rm(join(previous, 'blog'), { recursive: true });
      await symlink(elsewhere, join(previous, 'blog'));
      expect(await site.buildHere()).toBe('');
      expect(await readFile(victim, 'utf8')).toBe('untouched\n');
      expect(await readdir(elsewhere)).toEqual([]);
      expect((await lstat(join(site.out, 'index.html'))).isFile()).toBe(true);
      expect((await lstat(join(site.out, 'blog'))).isDirectory()).toBe(true);
      expect(await fingerprint(site.out)).toEqual(await fingerprint(siteDir()));
    },
  );

  it.concurrent('two builds of the same input are byte-identical', async () => {
    const site = await workspace();
    await rm(site.out, { recursive: true });
    expect(await site.buildHere()).toBe('');
    const again = await fingerprint(site.out);
    expect(again).toEqual(await fingerprint(siteDir()));
  });
});

// One project copy for the cases of public/, whose first build compiles the assets it keeps for the next. They run one
// at a time, each making public/ what it needs first, with content and output of its own.
describe('public/', () => {
  let project: ProjectCopy;
  beforeAll(async () => {
    project = await copyProject();
  });
  afterAll(() => project?.remove());

  /** public/ made anew by `fill` (given its path and a scratch folder), and the case's own content and output. */
  async function withPublic(fill: (publicDir: string, scratch: string) => Promise<unknown>) {
    const site = await contentWorkspace();
    const publicDir = join(project.dir, 'public');
    await rm(publicDir, { recursive: true, force: true });
    await fill(publicDir, site.dir);
    const out = join(site.dir, 'dist');
    const build = (incremental = false) => buildHere({ root: project.dir, content: site.content, out, incremental });
    return { ...site, out, build };
  }

  it('an image and a link to a file of public/ in Markdown build; a link to a file public/ does not have is refused', async () => {
    const site = await withPublic(async (dir) => {
      await mkdir(join(dir, 'files'), { recursive: true });
      await writeFile(join(dir, 'files', 'van.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
      await writeFile(join(dir, 'files', 'prices.pdf'), '%PDF-1.4\n');
    });
    const article = join(site.content, 'blog', 'local-seo-tips.md');
    const text = await readFile(article, 'utf8');
    await writeFile(article, `${text}\n![Our van](/files/van.svg)\n\n[Our prices](/files/prices.pdf)\n`);
    expect(await site.build()).toBe('');
    const $ = cheerio.load(await readFile(join(site.out, 'blog', 'local-seo-tips.html'), 'utf8'));
    expect($('main img[src="/files/van.svg"]').attr('alt')).toBe('Our van');
    expect($('main a[href="/files/prices.pdf"]').text()).toBe('Our prices');
    expect(await readFile(join(site.out, 'files', 'prices.pdf'), 'utf8')).toBe('%PDF-1.4\n');
    await writeFile(article, `${text}\n[Our prices](/files/price-list.pdf)\n`);
    expect(await site.build()).toMatch(
      /content\/blog\/local-seo-tips\.md: body: links to "\/files\/price-list\.pdf", which is neither a page of this site nor a file of public\//,
    );
  });

  it('a link in public/ (or in a folder it links to) that leads nowhere stops every build, named, and leaves the output as it was', async () => {
    const site = await withPublic((dir) => mkdir(dir));
    expect(await site.build()).toBe('');
    const before = await fingerprint(site.out);
    await symlink(join(project.dir, 'no-such-file.txt'), join(project.dir, 'public', 'broken.txt'));
    for (const incremental of [false, true]) {
      expect(await site.build(incremental)).toBe(
        `sitegen: public/broken.txt: a link to "${join(project.dir, 'no-such-file.txt')}", which is not there: expected a file or a folder to copy into the output\n`,
      );
      expect(await fingerprint(site.out)).toEqual(before);
    }
    // Inside a folder public/ links to, as well: named, not met as a bare ENOENT while copying.
    await rm(join(project.dir, 'public', 'broken.txt'));
    const shared = join(site.dir, 'shared-files');
    await mkdir(shared);
    await symlink(join(shared, 'old-prices.pdf'), join(shared, 'prices.pdf'));
    await symlink(shared, join(project.dir, 'public', 'files'));
    expect(await site.build()).toBe(
      `sitegen: public/files/prices.pdf: a link to "${join(shared, 'old-prices.pdf')}", which is not there: expected a file or a folder to copy into the output\n`,
    );
    expect(await fingerprint(site.out)).toEqual(before);
  });

  it('public/ may be a link to a folder elsewhere: its files are copied, not the link', async () => {
    const site = await withPublic(async (dir, scratch) => {
      await mkdir(join(scratch, 'shared-public'));
      await writeFile(join(scratch, 'shared-public', 'prices.txt'), 'Call for a quote\n');
      await symlink(join(scratch, 'shared-public'), dir);
    });
    expect(await site.build()).toBe('');
    const copied = join(site.out, 'prices.txt');
    expect((await lstat(copied)).isFile()).toBe(true);
    expect(await readFile(copied, 'utf8')).toBe('Call for a quote\n');
  });
});

describe('the output folder', () => {
  const expected = 'expected a folder of its own, new, empty or built by sitegen (--out, dist/ by default)';

  it.concurrent(
    'is refused, named, with nothing moved or written, where a build would replace the project, an input or files it did not build',
    async () => {
      await inProjectCopy(async (project) => {
        await mkdir(join(project.dir, 'docs'));
        await mkdir(join(project.dir, 'public'), { recursive: true });
        await writeFile(join(project.dir, 'docs/guide.md'), '# How we work\n');
        await writeFile(join(project.dir, 'notes.txt'), 'not a folder\n');
        const before = await fingerprint(project.dir);
        // Folders are named from where sitegen runs: the project, for the executable; the tests' folder, for a build here.
        const refused: [string, (named: (path: string) => string) => string][] = [
          ['.', (named) => `output folder ${named('.')}: is the project itself, which a build would replace`],
          [
            '..',
            (named) => `output folder ${named('..')}: holds the project (${named('.')}), which a build would replace`,
          ],
          [
            'public',
            (named) =>
              `output folder ${named('public')}: is ${named('public')}, which every build copies into its output`,
          ],
          [
            'public/site',
            (named) =>
              `output folder ${named('public/site')}: is inside ${named('public')}, which every build copies into its output`,
          ],
          ['content', (named) => `output folder ${named('content')}: is ${named('content')}, which the build reads`],
          [
            'templates',
            (named) => `output folder ${named('templates')}: is ${named('templates')}, which the build renders with`,
          ],
          [
            '.sitegen',
            (named) => `output folder ${named('.sitegen')}: is ${named('.sitegen')}, the generator's working files`,
          ],
          [
            'docs',
            (named) =>
              `output folder ${named('docs')}: holds ${named('docs').slice(0, -1)}/guide.md, which sitegen did not build and a build would replace, then a later build delete`,
          ],
          ['notes.txt', (named) => `output folder ${named('notes.txt')}: is a file`],
        ];
        const here = (path: string) => `${relative(process.cwd(), join(project.dir, path)) || '.'}/`;
        for (const [out, message] of refused) {
          for (const incremental of [false, true]) {
            expect(await buildHere({ root: project.dir, out, incremental })).toBe(
              `sitegen: ${message(here)}; ${expected}\n`,
            );
          }
        }
        // The executable, run in the project, names them from it.
        const fromProject = (path: string) => (path === '.' ? './' : `${path}/`);
        for (const [out, message] of refused.slice(0, 2)) {
          const result = await project.build(['--out', out]);
          expect(result.stderr).toBe(`sitegen: ${message(fromProject)}; ${expected}\n`);
          expect(result.code).toBe(1);
        }
        // The disk's root holds every project: refused as such, not after listing the whole disk for a file sitegen did not build.
        expect((await project.build(['--out', '/'])).stderr).toBe(
          `sitegen: output folder ${relative(project.dir, '/')}/: holds the project (./), which a build would replace; ${expected}\n`,
        );
        expect(await fingerprint(project.dir)).toEqual(before);
        expect(
          (await readdir(project.dir)).filter((name) => /^(dist|docs|public|content)\b/.test(name)).sort(),
        ).toEqual(['content', 'docs', 'public']);
      });
    },
  );

  it.concurrent(
    "is built into when new, empty or built by sitegen, even with a file of every build's removed by hand; not once it holds a file no build writes",
    async () => {
      const { dir, content } = await contentWorkspace();
      const [fresh, empty] = [join(dir, 'new/site'), join(dir, 'empty')];
      await mkdir(empty);
      for (const out of [fresh, empty, empty]) expect(await buildHere({ content, out })).toBe('');
      expect(await fingerprint(fresh)).toEqual(await fingerprint(empty));
      await rm(join(empty, 'sitemap.xml'));
      expect(await buildHere({ content, out: empty })).toBe('');
      expect(await fingerprint(empty)).toEqual(await fingerprint(fresh));
      await writeFile(join(empty, 'notes.md'), 'mine\n');
      await rm(join(empty, 'robots.txt'));
      const named = relative(process.cwd(), empty);
      expect(await buildHere({ content, out: empty })).toBe(
        `sitegen: output folder ${named}/: holds ${named}/notes.md, which sitegen did not build and a build would replace, then a later build delete; ${expected}\n`,
      );
      expect(await readFile(join(empty, 'notes.md'), 'utf8')).toBe('mine\n');
    },
  );

  it.concurrent('keeps a git repository someone keeps in it, through every build, and only there', async () => {
    const site = await workspace();
    const repository = join(site.out, '.git');
    await mkdir(join(repository, 'refs/heads'), { recursive: true });
    await writeFile(join(repository, 'HEAD'), 'ref: refs/heads/main\n');
    await writeFile(join(repository, 'refs/heads/main'), '0123456789abcdef0123456789abcdef01234567\n');
    const kept = await fingerprint(repository);
    for (const title of ['Retitled Once', 'Retitled Twice', 'Retitled Three Times']) {
      await site.edit('blog/google-ads-guide.md', (text) => text.replace(/^title: .*$/m, `title: "${title}"`));
      expect(await site.buildHere()).toBe('');
      expect(await readFile(join(site.out, 'blog/google-ads-guide.html'), 'utf8')).toContain(title);
      expect(await fingerprint(repository)).toEqual(kept);
      await expect(stat(join(site.dir, 'dist.previous/.git'))).rejects.toThrow();
    }
    // A file of every build's removed by hand: the folder is still the output, its repository still no stranger's.
    await rm(join(site.out, 'sitemap.xml'));
    expect(await buildHere({ content: site.content, out: site.out, siteUrl: siteUrl(), incremental: true })).toBe('');
    expect(await fingerprint(repository)).toEqual(kept);
  });

  it.concurrent('leaves alone a folder named as the output before last that no build left there', async () => {
    const { dir, content } = await contentWorkspace();
    await mkdir(join(dir, 'dist.previous'));
    await writeFile(join(dir, 'dist.previous/keep-me.txt'), 'mine\n');
    for (let run = 0; run < 3; run++) expect(await buildHere({ content, out: join(dir, 'dist') })).toBe('');
    expect(await readdir(join(dir, 'dist.previous'))).toEqual(['keep-me.txt']);
  });
});

describe('what killed builds leave beside the output', () => {
  it.concurrent(
    'is removed by the next build, whole or incremental; what a running build writes is left alone',
    async () => {
      const { dir, content } = await contentWorkspace();
      // A process that has ended: its id names the folders of a build killed halfway (out of memory, a CI time-out).
      const ended = spawn(process.execPath, ['-e', '']);
      await once(ended, 'exit');
      const dead = ended.pid!;
      const alive = process.pid;
      for (const [incremental, kind] of [
        [false, 'building'],
        [true, 'incremental'],
      ] as const) {
        const left = [`dist.${kind}-${dead}-1700000000000`, `dist.${kind}-${dead}-1700000000000.replaced`];
        const running = `dist.${kind}-${alive}-1700000000000`;
        for (const name of [...left, running]) {
          await mkdir(join(dir, name, 'blog'), { recursive: true });
          await writeFile(join(dir, name, 'blog', 'page.html'), 'a copy of the site\n');
        }
        expect(await buildHere({ content, out: join(dir, 'dist'), incremental })).toBe('');
        const beside = (await readdir(dir)).filter((name) => name.startsWith('dist.') && name.includes(kind));
        expect(beside).toEqual([running]);
        await rm(join(dir, running), { recursive: true });
      }
    },
  );
});

describe('a build whose report nobody reads any more', () => {
  it.concurrent(
    '(sitegen build | head -1) finishes the site quietly, exit code 0, nothing left beside it',
    async () => {
      const site = await workspace();
      await rm(site.out, { recursive: true });
      const result = await runSitegenHeld(site.buildArgs, {
        cwd: projectRoot,
        env: localLeads,
        held: join(site.content, 'pages/404.json'),
        atFirstLine: (child) => child.stdout.destroy(),
      });
      // The reader went away after the first chunk it read: what the build printed before it waited for 404.json,
      // one line or both, however the pipe cut them, and nothing after.
      const out = relative(projectRoot, site.out).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      expect(result.stdout).toMatch(
        new RegExp(`^sitegen build → ${out}\\n( {2}forms {6}SUPABASE_URL is not set: [^\\n]*\\n)?$`),
      );
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect((await readdir(site.dir)).filter((name) => name.startsWith('dist'))).toEqual(['dist']);
      const read = join(site.dir, 'read');
      expect(await buildHere({ content: site.content, out: read, siteUrl: siteUrl() })).toBe('');
      expect(await fingerprint(site.out)).toEqual(await fingerprint(read));
    },
  );
});

describe('an interrupted build', () => {
  const interruptions: [string, number, NodeJS.Signals, boolean][] = [
    ['Ctrl-C (SIGINT) during a build', 130, 'SIGINT', false],
    ['SIGTERM (a cancelled CI job) during an incremental build', 143, 'SIGTERM', true],
  ];
  it.concurrent.each(interruptions)(
    '%s leaves the output as it was and nothing new beside it, and exits %i',
    async (_, code, signal, incremental) => {
      const site = await workspace();
      const buildHereAgain = () => buildHere({ content: site.content, out: site.out, siteUrl: siteUrl(), incremental });
      // The workspace's dist/ is a good build: a whole build keeps it beside its own (dist.previous), to write over next
      // time; an incremental one keeps its record, to build on next time.
      expect(await buildHereAgain()).toBe('');
      const outputs = async () => (await readdir(site.dir)).filter((name) => name.startsWith('dist')).sort();
      const before = { out: await fingerprint(site.out), outputs: await outputs() };
      await site.edit('blog/google-ads-guide.md', (text) =>
        text.replace(/^title: .*$/m, 'title: "Retitled, Then Interrupted"'),
      );

      const interrupted = await runSitegenHeld([...site.buildArgs, ...(incremental ? ['--incremental'] : [])], {
        cwd: projectRoot,
        env: localLeads,
        held: join(site.content, 'pages/404.json'),
        atFirstLine: (child) => child.kill(signal),
      });
      expect(interrupted.stderr).toBe(`sitegen: build interrupted by ${signal}: the output is as it was\n`);
      expect(interrupted.code).toBe(code);
      expect(await fingerprint(site.out)).toEqual(before.out);
      expect(await outputs()).toEqual(before.outputs);

      // The next build makes what the interrupted one would have.
      expect(await buildHereAgain()).toBe('');
      expect(await readFile(join(site.out, 'blog/google-ads-guide.html'), 'utf8')).toContain(
        'Retitled, Then Interrupted',
      );
    },
  );
});

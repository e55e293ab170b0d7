/**
 * A field whose value the site cannot use (an image it cannot load or describe, a link to no page, a social link to
 * the wrong page, an id, slug or name that is another's, a job search cannot read, opening hours that cannot be, a
 * site URL with more than the address, a postcode Royal Mail would not write, an author's name the team writes
 * otherwise), or words the site's facts make untrue, stops the build with a line naming the file and the field.
 */
import { rename } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { type BadInput, buildCaseTimeout, deadNavigationLink, stopsTheBuild } from '../support/build-refusals';
import { contentWorkspace, removeWorkspaces } from '../support/workspace';

afterAll(removeWorkspaces);
vi.setConfig({ testTimeout: buildCaseTimeout });

const badValues: BadInput[] = [
  deadNavigationLink,
  [
    'an image from a host the Content-Security-Policy would block',
    'team.json',
    (text) => text.replace('https://images.unsplash.com/photo-', 'https://cdn.example.com/photo-'),
    /content\/team\.json: team\[0\]\.image\.src: expected a photo on https:\/\/images\.unsplash\.com \(the only image host the Content-Security-Policy allows\)/,
  ],
  [
    "a stock photo's address pasted with a space at its end, which would break every size of it the page offers",
    'team.json',
    (text) => text.replace(/("src": "https:\/\/images\.unsplash\.com\/[\w-]+)"/, '$1 "'),
    /content\/team\.json: team\[0\]\.image\.src: expected an image URL without a space or a query string \(sizes are added per use\), found "https:\/\/images\.unsplash\.com\/photo-[^"]+" \(61 characters\)$/m,
  ],
  [
    "a trade whose name makes its page's title longer than search results show (blog categories are held to the same)",
    'trades/plumber.json',
    (text) => text.replace('"plural": "Plumbers"', '"plural": "Plumbing, Heating and Gas Safe Engineers"'),
    /content\/trades\/plumber\.json: plural: with pages\/trade\.json's title makes the page's title "Digital Marketing for Plumbing, Heating and Gas Safe Engineers", 62 characters: expected at most 60, the length search results show \(shorten either\)$/m,
  ],
  [
    "a trade page's title made longer than search results show, named by the first trade it is too long for",
    'pages/trade.json',
    (text) => text.replace('"Digital Marketing for {plural}"', '"Specialist Digital Marketing Services for {plural}"'),
    /content\/trades\/carpenter-joiner\.json: plural: with pages\/trade\.json's title makes the page's title "Specialist Digital Marketing Services for Carpenters & Joiners", 62 characters/,
  ],
  [
    "an image named from the site's root rather than from the content folder",
    'team.json',
    (text) => text.replace(/"src": "[^"]*"/, '"src": "/images/team/sarah.jpg"'),
    /content\/team\.json: team\[0\]\.image\.src: expected a photo on https:\/\/images\.unsplash\.com \(the only image host the Content-Security-Policy allows\) or a file of content\/images\/ such as "images\/team\/sarah\.jpg", found "\/images\/team\/sarah\.jpg"$/m,
  ],
  [
    "a social link to a network's home page, which search engines would read as the agency's profile",
    'site.json',
    (text) =>
      text.replace(
        '"label": "TradeBoost Digital on X" }',
        '"label": "TradeBoost Digital on X", "href": "https://x.com/" }',
      ),
    /content\/site\.json: social\[2\]\.href: expected the agency's own page on the network, such as https:\/\/www\.facebook\.com\/tradeboostdigital, not the network's home page or one of its own pages, found "https:\/\/x\.com\/"/,
  ],
  [
    "a social link to a network's own page as a logged-in browser shows it (its feed), not the agency's",
    'site.json',
    (text) =>
      text.replace(
        '"label": "TradeBoost Digital on YouTube" }',
        '"label": "TradeBoost Digital on YouTube", "href": "https://www.youtube.com/feed/subscriptions" }',
      ),
    /content\/site\.json: social\[3\]\.href: expected the agency's own page on the network, .+, found "https:\/\/www\.youtube\.com\/feed\/subscriptions"/,
  ],
  [
    'a social link to another network than the one its icon shows',
    'site.json',
    (text) =>
      text.replace(
        '"label": "TradeBoost Digital on Instagram" }',
        '"label": "TradeBoost Digital on Instagram", "href": "https://www.facebook.com/tradeboostdigital" }',
      ),
    /content\/site\.json: social\[1\]\.href: expected a page of instagram\.com, the site of the network this entry is for, found "https:\/\/www\.facebook\.com\/tradeboostdigital"\n$/,
  ],
  [
    'a phone number with a digit dropped, which every call link would dial',
    'site.json',
    (text) => text.replace('"phone": "0808 157 0192"', '"phone": "0808 157 019"'),
    /content\/site\.json: phone: expected a UK phone number written as dialled, such as "0808 157 0192", found "0808 157 019"$/m,
  ],
  [
    'a phone number with a digit too many',
    'site.json',
    (text) => text.replace('"phone": "0808 157 0192"', '"phone": "01332 1234567"'),
    /content\/site\.json: phone: expected a UK phone number written as dialled, such as "0808 157 0192", found "01332 1234567"$/m,
  ],
  [
    'the country written as people write it, "UK", which search engines do not read as the United Kingdom\'s code',
    'site.json',
    (text) => text.replace('"country": "GB"', '"country": "UK"'),
    /content\/site\.json: address\.country: expected an ISO country code such as "GB", found "UK"$/m,
  ],
  [
    'an area served by a country code no country has',
    'site.json',
    (text) => text.replace('"code": "GB"', '"code": "XX"'),
    /content\/site\.json: areaServed\.code: expected an ISO country code such as "GB", found "XX"$/m,
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
    "a service page with another service page's title, which search results could not tell apart (sitegen check fails both)",
    'service-pages/local-seo.json',
    (text) =>
      text.replace(
        '"title": "Local SEO for Tradesmen: Get Found in Google Maps"',
        '"title": "Google Ads Management for Tradesmen"',
      ),
    /content\/service-pages\/google-ads\.json: its title, "Google Ads Management for Tradesmen \| TradeBoost Digital", is also the title of \/services\/local-seo \(\S*content\/service-pages\/local-seo\.json\): give each page its own$/m,
  ],
  [
    "a trade with another trade's meta description: named by its field, not the hero's or a card's description",
    'trades/roofer.json',
    (text) =>
      text.replace(
        /"metaDescription": "[^"]*"/,
        `"metaDescription": "Plumber marketing that wins emergency call-outs and planned jobs: map pack SEO for 'plumber near me', Google Ads, AI call answering and reviews."`,
      ),
    /content\/trades\/roofer\.json: metaDescription: its description, "Plumber marketing that wins .+", is also the description of \/services\/plumber \(\S*content\/trades\/plumber\.json\): give each page its own$/m,
  ],
  [
    "a trade's meta description too short to be a search result's snippet, as every other page's is refused",
    'trades/roofer.json',
    (text) => text.replace(/"metaDescription": "[^"]*"/, '"metaDescription": "Marketing for roofers."'),
    /content\/trades\/roofer\.json: metaDescription: .*at least 50 characters/,
  ],
  [
    'a service listed twice',
    'services.json',
    (text) => text.replace('"id": "google-ads"', '"id": "local-seo"'),
    /content\/services\.json: services\[1\]\.id: expected an id of its own for each service, found "local-seo"/,
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
    /content\/jobs\.json: jobs\[0\]\.type: expected one of Full-time, Part-time, Contract, Temporary, Internship, found "Full time": did you mean "Full-time"\?\n$/,
  ],
  [
    'an icon the site does not have',
    'services.json',
    (text) => text.replace('"icon": "map-pin"', '"icon": "spanner"'),
    /content\/services\.json: services\[0\]\.icon: expected one of the icons "arrow-left", "arrow-right", .*, "wrench", "zap", found "spanner"\n$/,
  ],
  [
    'an icon misspelt, named as the icon meant',
    'services.json',
    (text) => text.replace('"icon": "map-pin"', '"icon": "map-pinn"'),
    /content\/services\.json: services\[0\]\.icon: expected one of the icons "arrow-left", "arrow-right", .*, "wrench", "zap", found "map-pinn": did you mean "map-pin"\?\n$/,
  ],
  [
    'a social network misspelt, named as the network meant',
    'site.json',
    (text) => text.replace('"network": "instagram"', '"network": "instagran"'),
    /content\/site\.json: social\[1\]\.network: expected one of "facebook", "instagram", "x", "youtube", found "instagran": did you mean "instagram"\?\n$/,
  ],
  [
    'a document pasted into a text field',
    'team.json',
    (text) => text.replace(/"bio": "/, `"bio": "${'A long story. '.repeat(400)}`),
    /content\/team\.json: team\[0\]\.bio: expected a text of at most 5,000 characters, found "A long story\. .*…" \(\d+ characters\)/,
  ],
  [
    "a member named as another, whose card would take the other's address on /about, which bylines link to",
    'team.json',
    (text) => text.replace('"name": "James Thompson"', '"name": "SARAH MITCHELL"'),
    /content\/team\.json: team\[1\]\.name: "SARAH MITCHELL" would have the card \/about#sarah-mitchell, as "Sarah Mitchell" has$/m,
  ],
  [
    'a member whose name has no letter an address can hold',
    'team.json',
    (text) => text.replace('"name": "James Thompson"', '"name": "李 明"'),
    /content\/team\.json: team\[1\]\.name: "李 明" has no letters or digits to make its address from$/m,
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
    "a slip in a case study's trade, which names the trade it was meant to be",
    'case-studies.json',
    (text) => text.replace('"trade": "plumber"', '"trade": "plumbr"'),
    /content\/case-studies\.json: caseStudies\[0\]\.trade: expected the slug of a trade \(a file of [^\n]*content\/trades\/\), found "plumbr": did you mean "plumber"\?\n$/,
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
    'a redirect to the not-found page',
    'redirects.json',
    (text) => text.replace(/"to": "[^"]+"/, '"to": "/404"'),
    /content\/redirects\.json: redirects\[0\]\.to: redirects to \/404, which is neither a page of the site \(pages are listed in sitemap\.xml\) nor an https:\/\/ URL\n$/,
  ],
  [
    'opening hours that close before they open',
    'site.json',
    (text) => text.replace('"closes": "18:00"', '"closes": "08:30"'),
    /content\/site\.json: hours\.closes: expected a closing time after the opening time, found "08:30"$/m,
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
    "the testimonials' rating left out of the words a screen reader reads for their stars",
    'pages/home.json',
    (text) => text.replace('"Rated {rating} out of 5"', '"Rated 5 out of 5"'),
    /content\/pages\/home\.json: testimonials\.ratingLabel: expected a text that holds \{rating\}, found "Rated 5 out of 5"$/m,
  ],
  [
    "the forms' privacy note left without its link",
    'forms.json',
    (text) => text.replace('"Our {privacyPolicy} explains', '"Our privacy policy explains'),
    /content\/forms\.json: privacy\.text: expected a text that holds \{privacyPolicy\}, found "Our privacy policy explains how we use your details and t…" \(86 characters\)$/m,
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
    /content\/site\.json: url: expected the site's address alone, such as "https:\/\/www\.example\.co\.uk" \(pages are at its root: no path, query, fragment or final dot\), found "https:\/\/www\.tradeboostdigital\.co\.uk\/\?ref=1"/,
  ],
  [
    'a postcode with no space, which every page would show and search engines read as the office',
    'site.json',
    (text) => text.replace('"postcode": "DE1 1DA"', '"postcode": "DE11DA"'),
    /content\/site\.json: address\.postcode: expected a UK postcode as Royal Mail writes it, such as "DE1 1DA", found "DE11DA"$/m,
  ],
  [
    "an author typed in another case than the team's name, whose byline would link to no profile",
    'blog/local-seo-tips.md',
    (text) => text.replace('author: "Sarah Mitchell"', 'author: "sarah mitchell"'),
    /content\/blog\/local-seo-tips\.md: front matter: author: expected "Sarah Mitchell", as team\.json writes it \(the byline links to the author's profile on the about page\), found "sarah mitchell"$/m,
  ],
  [
    "an author typed with two spaces between the team member's names, whose byline would link to no profile",
    'blog/local-seo-tips.md',
    (text) => text.replace('author: "Sarah Mitchell"', 'author: "Sarah  Mitchell"'),
    /content\/blog\/local-seo-tips\.md: front matter: author: expected "Sarah Mitchell", as team\.json writes it \(the byline links to the author's profile on the about page\), found "Sarah  Mitchell"$/m,
  ],
  [
    'a site URL ending in a dot',
    'site.json',
    (text) =>
      text.replace('"url": "https://www.tradeboostdigital.co.uk"', '"url": "https://www.tradeboostdigital.co.uk."'),
    /content\/site\.json: url: expected the site's address alone, .*, found "https:\/\/www\.tradeboostdigital\.co\.uk\."/,
  ],
];

describe('bad input', () => {
  it.concurrent.each(badValues)('%s stops the build, naming the file and field', stopsTheBuild);

  it.concurrent("a trade's file named with a capital is to be renamed, as its slug cannot be", async () => {
    const site = await contentWorkspace();
    await rename(join(site.content, 'trades/plumber.json'), join(site.content, 'trades/Plumber.json'));
    expect(await site.refusal()).toBe(
      `sitegen: ${join(site.content, 'trades/Plumber.json')}: slug: is "plumber", but the file is named Plumber.json, which cannot be an address: rename it plumber.json\n`,
    );
  });

  it.concurrent('a phone number pasted with no-break spaces between its groups is taken as written', async () => {
    const site = await contentWorkspace();
    await site.edit('site.json', (text) =>
      text.replace('"phone": "0808 157 0192"', '"phone": "0808\\u00a0157\\u00a00192"'),
    );
    expect(await site.refusal()).toBeUndefined();
  });

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
});

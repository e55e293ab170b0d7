/**
 * The speculation rules every page carries: Chromium prerenders a page of
 * this site the moment a visitor shows they are about to open it (the
 * pointer resting on its link, or a finger touching it: `moderate`), and
 * fetches it ahead on the press itself (`conservative`) where it will not
 * prerender (a data saver on, memory short, two prerenders already kept).
 * Never another site, nor /admin (the content editor), nor a file (a feed,
 * sitemap.xml, an image, a PDF: any path with a dot, as no page's has one),
 * nor a link marked to download or not to follow.
 *
 * One inline <script type="speculationrules">, the same bytes on every page,
 * allowed by its hash in the Content-Security-Policy: it works on every host
 * the site deploys to (the Speculation-Rules header would need a host that
 * reads _headers and serves its JSON file as application/speculationrules+json,
 * which GitHub Pages, S3 and a plain nginx do not), and the rules are there
 * with the page, with no request to wait for before the first hover.
 */
const sameSitePages = {
  and: [
    // Relative to the page: this origin only.
    { href_matches: '/*' },
    { not: { href_matches: ['/admin', '/admin/*', '/*.*'] } },
    { not: { selector_matches: '[download], [rel~=nofollow]' } },
  ],
};

export const speculationRules = JSON.stringify({
  prerender: [{ where: sameSitePages, eagerness: 'moderate' }],
  prefetch: [{ where: sameSitePages, eagerness: 'conservative' }],
});

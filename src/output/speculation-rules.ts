/**
 * The speculation rules every page carries: Chromium prerenders a page of this site when a visitor is about to open it
 * (the pointer resting on its link, a finger touching it: `moderate`), and fetches it ahead on the press itself where
 * it will not prerender (`conservative`). Never /admin (the content editor), nor a file: a path with a dot, as no
 * page's has one.
 *
 * Inline, the same bytes on every page, allowed by its hash in the CSP: the Speculation-Rules header would need a host
 * that reads _headers and serves the JSON as application/speculationrules+json, which GitHub Pages, S3 and a plain
 * nginx do not; and the rules come with the page, before any hover.
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

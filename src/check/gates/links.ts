/**
 * links: linkinator crawls the site as a static host serves it (clean URLs):
 * every internal link, in-page anchor, image, stylesheet and script must
 * resolve. External URLs are listed, and fetched only with --external.
 */
import type { CheckContext, Finding, GateResult } from '../types';

export async function checkLinks(context: CheckContext): Promise<GateResult> {
  const { LinkChecker, LinkState } = await import('linkinator');
  const internal = (url: string) => url.startsWith(context.origin);
  const external = new Set<string>();
  const checker = new LinkChecker();
  const result = await checker.check({
    // Every page, not only those reachable from the home page: an orphan page's links count too.
    path: context.pages.map((page) => `${context.origin}${page.path}`),
    recurse: true,
    // Extensionless URLs are pages, not folders: the base for relative links is the page itself.
    cleanUrls: true,
    checkFragments: true,
    checkCss: true,
    concurrency: 20,
    timeout: 10_000,
    linksToSkip: async (url) => {
      if (internal(url) || !/^https?:/.test(url)) return false;
      external.add(url);
      return !context.external;
    },
  });

  const findings: Finding[] = [];
  const reported = new Set<string>();
  let internalLinks = 0;
  for (const link of result.links) {
    if (internal(link.url)) internalLinks += 1;
    if (link.state !== LinkState.BROKEN) continue;
    const detail = link.failureDetails?.map((item) => ('message' in item ? item.message : `HTTP ${item.status}`)).join('; ');
    const target = internal(link.url) ? link.url.slice(context.origin.length) || '/' : link.url;
    // linkinator reports a missing #anchor without the page that links to it: find those pages in the HTML.
    const parents = link.parent
      ? [link.parent.slice(context.origin.length) || '/']
      : context.pages.filter((page) => page.html.includes(`"${target}"`)).map((page) => page.path);
    for (const page of parents.length ? parents : [target]) {
      if (reported.has(`${page} ${target}`)) continue;
      reported.add(`${page} ${target}`);
      findings.push({
        page,
        rule: link.url.includes('#') && link.status === 200 ? 'missing-anchor' : 'broken-link',
        target,
        message: link.status ? `answered ${link.status}${detail ? ` (${detail})` : ''}` : (detail ?? 'could not be fetched'),
        fix: internal(link.url) ? 'point the link at an existing page (or #id on it), or create the page' : 'update or remove the external link',
      });
    }
  }
  // An image at several sizes is one resource: listed once, without its size parameters.
  const resources = [...new Set([...external].map((url) => url.replace(/[?#].*$/, '')))].sort();
  const notes = [
    context.external
      ? `${external.size} external URLs fetched`
      : `${resources.length} external resources (${external.size} URLs: stock photos at several sizes, social profiles) listed, not fetched: run with --external to fetch them`,
  ];
  if (!context.external) notes.push(...resources.slice(0, 8).map((url) => `  ${url}`), ...(resources.length > 8 ? [`  … and ${resources.length - 8} more`] : []));
  return {
    gate: 'links',
    passed: findings.length === 0,
    checked: `${internalLinks} distinct internal URLs (pages, anchors, assets) linked from ${context.pages.length} pages`,
    findings,
    notes,
  };
}

/**
 * lighthouse: one page of each template (mobile, Debian's Chromium), held to the thresholds below; performance to a
 * bare page's in the same run: a shared machine slows every page alike, and a bare page's score swings widely there.
 */
import { stockPhotoOrigin, stockPhotoUrl } from '../../stock-photos';
import { plannedSite } from '../breadcrumbs';
import { chromiumFlags, requireChromium } from '../chromium';
import { gateResult, type BuiltPage, type CheckContext, type Finding, type GateResult } from '../types';

/**
 * One page of each template of the built site, the route table's first of its kind (which trade or article the
 * content holds is its own), but the 404's, which asks search engines not to index it and so cannot score SEO 100.
 */
export async function lighthousePages(context: Pick<CheckContext, 'root' | 'contentDir' | 'pages'>) {
  const built = new Set(context.pages.map((page) => page.path));
  const firsts = new Map<string, string>();
  for (const { kind, path } of (await plannedSite(context.root, context.contentDir)).routes.routes)
    if (kind !== 'NotFound' && built.has(path) && !firsts.has(kind)) firsts.set(kind, path);
  return [...firsts].map(([template, path]) => ({ template, path }));
}

/** Served by the check's own server beside the site, with the same headers and compression. */
export const barePagePath = '/__sitegen-bare-page';
export const barePageHtml =
  '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<title>Bare page</title><meta name="description" content="A page with nothing but text: the performance limit for the site\'s pages.">' +
  '</head><body><h1>Bare page</h1><p>Nothing here but text, served the way the site is served.</p></body></html>';

const thresholds = { accessibility: 100, seo: 100, bestPractices: 95, performanceBelowBare: 3 };

const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof categories)[number];

/** A page's scores in the categories it was measured for (all four for a page of the site, performance for the bare page); `failing`: the audits below full marks that count towards a category's score. */
type Run<C extends Category> = { scores: Record<C, number>; failing: Record<C, string[]>; offlineImages: boolean };

/** A run Lighthouse itself could not finish: why, in its words; `final` when another attempt would fail the same way. */
type FailedAttempt = { error: string; final: boolean };
type FailedRun = { error: string; attempts: number };
type Measure = <C extends Category>(path: string, only: readonly C[]) => Promise<Run<C> | FailedRun>;
type TemplatePage = { template: string; path: string };
type PageRun = TemplatePage & { run: Run<Category> };
type Row = [template: string, path: string, text: string];

/** Lighthouse fails now and then on a busy machine (an interstitial, a protocol timeout), and passes on the next run: a page fails the gate only when every attempt fails. */
const attempts = 3;

/** What the page itself answered (an error status, no HTML): the same on every attempt, so never tried again. */
const answersOfThePage = ['ERRORED_DOCUMENT_REQUEST', 'NOT_HTML', 'INSECURE_DOCUMENT_REQUEST', 'DNS_FAILURE'];

type LighthouseResult = NonNullable<Awaited<ReturnType<typeof import('lighthouse').default>>>['lhr'];

export async function checkLighthouse(context: CheckContext): Promise<GateResult> {
  const pages = context.lighthousePages ?? (await lighthousePages(context));
  const { measure, close } = await launchLighthouse(context);
  try {
    const { bare, runs, findings, rows } = await measurePages(measure, pages, context.pages);
    // With no bare run at all, the bare page's own finding already fails the gate.
    const median = [...bare].sort((a, b) => a - b)[Math.floor((bare.length - 1) / 2)] ?? 0;
    const limit = median - thresholds.performanceBelowBare;
    await remeasureSlowPages(runs, limit, measure);
    rows.unshift(['bare page', barePagePath, `performance ${bare.join(', ')} (median ${median}; limit ${limit})`]);
    for (const { template, path, run } of runs) {
      const { performance, accessibility, 'best-practices': bestPractices, seo } = run.scores;
      const scores = `performance ${performance}  accessibility ${accessibility}  best practices ${bestPractices}  SEO ${seo}`;
      rows.push([template, path, scores]);
      findings.push(...scoresBelowMinimum(path, run, limit, bare));
    }
    const notes = aligned(rows);
    if (runs.some(({ run }) => run.offlineImages))
      notes.push(
        'stock photos could not load (no internet here): best practices counts their failed requests as console errors',
      );
    const checked = `${pages.length} templates, mobile; accessibility and SEO ${thresholds.accessibility}, best practices ≥ ${thresholds.bestPractices}, performance ≥ bare page − ${thresholds.performanceBelowBare}`;
    return gateResult('lighthouse', checked, findings, notes);
  } finally {
    close();
  }
}

async function launchLighthouse(context: CheckContext): Promise<{ measure: Measure; close: () => void }> {
  const chromePath = requireChromium();
  const [{ default: lighthouse, defaultConfig }, chromeLauncher] = await Promise.all([
    import('lighthouse'),
    import('chrome-launcher'),
  ]);
  // Offline, stock photos fail at once wherever the check runs, rather than waiting on whatever the network's resolver does.
  const offlineFlags = context.external
    ? []
    : [`--host-resolver-rules=MAP ${new URL(stockPhotoOrigin).host} ~NOTFOUND`];
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: [...chromiumFlags, ...offlineFlags] });
  const skipAudits = unweightedAudits(defaultConfig);
  const measureOnce = async <C extends Category>(path: string, only: readonly C[]) => {
    const result = await lighthouse(`${context.origin}${path}`, {
      port: chrome.port,
      onlyCategories: [...only],
      skipAudits,
      // The screenshot of the whole page is for the HTML report, which the gate does not write.
      disableFullPageScreenshot: true,
      // Half a second of quiet, not one: pages defer nothing to idle time, so scores are unchanged (docs/testing.md).
      pauseAfterFcpMs: 500,
      pauseAfterLoadMs: 500,
      networkQuietThresholdMs: 500,
      cpuQuietThresholdMs: 500,
    });
    return result ? runOf(result.lhr, only) : { error: 'Lighthouse returned no result', final: false };
  };
  const measure: Measure = async (path, only) => {
    for (let attempt = 1; ; attempt++) {
      const run = await measureOnce(path, only);
      if (!('error' in run)) return run;
      if (run.final || attempt === attempts) return { error: run.error, attempts: attempt };
    }
  };
  return { measure, close: () => chrome.kill() };
}

/**
 * The audits that weigh nothing in the four scores: the gate never reads them, and some cost a run dearly (bf-cache
 * loads the page twice). errors-in-console, read for the stock photos' note, weighs in best practices.
 */
function unweightedAudits(config: typeof import('lighthouse').defaultConfig): string[] {
  const refs = categories.flatMap((key) => config.categories?.[key]?.auditRefs ?? []);
  const weighted = new Set(refs.filter((ref) => ref.weight > 0).map((ref) => ref.id));
  return [...new Set(refs.map((ref) => ref.id))].filter((id) => !weighted.has(id));
}

/** The bare page at the start, middle and end of the run (its median is the limit; its performance alone is read, and measured), and the pages in between. */
async function measurePages(measure: Measure, pages: readonly TemplatePage[], built: readonly BuiltPage[]) {
  const findings: Finding[] = [];
  const rows: Row[] = [];
  const unmeasured = (template: string, path: string, { error, attempts }: FailedRun) => {
    rows.push([template, path, `not measured: ${error}`]);
    findings.push({
      page: path,
      rule: 'lighthouse-error',
      message: `Lighthouse could not measure the page${attempts > 1 ? ` in ${attempts} attempts` : ''}: ${error}`,
      fix: 'make sure the page answers 200 and paints without redirecting; if it does, run the gate again (sitegen check --only lighthouse)',
    });
  };
  const bare: number[] = [];
  const measureBare = async () => {
    const run = await measure(barePagePath, ['performance']);
    if ('error' in run) unmeasured('bare page', barePagePath, run);
    else bare.push(run.scores.performance);
  };
  const runs: PageRun[] = [];
  await measureBare();
  for (const [index, page] of pages.entries()) {
    if (!built.some(({ path }) => path === page.path)) {
      findings.push({
        page: page.path,
        rule: 'lighthouse-page-missing',
        message: `the ${page.template} page to measure is not in the build`,
        fix: 'build the site from the content/ the check reads',
      });
      continue;
    }
    const run = await measure(page.path, categories);
    if ('error' in run) unmeasured(page.template, page.path, run);
    else runs.push({ ...page, run });
    if (index === Math.floor(pages.length / 2)) await measureBare();
  }
  await measureBare();
  return { bare, runs, findings, rows };
}

/** One slow run on a shared machine is noise, two are a finding: a page under the limit is measured again, and the better performance kept. */
async function remeasureSlowPages(runs: PageRun[], limit: number, measure: Measure): Promise<void> {
  for (const { path, run } of runs) {
    if (run.scores.performance >= limit) continue;
    const again = await measure(path, categories);
    if ('error' in again || again.scores.performance <= run.scores.performance) continue;
    run.scores.performance = again.scores.performance;
    run.failing.performance = again.failing.performance;
  }
}

function scoresBelowMinimum(page: string, { scores, failing }: Run<Category>, limit: number, bare: number[]) {
  const minimums: [Category, number, string][] = [
    ['accessibility', thresholds.accessibility, 'accessibility'],
    ['seo', thresholds.seo, 'SEO'],
    ['best-practices', thresholds.bestPractices, 'best practices'],
    ['performance', limit, `performance (bare page ${bare.join('/')})`],
  ];
  return minimums
    .filter(([category, minimum]) => scores[category] < minimum)
    .map(([category, minimum, label]) => ({
      page,
      rule: `lighthouse-${category}`,
      message: `${label} ${scores[category]}, below ${minimum}`,
      fix: `fix the audits: ${failing[category].join(', ') || 'see the Lighthouse report'}`,
    }));
}

/** The report's rows, each column as wide as its longest cell: a long path leaves the scores in their column. */
export function aligned(rows: readonly Row[]): string[] {
  const width = (column: 0 | 1) => Math.max(...rows.map((row) => row[column].length));
  return rows.map(([template, path, text]) => `${template.padEnd(width(0))}  ${path.padEnd(width(1))}  ${text}`);
}

function runOf<C extends Category>(lhr: LighthouseResult, only: readonly C[]): Run<C> | FailedAttempt {
  const error = measurementError(lhr, only);
  if (error) return { error, final: answersOfThePage.includes(lhr.runtimeError?.code ?? '') };
  const scores = {} as Run<C>['scores'];
  const failing = {} as Run<C>['failing'];
  for (const key of only) {
    const category = lhr.categories[key]!;
    scores[key] = Math.round(category.score! * 100);
    failing[key] = category.auditRefs
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id]!)
      .filter((audit) => audit.score !== null && audit.score < 1)
      .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
  }
  const consoleErrors =
    (lhr.audits['errors-in-console']?.details as { items?: { sourceLocation?: { url?: string } }[] } | undefined)
      ?.items ?? [];
  const offlineImages =
    consoleErrors.length > 0 && consoleErrors.every((item) => stockPhotoUrl.test(item.sourceLocation?.url ?? ''));
  return { scores, failing, offlineImages };
}

/** Why a run has no verdict: a runtime error, or an audit that could not run, leaving its category's score null. */
function measurementError(lhr: LighthouseResult, only: readonly Category[]): string | undefined {
  if (lhr.runtimeError) return `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
  const unscored = only.filter((key) => lhr.categories[key]?.score === null);
  if (unscored.length === 0) return undefined;
  const errored = Object.values(lhr.audits)
    .filter((audit) => audit.scoreDisplayMode === 'error')
    .map((audit) => `${audit.id} (${audit.errorMessage ?? 'no message'})`);
  return `no ${unscored.join(', ')} score: audits that could not run: ${errored.join(', ') || 'none named'}`;
}

/**
 * lighthouse: Lighthouse (mobile emulation, Debian's Chromium) on one page of
 * each template: accessibility and SEO 100, best practices at least 95, and
 * performance within 3 points of a bare HTML page served the same way in the
 * same run. A shared 2-core machine inflates blocking time for every page
 * alike (a bare page scores anywhere from 84 to 100 there), so the bare page,
 * not an absolute number, is the limit.
 */
import { stockPhotoOrigin, stockPhotoUrl } from '../../stock-photos';
import type { CheckContext, Finding, GateResult } from '../types';
import { chromiumFlags, requireChromium } from '../chromium';

/** One page of each template of this site but the 404's, which asks search engines not to index it and so cannot score SEO 100. */
export const templatePages = [
  { template: 'home', path: '/' },
  { template: 'about', path: '/about' },
  { template: 'case studies', path: '/case-studies' },
  { template: 'blog', path: '/blog' },
  { template: 'article', path: '/blog/local-seo-tips' },
  { template: 'careers', path: '/careers' },
  { template: 'contact', path: '/contact' },
  { template: 'legal', path: '/privacy-policy' },
  { template: 'service page', path: '/services/local-seo' },
  { template: 'trade page', path: '/services/plumber' },
];

/** Served by the check's own server beside the site, with the same headers and compression. */
export const barePagePath = '/__sitegen-bare-page';
export const barePageHtml =
  '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<title>Bare page</title><meta name="description" content="A page with nothing but text: the performance limit for the site\'s pages.">' +
  '</head><body><h1>Bare page</h1><p>Nothing here but text, served the way the site is served.</p></body></html>';

export const thresholds = { accessibility: 100, seo: 100, bestPractices: 95, performanceBelowBare: 3 };

interface Scores {
  performance: number;
  accessibility: number;
  'best-practices': number;
  seo: number;
}

interface Run {
  scores: Scores;
  /** Audits below full marks that count towards a category's score. */
  failing: Record<keyof Scores, string[]>;
  offlineImages: boolean;
}

/** A run Lighthouse itself could not finish: why, in its words. */
interface FailedRun {
  error: string;
}

const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** Lighthouse fails now and then on a busy machine (an interstitial, a protocol timeout), and passes on the next run: a page fails the gate only when every attempt fails. */
const attempts = 3;

type LighthouseResult = NonNullable<Awaited<ReturnType<typeof import('lighthouse').default>>>['lhr'];

/**
 * Why a run has no verdict, if it has none: a runtime error, or an audit that
 * could not run and so leaves its category without a score (Lighthouse then
 * reports the category as null, not as zero).
 */
function measurementError(lhr: LighthouseResult): string | undefined {
  if (lhr.runtimeError) return `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
  const unscored = categories.filter((key) => lhr.categories[key]?.score === null);
  if (unscored.length === 0) return undefined;
  const errored = Object.values(lhr.audits)
    .filter((audit) => audit.scoreDisplayMode === 'error')
    .map((audit) => `${audit.id} (${audit.errorMessage ?? 'no message'})`);
  return `no ${unscored.join(', ')} score: audits that could not run: ${errored.join(', ') || 'none named'}`;
}

export async function checkLighthouse(context: CheckContext): Promise<GateResult> {
  const chromePath = requireChromium();
  const [{ default: lighthouse }, chromeLauncher] = await Promise.all([
    import('lighthouse'),
    import('chrome-launcher'),
  ]);
  // Offline, stock photos fail at once wherever the check runs, rather than waiting on whatever the network's resolver does.
  const offlineFlags = context.external
    ? []
    : [`--host-resolver-rules=MAP ${new URL(stockPhotoOrigin).host} ~NOTFOUND`];
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: [...chromiumFlags, ...offlineFlags] });
  const runPage = async (path: string): Promise<Run | FailedRun> => {
    const result = await lighthouse(`${context.origin}${path}`, {
      port: chrome.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: [...categories],
    });
    if (!result) return { error: 'Lighthouse returned no result' };
    const { lhr } = result;
    const error = measurementError(lhr);
    if (error) return { error };
    const scores = {} as Scores;
    const failing = {} as Run['failing'];
    for (const key of categories) {
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
  };
  const measure = async (path: string): Promise<Run | FailedRun> => {
    let run = await runPage(path);
    for (let attempt = 1; attempt < attempts && 'error' in run; attempt++) run = await runPage(path);
    return run;
  };

  const findings: Finding[] = [];
  const lines: string[] = [];
  let offlineImages = false;
  const unmeasured = (template: string, path: string, run: FailedRun) => {
    lines.push(`${template.padEnd(13)} ${path.padEnd(22)} not measured: ${run.error}`);
    findings.push({
      page: path,
      rule: 'lighthouse-error',
      message: `Lighthouse could not measure the page in ${attempts} attempts: ${run.error}`,
      fix: 'make sure the page answers 200 and paints without redirecting; if it does, run the gate again (sitegen check --only lighthouse)',
    });
  };
  try {
    // The bare page is measured at the start, middle and end of the run; its median is the limit.
    const bare: number[] = [];
    const measureBare = async () => {
      const run = await measure(barePagePath);
      if ('error' in run) unmeasured('bare page', barePagePath, run);
      else bare.push(run.scores.performance);
    };
    await measureBare();
    const runs: { template: string; path: string; run: Run }[] = [];
    const pages = context.lighthousePages ?? templatePages;
    for (const [index, page] of pages.entries()) {
      if (!context.pages.some((built) => built.path === page.path)) {
        findings.push({
          page: page.path,
          rule: 'lighthouse-page-missing',
          message: `the ${page.template} page to measure is not in the build`,
          fix: 'build the site, or update templatePages in src/check/gates/lighthouse.ts',
        });
        continue;
      }
      const run = await measure(page.path);
      if ('error' in run) unmeasured(page.template, page.path, run);
      else runs.push({ ...page, run });
      if (index === Math.floor(pages.length / 2)) await measureBare();
    }
    await measureBare();
    // With no bare run at all, the bare page's own finding already fails the gate.
    const median = [...bare].sort((a, b) => a - b)[Math.floor((bare.length - 1) / 2)] ?? 0;
    const limit = median - thresholds.performanceBelowBare;

    for (const entry of runs) {
      // A page under the performance limit is measured once more: one slow run on a shared machine is noise, two are a finding.
      if (entry.run.scores.performance < limit) {
        const again = await measure(entry.path);
        if (!('error' in again) && again.scores.performance > entry.run.scores.performance)
          entry.run = {
            ...entry.run,
            scores: { ...entry.run.scores, performance: again.scores.performance },
            failing: { ...entry.run.failing, performance: again.failing.performance },
          };
      }
      const { scores, failing } = entry.run;
      offlineImages ||= entry.run.offlineImages;
      lines.push(
        `${entry.template.padEnd(13)} ${entry.path.padEnd(22)} performance ${scores.performance}  accessibility ${scores.accessibility}  best practices ${scores['best-practices']}  SEO ${scores.seo}`,
      );
      const check = (category: keyof Scores, minimum: number, label: string) => {
        if (scores[category] < minimum) {
          findings.push({
            page: entry.path,
            rule: `lighthouse-${category}`,
            message: `${label} ${scores[category]}, below ${minimum}`,
            fix: `fix the audits: ${failing[category].join(', ') || 'see the Lighthouse report'}`,
          });
        }
      };
      check('accessibility', thresholds.accessibility, 'accessibility');
      check('seo', thresholds.seo, 'SEO');
      check('best-practices', thresholds.bestPractices, 'best practices');
      check('performance', limit, `performance (bare page ${bare.join('/')})`);
    }
    lines.unshift(
      `bare page     ${barePagePath.padEnd(22)} performance ${bare.join(', ')} (median ${median}; limit ${limit})`,
    );
  } finally {
    chrome.kill();
  }
  if (offlineImages)
    lines.push(
      'stock photos could not load (no internet here): best practices counts their failed requests as console errors',
    );
  return {
    gate: 'lighthouse',
    passed: findings.length === 0,
    checked: `${(context.lighthousePages ?? templatePages).length} templates, mobile; accessibility and SEO ${thresholds.accessibility}, best practices ≥ ${thresholds.bestPractices}, performance ≥ bare page − ${thresholds.performanceBelowBare}`,
    findings,
    notes: lines,
  };
}

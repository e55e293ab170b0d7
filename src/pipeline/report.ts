/**
 * The report at the end of `sitegen build`, like the build logs people know: each page with its HTML and JavaScript,
 * raw and gzipped, the totals, and the time of each stage. As a table, or as JSON for scripts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { formatBytes, formatMs } from '../log';
import type { SiteFile } from '../output/output';
import type { PageRecord } from '../render/page-rendering';
import type { BuildRun } from './build-run';
import type { Written } from './output-stages';

interface PageReport {
  route: string;
  html: number;
  /** Measured on every page of a site up to 300 pages; past that, only on the largest page of each section (null elsewhere), since gzipping thousands of pages would cost more than building them. */
  htmlGzip: number | null;
  js: number;
  jsGzip: number;
}

const gzipEveryPageUpTo = 300;

export type BuildReport = ReturnType<typeof measureBuild>;

export function measureBuild(run: BuildRun, { rendered, files, committed }: Written) {
  const { config, options } = run;
  const { pages } = rendered;
  // A report is measured only to be shown: gzipping every page costs a small site a good part of its build.
  const reporting = !config.quiet || options.json === true;
  const sizes = new Map<string, { raw: number; gzip: number }>();
  const sizeOf = (file: SiteFile) => {
    let size = sizes.get(file.path);
    if (!size)
      sizes.set(file.path, (size = { raw: Buffer.byteLength(file.content), gzip: gzipSync(file.content).byteLength }));
    return size;
  };
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const weigh = (files: SiteFile[]) => {
    const each = files.map(sizeOf);
    return { raw: sum(each.map((size) => size.raw)), gzip: sum(each.map((size) => size.gzip)) };
  };
  // A page's scripts and stylesheet, and the site's weight, are among the files the build made, never those it copied.
  const made = files.filter((file): file is SiteFile => 'content' in file);
  const byUrl = new Map(made.map((file) => [`/${file.path}`, file]));
  const everyPage = reporting && pages.length <= gzipEveryPageUpTo;
  const largestInSection = new Map<string, PageRecord>();
  for (const page of pages) {
    const section = sectionOf(page.path);
    const largest = largestInSection.get(section);
    if (!largest || page.bytes > largest.bytes) largestInSection.set(section, page);
  }
  const measured = new Set(largestInSection.values());
  const reports = pages.map((page): PageReport => {
    const js = weigh([...page.scripts.modules, ...page.scripts.preloads].flatMap((url) => byUrl.get(url) ?? []));
    const gzipped = reporting && (everyPage || measured.has(page));
    const htmlGzip = gzipped ? gzipSync(readFileSync(join(config.outDir, page.file))).byteLength : null;
    return { route: page.path, html: page.bytes, htmlGzip, js: js.raw, jsGzip: js.gzip };
  });
  // What visitors may load: the editor at /admin (Decap CMS, CMS_REPO) is the agency's own tool, no part of the site's weight.
  const siteFiles = made.filter((file) => !file.path.startsWith('admin/'));
  const css = weigh(siteFiles.filter((file) => file.path.endsWith('.css')));
  const js = weigh(siteFiles.filter((file) => file.path.endsWith('.js')));
  return {
    pages: reports,
    totals: {
      pages: reports.length,
      files: committed.written,
      bytes: committed.bytes,
      html: sum(reports.map((page) => page.html)),
      htmlGzip: everyPage ? sum(reports.map((page) => page.htmlGzip ?? 0)) : null,
      css: css.raw,
      cssGzip: css.gzip,
      js: js.raw,
      jsGzip: js.gzip,
    },
    stages: run.stages,
    ms: performance.now() - run.started,
  };
}

/** Every page up to this many; past it, one line per section of the site (/blog/*, /services/*). */
const listedPages = 60;

export function formatReport(report: BuildReport): string {
  const grouped = report.pages.length > listedPages;
  const rows = grouped ? bySection(report.pages) : report.pages.map((page) => ({ ...page, count: 1 }));
  const labels = rows.map((row) => (row.count > 1 ? `${row.route} (${row.count} pages)` : row.route));
  const width = Math.max(5, ...labels.map((label) => label.length));
  const line = (route: string, cells: string[]) =>
    `  ${route.padEnd(width)}  ${cells.map((cell) => cell.padStart(9)).join('  ')}`;
  // Grouped rows show the largest page of the section: a budget is per page, not per section.
  const lines = [line('route', grouped ? ['max html', 'gzip', 'max js', 'gzip'] : ['html', 'gzip', 'js', 'gzip'])];
  const sizesOf = (page: Omit<PageReport, 'route'>) => [page.html, page.htmlGzip, page.js, page.jsGzip].map(size);
  rows.forEach((row, index) => lines.push(line(labels[index]!, sizesOf(row))));
  const { totals } = report;
  lines.push(line('total', sizesOf(totals)));
  lines.push(
    `  css ${size(totals.css)} (${size(totals.cssGzip)} gzipped), javascript ${size(totals.js)} (${size(totals.jsGzip)} gzipped) in all`,
  );
  const order = ['content', 'styles', 'islands', 'templates', 'render', 'images', 'write'];
  const stages = Object.entries(report.stages).sort(([a], [b]) => order.indexOf(a) - order.indexOf(b));
  lines.push(`  stages: ${stages.map(([stage, ms]) => `${stage} ${formatMs(ms)}`).join(', ')}`);
  return `${lines.join('\n')}\n`;
}

/** "/blog/x" → "/blog/*"; top-level pages are their own section. */
function sectionOf(path: string): string {
  const parts = path.split('/');
  return parts.length > 2 ? `/${parts[1]}/*` : path;
}

function bySection(pages: readonly PageReport[]): (PageReport & { count: number })[] {
  const sections = new Map<string, PageReport & { count: number }>();
  for (const page of pages) {
    const route = sectionOf(page.route);
    const section = sections.get(route);
    if (!section) sections.set(route, { ...page, route, count: 1 });
    else {
      section.count += 1;
      if (page.html > section.html) Object.assign(section, { html: page.html, htmlGzip: page.htmlGzip });
      if (page.js > section.js) Object.assign(section, { js: page.js, jsGzip: page.jsGzip });
    }
  }
  return [...sections.values()];
}

const size = (bytes: number | null) => (!bytes ? '-' : formatBytes(bytes));

/**
 * The report at the end of `sitegen build`, like the build logs people know:
 * each page with its HTML and JavaScript, raw and gzipped, the totals, and
 * the time of each stage. As a table, or as JSON for scripts.
 */
import { gzipSync } from 'node:zlib';
import type { SiteFile } from './output/write-site';
import { formatBytes, formatMs } from './log';
import type { StoredPage, Stage } from './site-builder';

export interface PageReport {
  route: string;
  html: number;
  htmlGzip: number;
  js: number;
  jsGzip: number;
}

export interface BuildReport {
  pages: PageReport[];
  totals: { pages: number; files: number; bytes: number; html: number; htmlGzip: number; css: number; cssGzip: number; js: number; jsGzip: number };
  stages: Partial<Record<Stage | 'write', number>>;
  ms: number;
}

export function measureBuild(pages: readonly StoredPage[], files: readonly SiteFile[], stages: BuildReport['stages'], ms: number, written: { files: number; bytes: number }): BuildReport {
  const sizes = new Map<string, { raw: number; gzip: number }>();
  const sizeOf = (file: SiteFile) => {
    let size = sizes.get(file.path);
    if (!size) {
      size = { raw: byteLength(file.content), gzip: gzipSync(file.content).byteLength };
      sizes.set(file.path, size);
    }
    return size;
  };
  const byUrl = new Map(files.map((file) => [`/${file.path}`, file]));
  const reports = pages.map((page): PageReport => {
    let js = 0;
    let jsGzip = 0;
    for (const url of [...page.scripts.modules, ...page.scripts.preloads]) {
      const file = byUrl.get(url);
      if (!file) continue;
      const size = sizeOf(file);
      js += size.raw;
      jsGzip += size.gzip;
    }
    const html = Buffer.byteLength(page.html);
    return { route: page.route.path, html, htmlGzip: gzipSync(page.html).byteLength, js, jsGzip };
  });
  const css = files.filter((file) => file.path.endsWith('.css')).map(sizeOf);
  const scripts = files.filter((file) => file.path.endsWith('.js')).map(sizeOf);
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  return {
    pages: reports,
    totals: {
      pages: reports.length,
      files: written.files,
      bytes: written.bytes,
      html: sum(reports.map((page) => page.html)),
      htmlGzip: sum(reports.map((page) => page.htmlGzip)),
      css: sum(css.map((size) => size.raw)),
      cssGzip: sum(css.map((size) => size.gzip)),
      js: sum(scripts.map((size) => size.raw)),
      jsGzip: sum(scripts.map((size) => size.gzip)),
    },
    stages,
    ms,
  };
}

/** Every page up to this many; past it, one line per section of the site (/blog/*, /services/*). */
const listedPages = 60;

export function formatReport(report: BuildReport): string {
  const rows = report.pages.length <= listedPages ? report.pages.map((page) => ({ ...page, count: 1 })) : bySection(report.pages);
  const width = Math.max(5, ...rows.map((row) => row.route.length));
  const line = (route: string, cells: string[]) => `  ${route.padEnd(width)}  ${cells.map((cell) => cell.padStart(9)).join('  ')}`;
  const lines = [line('route', ['html', 'gzip', 'js', 'gzip'])];
  for (const row of rows) lines.push(line(row.count > 1 ? `${row.route} (${row.count} pages)` : row.route, [size(row.html), size(row.htmlGzip), size(row.js), size(row.jsGzip)]));
  const { totals } = report;
  lines.push(line('total', [size(totals.html), size(totals.htmlGzip), size(totals.js), size(totals.jsGzip)]));
  lines.push(`  css ${size(totals.css)} (${size(totals.cssGzip)} gzipped), javascript ${size(totals.js)} (${size(totals.jsGzip)} gzipped) in all`);
  lines.push(`  stages: ${Object.entries(report.stages).map(([stage, ms]) => `${stage} ${formatMs(ms)}`).join(', ')}`);
  return `${lines.join('\n')}\n`;
}

function bySection(pages: readonly PageReport[]): (PageReport & { count: number })[] {
  const sections = new Map<string, PageReport & { count: number }>();
  for (const page of pages) {
    const parts = page.route.split('/');
    const route = parts.length > 2 ? `/${parts[1]}/*` : page.route;
    const section = sections.get(route) ?? { route, html: 0, htmlGzip: 0, js: 0, jsGzip: 0, count: 0 };
    section.html += page.html;
    section.htmlGzip += page.htmlGzip;
    section.js += page.js;
    section.jsGzip += page.jsGzip;
    section.count += 1;
    sections.set(route, section);
  }
  return [...sections.values()];
}

function byteLength(content: string | Uint8Array): number {
  return typeof content === 'string' ? Buffer.byteLength(content) : content.byteLength;
}

const size = (bytes: number) => (bytes === 0 ? '-' : formatBytes(bytes));

/**
 * Pages are React components rendered by React's renderToStaticMarkup; the
 * islands are Preact, and the browser gets Preact only. Proven on the real
 * build and on the real bundles, not by reading our own configuration.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../support/cli';
import { siteDir } from '../support/site';

const pageFiles = () =>
  readdirSync(siteDir(), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));

describe('pages and layout', () => {
  it('are rendered by React: every page is written as React writes a document, and the templates run on React', async () => {
    // The 54 pages and the 2 left at redirected paths.
    expect(pageFiles()).toHaveLength(56);
    for (const file of pageFiles()) {
      // React's spelling of the charset attribute and its self-closed void elements; Preact's renderer writes `charset`.
      expect(readFileSync(join(siteDir(), file), 'utf8'), file).toMatch(
        /^<!DOCTYPE html><html lang="en-GB"><head><meta charSet="utf-8"\/><meta name="viewport"/,
      );
    }
    // The templates as the build compiles them: each component's JSX is React's, and only Island.tsx reaches for Preact.
    const { metafile } = await build({
      entryPoints: [join(projectRoot, 'templates', 'index.ts')],
      absWorkingDir: projectRoot,
      bundle: true,
      write: false,
      metafile: true,
      outdir: '/unused',
      platform: 'node',
      format: 'esm',
      jsx: 'automatic',
      jsxImportSource: 'react',
      packages: 'external',
      logLevel: 'silent',
    });
    const templates = Object.entries(metafile.inputs).filter(
      ([input]) => input.startsWith('templates/') && input.endsWith('.tsx'),
    );
    expect(templates.length).toBeGreaterThan(30);
    for (const [input, { imports }] of templates) {
      const packages = imports.filter((item) => item.external).map((item) => item.path);
      expect(packages, input).toContain('react/jsx-runtime');
      expect(
        packages.filter((path) => path.startsWith('preact')),
        input,
      ).toEqual(input === 'templates/components/Island.tsx' ? ['preact', 'preact-render-to-string'] : []);
    }
    const islands = Object.entries(metafile.inputs).filter(([input]) => input.startsWith('islands/'));
    for (const [input, { imports }] of islands)
      expect(
        imports.filter((item) => /^react/.test(item.path)),
        input,
      ).toEqual([]);
  });

  it("hold exactly the image preloads React makes for each page's one high-priority image, in <head>, once, and none in <main>", () => {
    let withPreload = 0;
    for (const file of pageFiles()) {
      const $ = cheerio.load(readFileSync(join(siteDir(), file), 'utf8'));
      const priority = $('body img[fetchpriority="high"]');
      const preloads = $('link[rel="preload"]');
      expect($('body link').length, file).toBe(0);
      expect(priority.length, file).toBeLessThanOrEqual(1);
      expect(preloads.length, file).toBe(priority.length);
      if (priority.length) {
        withPreload += 1;
        expect(preloads.parent().is('head'), file).toBe(true);
        expect(preloads.attr('as'), file).toBe('image');
        expect(preloads.attr('imagesrcset'), file).toBe(priority.attr('srcset'));
        expect(preloads.attr('imagesizes'), file).toBe(priority.attr('sizes'));
      }
    }
    // The blog and its six category pages, the case studies, each article, service page and trade page open with a photo;
    // the about and careers pages' story photo sits beside their first words.
    expect(withPreload).toBe(1 + 6 + 1 + 6 + 5 + 27 + 2);
  });
});

describe('the stylesheet', () => {
  it('is asked for before any script, on every page: the one file that holds up the first paint', () => {
    let styled = 0;
    for (const file of pageFiles()) {
      const html = readFileSync(join(siteDir(), file), 'utf8');
      const stylesheet = html.indexOf('<link rel="stylesheet"');
      // The 2 pages left at redirected paths, which only send the visitor on, have none.
      if (stylesheet === -1) continue;
      styled += 1;
      const firstScript = html.search(/<link rel="modulepreload"|<script type="module"/);
      if (firstScript !== -1) expect(stylesheet, file).toBeLessThan(firstScript);
    }
    expect(styled).toBe(54);
  });
});

describe('the browser', () => {
  it('gets no React: the islands import none, and no script of the built site holds any', async () => {
    const islands = join(projectRoot, 'islands');
    const entries = readdirSync(islands, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => join(islands, file));
    const { metafile } = await build({
      entryPoints: entries,
      bundle: true,
      write: false,
      metafile: true,
      outdir: '/unused',
      jsx: 'automatic',
      jsxImportSource: 'preact',
      logLevel: 'silent',
    });
    const inputs = Object.keys(metafile.inputs);
    expect(inputs.some((input) => input.includes('node_modules/preact/'))).toBe(true);
    expect(inputs.filter((input) => /node_modules\/(react|react-dom|scheduler)\//.test(input))).toEqual([]);

    const assets = join(siteDir(), 'assets');
    const scripts = readdirSync(assets).filter((file) => file.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(3);
    for (const script of scripts) {
      // Markers every build of React carries: its element type's symbol and its internals' name.
      expect(readFileSync(join(assets, script), 'utf8'), script).not.toMatch(
        /react\.transitional\.element|react\.element|__CLIENT_INTERNALS_DO_NOT_USE|react-dom/,
      );
    }
  });
});

/**
 * /admin in production: with CMS_REPO set, the real build writes the editor
 * for Decap's GitHub backend, noindex, out of the sitemap, under a CSP of its
 * own that leaves every other page's as it was; `sitegen check` passes with
 * it built. Without CMS_REPO there is no /admin. And a file as Decap's own
 * YAML writer writes it (quotes dropped, a folded line, an unquoted date)
 * builds.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSite } from '../../src/check/check-site';
import { formatSummary } from '../../src/check/report';
import { headersFor, parseHeadersFile } from '../../src/server/headers-file';
import { listFiles } from '../../src/list-files';
import { copyProject, writeSettled, type ProjectCopy } from '../support/project-copy';
import { siteDir } from '../support/site';
import { writePhoto } from '../support/test-images';

/** An article exactly as Decap CMS's default format saved it, before the editor wrote files in formats of its own. */
const decapArticle = `---
title: Van Signs That Win Work
slug: van-signs
excerpt: What to put on your van so that people call you.
description: "What to put on a tradesperson's van so that the people who see it
  call you: name, trade, phone number."
keywords:
  - van signs
author: James Thompson
date: 2026-01-27
draft: false
readTime: 7
category: SEO
featured: false
image: images/van-signs.jpg
imageAlt: A white van with the firm's name and phone number on its side
---
Your van is seen by more people than your website.
`;

let project: ProjectCopy;
let out: string;
let built: { code: number; stdout: string; stderr: string };
const cms = { CMS_REPO: 'agency/website', CMS_BRANCH: 'main', CMS_AUTH_URL: 'https://oauth.example.com/auth' };

beforeAll(async () => {
  project = await copyProject();
  out = join(project.dir, 'dist');
  await writeSettled(join(project.dir, 'content/blog/van-signs.md'), decapArticle);
  const draft = decapArticle.replace('slug: van-signs', 'slug: van-signs-draft').replace('draft: false', 'draft: true');
  await writeSettled(join(project.dir, 'content/blog/van-signs-draft.md'), draft);
  await writePhoto(join(project.dir, 'content/images/van-signs.jpg'), { width: 2400, height: 1350 });
  // Decap writes JSON with two spaces and numbers as JavaScript prints them.
  const site = join(project.dir, 'content/site.json');
  await writeSettled(site, `${JSON.stringify(JSON.parse(await readFile(site, 'utf8')), null, 2)}\n`);
  // A job to be posted in years to come: the role is not announced yet.
  const jobsFile = join(project.dir, 'content/jobs.json');
  const jobs = JSON.parse(await readFile(jobsFile, 'utf8')) as { jobs: { id: string; title: string }[] };
  const waiting = { ...jobs.jobs[0]!, id: 'unannounced-role', title: 'Unannounced Role', datePosted: '2099-01-01' };
  await writeSettled(
    jobsFile,
    JSON.stringify({ ...jobs, jobs: [...jobs.jobs, { ...waiting, validThrough: '2099-02-01' }] }),
  );
  built = await project.buildHere({ env: cms });
}, 120_000);
afterAll(async () => {
  await project?.remove();
});

const headerRules = (dir: string) => parseHeadersFile(readFileSync(join(dir, '_headers'), 'utf8'));

describe('a build with CMS_REPO', () => {
  it('builds the files Decap wrote, and the editor at /admin for the GitHub backend', async () => {
    expect(built.stderr).toBe('');
    expect(built.code).toBe(0);
    expect(existsSync(join(out, 'blog/van-signs.html'))).toBe(true);
    const $ = cheerio.load(await readFile(join(out, 'admin/index.html'), 'utf8'));
    expect($('meta[name="robots"]').attr('content')).toBe('noindex');
    expect($('title').text()).toBe('Content editor · TradeBoost Digital');
    const settings = JSON.parse($('#sitegen-editor').text()) as Record<string, unknown>;
    expect(settings).toEqual({
      backend: { name: 'github', repo: 'agency/website', branch: 'main', authUrl: 'https://oauth.example.com/auth' },
      decap: '/admin/decap-cms-3.16.3/decap-cms.js',
      content: '/admin/content.json',
    });
    const script = $('script[type="module"]').attr('src')!;
    expect(script).toMatch(/^\/admin\/editor-[0-9a-f]{10}\.js$/);
    expect(existsSync(join(out, script))).toBe(true);
    // Decap's script and every part it loads by name from beside it.
    const decap = readdirSync(join(out, 'admin/decap-cms-3.16.3'));
    expect(decap).toContain('decap-cms.js');
    expect(decap.filter((name) => /^\d+\.decap-cms\.js$/.test(name)).length).toBeGreaterThan(10);
    const content = JSON.parse(await readFile(join(out, 'admin/content.json'), 'utf8')) as {
      dir: string;
      articles: { slug: string }[];
    };
    expect(content.dir).toBe('content');
    // Anyone may read it: a draft stays in the repository until it goes live.
    const slugs = content.articles.map((article) => article.slug);
    expect(slugs).toContain('van-signs');
    expect(slugs).not.toContain('van-signs-draft');
    // Nor does a job not yet posted, which the careers page leaves out too.
    const jobs = (content as unknown as { json: Record<string, { jobs: { id: string }[] }> }).json['jobs.json']!.jobs;
    expect(jobs.length).toBeGreaterThan(0);
    expect(jobs.map((job) => job.id)).not.toContain('unannounced-role');
    expect(await readFile(join(out, 'careers.html'), 'utf8')).not.toContain('Unannounced Role');
  });

  it('keeps /admin out of the sitemap and of every public page', async () => {
    const sitemap = await readFile(join(out, 'sitemap.xml'), 'utf8');
    expect(sitemap).not.toContain('/admin');
    const pages = listFiles(out).filter((file) => file.endsWith('.html') && !file.startsWith('admin/'));
    expect(pages.length).toBeGreaterThan(50);
    // No page links to it or loads from it (the speculation rules name it, to leave it alone).
    for (const page of pages) expect(await readFile(join(out, page), 'utf8')).not.toMatch(/(?:href|src)="\/admin/);
  });

  it("gives /admin a CSP of its own, and leaves every other page's as it is", () => {
    const rules = headerRules(out);
    const siteRules = headerRules(siteDir());
    for (const path of ['/', '/about', '/blog/van-signs', '/assets/styles.css'])
      expect(headersFor(rules, path)).toEqual(headersFor(siteRules, path));
    const admin = headersFor(rules, '/admin/');
    expect(admin['X-Robots-Tag']).toBe('noindex');
    const csp = admin['Content-Security-Policy']!;
    expect(csp).toContain("script-src 'self' 'unsafe-eval';");
    expect(csp).toContain("connect-src 'self' blob: https://api.github.com https://oauth.example.com;");
    expect(headersFor(rules, '/admin')['Content-Security-Policy']).toBe(csp);
    // Decap's sign-in window hands the token back to its opener: the site's same-origin would cut that link.
    expect(headersFor(rules, '/')['Cross-Origin-Opener-Policy']).toBe('same-origin');
    for (const path of ['/admin', '/admin/'])
      expect(headersFor(rules, path)['Cross-Origin-Opener-Policy'], path).toBe('same-origin-allow-popups');
    expect(headersFor(rules, '/admin/decap-cms-3.16.3/decap-cms.js')['Cache-Control']).toBe(
      'public, max-age=31536000, immutable',
    );
  });

  it('passes sitegen check, which leaves /admin out of the public pages', async () => {
    // The gates in this process (the command's own output and exit codes are check-command.test.ts's), summed up as it prints them.
    const results = await checkSite({ root: project.dir, dir: out, only: ['links', 'seo', 'budgets'] });
    expect(formatSummary(results)).toMatch(/seo\s+pass\s+54 pages, sitemap\.xml \(54 URLs\)/);
    expect(results.map((result) => [result.gate, result.passed])).toEqual([
      ['links', true],
      ['seo', true],
      ['budgets', true],
    ]);
  }, 120_000);
});

describe('a build without CMS_REPO', () => {
  it('writes no /admin, and no rule for it', () => {
    expect(existsSync(join(siteDir(), 'admin'))).toBe(false);
    expect(readFileSync(join(siteDir(), '_headers'), 'utf8')).not.toContain('/admin');
  });

  it('refuses a CMS_BRANCH without a repository, naming it', async () => {
    // Taken out after: the project's other cases (sitegen check plans the site) read its .env too.
    const env = join(project.dir, '.env');
    await writeFile(env, 'CMS_BRANCH=main\n');
    try {
      const result = await project.buildHere();
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('CMS_BRANCH is set but CMS_REPO is not');
    } finally {
      await rm(env);
    }
  });
});

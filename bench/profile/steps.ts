/**
 * bench:profile's measuring process (bench/profile.js bundles it): takes
 * every article through a build's steps, timing each, three times over,
 * and prints the microseconds per article of each step, per pass, as JSON.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { compileTemplates } from '../../src/assets/compile-templates';
import { planSettings, resolveConfig } from '../../src/config';
import { parseFrontMatter } from '../../src/content/front-matter';
import { renderMarkdown } from '../../src/content/markdown';
import { MarkdownReader } from '../../src/content/markdown-reader';
import { readText } from '../../src/content/read-content';
import { validate } from '../../src/content/validate';
import { articleFrontMatterSchema } from '../../src/content/schemas';
import { articleOf } from '../../src/content/site-model';
import { readSite } from '../../src/images/model-images';
import { FolderWriter } from '../../src/output/folder-writer';
import { planSite } from '../../src/plan/plan-site';
import { createPageRenderer } from '../../src/render/render-page';
import { articleRoute, articleRouteContext, createLayout } from '../../src/routes';

const [root, work] = process.argv.slice(2) as [string, string];
// Everything this file imports has loaded by now.
const startMs = performance.now();
const config = resolveConfig({ root });
const templates = await compileTemplates(config);
const { content, catalog } = await readSite({ contentDir: config.contentDir, projectRoot: root });
const publishing = { today: '9999-12-31', drafts: false };
const data = planSite({ content, images: catalog.descriptors, settings: planSettings(config) }, publishing).model;
const setupMs = performance.now() - startMs;

const dir = join(work, 'articles');
const paths = readdirSync(dir)
  .sort()
  .map((name) => join(dir, name));
const context = articleRouteContext(data, { publishing, images: new Map() });
const render = createPageRenderer(templates.module, createLayout(data), {
  stylesheet: '/assets/styles.css',
  scriptsFor: () => ({ modules: [], preloads: [] }),
});
// The content index a first build leaves: every article's front matter and rendered body kept.
const source = { contentDir: work, projectRoot: work, index: { dir: join(work, 'cache'), generator: 'bench' } };
const first = MarkdownReader.open(source);
const keys = paths.map((path) => first.scan(path, articleFrontMatterSchema).body.key);
first.index.save(work, 'bench', keys, first.learnt);
first.close();
const indexed = MarkdownReader.open(source);
const writer = new FolderWriter(join(work, 'out'));

const passes: Record<string, number>[] = [];
for (let pass = 0; pass < 3; pass += 1) {
  const totals: Record<string, number> = {};
  const timed = <T>(step: string, work: () => T): T => {
    const start = performance.now();
    const value = work();
    totals[step] = (totals[step] ?? 0) + (performance.now() - start);
    return value;
  };
  for (const path of paths) {
    const file = `content/blog/${path.slice(dir.length + 1)}`;
    const source = timed('read', () => readText(path, file));
    const split = timed('front matter', () => parseFrontMatter(source));
    if (!split.ok) throw new Error(`${file}: ${split.problem}`);
    const frontMatter = timed('validate', () => validate(file, articleFrontMatterSchema, split.data, 'front matter: '));
    const rendered = timed('markdown', () => renderMarkdown(split.body));
    // What a build does instead of the four steps above when the content index vouches for the file.
    const scanned = timed('index lookup', () => indexed.scan(path, articleFrontMatterSchema));
    const html = timed('kept body', () => indexed.bodyHtml(scanned.body));
    if (html !== rendered.html) throw new Error(`${file}: the kept body is not what marked renders`);
    const route = timed('route', () => articleRoute(articleOf(frontMatter, file, scanned.body), context)!);
    const page = timed('react', () => render(route, html));
    timed('write', () => writer.write(route.file, page.html));
  }
  passes.push(Object.fromEntries(Object.entries(totals).map(([step, ms]) => [step, (ms * 1000) / paths.length])));
}
process.stdout.write(JSON.stringify({ startMs, setupMs, passes }));

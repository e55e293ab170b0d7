/**
 * npm run bench:scale: sitegen against the generators people would pick
 * instead, side by side in one run. For each N (250, 1000, 4000 articles of
 * about 1,000 words, deterministic from a seed), the same Markdown is built by
 * sitegen (the whole site: every article through the real article template,
 * the paginated blog index, the sitemap), by Eleventy 3 and, when `hugo` is on
 * the PATH, by Hugo, each with a small layout. Runs alternate between the
 * generators, each once the last one's writes are on disk (settleDisk); the
 * table shows medians of wall time and peak memory.
 *
 * sitegen is measured twice: as builds run one after another (its asset
 * cache holds the stylesheet, bundles and templates of the last build, as
 * their code has not changed), and with that cache emptied before each run
 * (Tailwind and esbuild run every time). Then `sitegen build --incremental`
 * with nothing changed, against a whole build.
 *
 *   npm run bench:scale [-- --sizes 250,1000,4000 --runs 7 --json report.json]
 */
import { spawnSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { writeArticles } from './scale/articles.js';
import { measure, median, verdict } from './measure.js';

const { values: args } = parseArgs({
  options: { sizes: { type: 'string', default: '250,1000,4000' }, runs: { type: 'string', default: '7' }, json: { type: 'string' } },
});
const sizes = args.sizes.split(',').map(Number);
const runs = Number(args.runs);
const root = fileURLToPath(new URL('..', import.meta.url));
const hugo = spawnSync('hugo', ['version'], { encoding: 'utf8' });
const hugoVersion = hugo.status === 0 ? hugo.stdout.trim().split(' ').slice(0, 2).join(' ') : undefined;

async function prepare(work, n) {
  const articles = join(work, 'articles');
  await writeArticles(articles, n, 7);
  const files = await readdir(articles);

  // sitegen: the whole site, its own content plus the N articles.
  const content = join(work, 'sitegen-content');
  await cp(join(root, 'content'), content, { recursive: true });
  await Promise.all(files.map((file) => cp(join(articles, file), join(content, 'blog', file))));

  // Eleventy: the articles with a small Nunjucks layout.
  const eleventy = join(work, 'eleventy');
  await mkdir(join(eleventy, 'src', '_includes'), { recursive: true });
  await cp(articles, join(eleventy, 'src', 'blog'), { recursive: true });
  await writeFile(join(eleventy, 'src', '_includes', 'article.njk'), '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{{ title }}</title><meta name="description" content="{{ description }}"></head><body><main><h1>{{ title }}</h1>{{ content | safe }}</main></body></html>\n');
  await writeFile(join(eleventy, 'src', 'blog', 'blog.11tydata.json'), JSON.stringify({ layout: 'article.njk', permalink: 'blog/{{ slug }}/index.html' }));
  await writeFile(join(eleventy, 'eleventy.config.mjs'), 'export default function () { return { dir: { input: "src", output: "out" } }; }\n');

  // Hugo: the same articles with a small layout.
  const hugoSite = join(work, 'hugo');
  await mkdir(join(hugoSite, 'layouts', '_default'), { recursive: true });
  await cp(articles, join(hugoSite, 'content', 'blog'), { recursive: true });
  await writeFile(join(hugoSite, 'hugo.toml'), 'baseURL = "https://example.co.uk/"\ndisableKinds = ["taxonomy", "term", "RSS"]\n');
  await writeFile(join(hugoSite, 'layouts', '_default', 'single.html'), '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title><meta name="description" content="{{ .Description }}"></head><body><main><h1>{{ .Title }}</h1>{{ .Content }}</main></body></html>\n');
  await writeFile(join(hugoSite, 'layouts', '_default', 'list.html'), '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title></head><body><ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul></body></html>\n');

  const sitegen = (...args) => measure(process.execPath, [join(root, 'bin', 'sitegen.js'), 'build', '--quiet', '--content', content, ...args], { cwd: root, env: { ...process.env, SUPABASE_URL: '' } });
  const generators = {
    sitegen: () => sitegen('--out', join(work, 'sitegen-out')),
    'sitegen, no asset cache': async () => {
      await rm(assetCache, { force: true });
      return sitegen('--out', join(work, 'sitegen-out'));
    },
    eleventy: () => measure(process.execPath, [join(root, 'node_modules', '@11ty', 'eleventy', 'cmd.cjs'), '--quiet', '--config=eleventy.config.mjs'], { cwd: eleventy }),
  };
  if (hugoVersion) generators.hugo = () => measure('hugo', ['--quiet', '-s', hugoSite, '-d', join(work, 'hugo-out')]);
  return { generators, incremental: () => sitegen('--incremental', '--out', join(work, 'sitegen-incremental')) };
}

/**
 * Before each measured run, the pages the last one wrote are flushed to disk:
 * otherwise the kernel writes them back while the next generator runs, on the
 * same two cores, and each run is slowed by whichever ran before it (sitegen's
 * runs at 4,000 articles spread from 0.97 to 1.30 s that way; with this, from
 * 0.96 to 1.13 s).
 */
function settleDisk() {
  spawnSync('sync');
}

/** The asset cache (src/assets/asset-cache.ts) of the project the benchmark runs in. */
const assetCache = join(root, '.sitegen', 'assets.json');

const results = [];
const work = await mkdtemp(join(tmpdir(), 'sitegen-scale-'));
try {
  for (const n of sizes) {
    const dir = join(work, String(n));
    const { generators, incremental } = await prepare(dir, n);
    const names = Object.keys(generators);
    const samples = Object.fromEntries(names.map((name) => [name, []]));
    // One unmeasured run each warms the disk cache; then the generators take turns, starting with a different one each round.
    for (const name of names) await generators[name]();
    for (let run = 0; run < runs; run += 1) {
      for (let turn = 0; turn < names.length; turn += 1) {
        const name = names[(run + turn) % names.length];
        settleDisk();
        samples[name].push(await generators[name]());
      }
    }
    const row = { n, generators: {} };
    for (const name of names) row.generators[name] = { ms: median(samples[name].map((s) => s.ms)), mb: median(samples[name].map((s) => s.mb)), runs: samples[name].map((s) => Math.round(s.ms)) };
    // The first incremental build makes the manifest; the ones after it find nothing changed.
    await incremental();
    const upToDate = [];
    for (let run = 0; run < runs; run += 1) {
      settleDisk();
      upToDate.push(await incremental());
    }
    row.incrementalUpToDate = { ms: median(upToDate.map((s) => s.ms)), runs: upToDate.map((s) => Math.round(s.ms)) };
    results.push(row);
    process.stderr.write(`  N=${n}: ${names.map((name) => `${name} ${(row.generators[name].ms / 1000).toFixed(2)} s`).join(', ')}\n`);
    await rm(dir, { recursive: true, force: true });
  }
} finally {
  await rm(work, { recursive: true, force: true });
}

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const ratio = (a, b) => (a && b ? (a / b).toFixed(2) : '-');
const versions = {
  node: process.version,
  sitegen: JSON.parse(await import('node:fs').then((fs) => fs.readFileSync(join(root, 'package.json'), 'utf8'))).version,
  eleventy: JSON.parse(await import('node:fs').then((fs) => fs.readFileSync(join(root, 'node_modules/@11ty/eleventy/package.json'), 'utf8'))).version,
  hugo: hugoVersion ?? 'not installed',
};
console.log(`build time at scale, ${runs} runs each, median (${new Date().toISOString().slice(0, 10)}; node ${versions.node}, eleventy ${versions.eleventy}, ${versions.hugo})`);
console.log('');
console.log('| N | sitegen | sitegen, no asset cache | Eleventy | Hugo | sitegen ÷ Eleventy | sitegen ÷ Hugo | sitegen memory | Eleventy memory | Hugo memory | --incremental, nothing changed |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
for (const { n, generators: g, incrementalUpToDate: up } of results) {
  const noCache = g['sitegen, no asset cache'];
  console.log(
    `| ${n} | ${seconds(g.sitegen.ms)} | ${seconds(noCache.ms)} | ${seconds(g.eleventy.ms)} | ${g.hugo ? seconds(g.hugo.ms) : '-'} | ${ratio(g.sitegen.ms, g.eleventy.ms)} | ${ratio(g.sitegen.ms, g.hugo?.ms)} | ${g.sitegen.mb.toFixed(0)} MB | ${g.eleventy.mb.toFixed(0)} MB | ${g.hugo ? `${g.hugo.mb.toFixed(0)} MB` : '-'} | ${seconds(up.ms)} (${ratio(up.ms, g.sitegen.ms)} of a build) |`,
  );
}
const largest = results.find((row) => row.n === 4000);
const smallest = results.find((row) => row.n === 250);
console.log('');
if (largest) {
  const g = largest.generators;
  console.log(`targets at N = 4000: ÷ Eleventy ${ratio(g.sitegen.ms, g.eleventy.ms)} (≤ 0.35) ${verdict(g.sitegen.ms <= 0.35 * g.eleventy.ms)}; ÷ Hugo ${ratio(g.sitegen.ms, g.hugo?.ms)} (≤ 0.5) ${g.hugo ? verdict(g.sitegen.ms <= 0.5 * g.hugo.ms) : 'hugo not installed'}; memory ${g.sitegen.mb.toFixed(0)} MB (< 400) ${verdict(g.sitegen.mb < 400)}`);
  const up = largest.incrementalUpToDate.ms / g.sitegen.ms;
  console.log(`incremental, nothing changed: ${(up * 100).toFixed(0)}% of a whole build (< 15%) ${verdict(up < 0.15)}`);
}
if (largest && smallest) {
  const growth = largest.generators.sitegen.ms / smallest.generators.sitegen.ms;
  console.log(`linear growth: 4000 takes ${growth.toFixed(1)}× as long as 250 (≤ 18) ${verdict(growth <= 18)}`);
}
if (args.json) await writeFile(args.json, `${JSON.stringify({ date: new Date().toISOString(), versions, runs, results }, null, 2)}\n`);

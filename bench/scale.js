/**
 * npm run bench:scale: sitegen against the generators people would pick
 * instead, side by side in one run. For each N (250, 1000, 4000 articles of
 * about 1,000 words, deterministic from a seed), the same Markdown is built by
 * sitegen (the whole site: every article through the real article template,
 * the paginated blog index, the sitemap), by Eleventy 3, by Astro 7 (static
 * output, a content collection rendered through a small React layout) and,
 * when `hugo` is on the PATH, by Hugo, each with a small layout. Runs
 * alternate between the generators, each once the last one's writes are on
 * disk (settleDisk); the table shows medians of wall time and peak memory.
 *
 * Astro is installed for the run from bench/astro/ (its own packages, apart
 * from the project's) and runs on this Node when it is one Astro takes
 * (22.12 or later), otherwise on the Node binary that install brings
 * (bench/astro-site.js); where neither can be had, it is left out and the
 * report says why.
 *
 * sitegen runs in a scratch copy of the project (bench/project.js) and is
 * measured three ways:
 * - as builds run one after another: its working files (.sitegen/: the
 *   content index, the asset cache) are the last build's;
 * - with .sitegen/ removed before each run but for the images made (each
 *   article's social card, which neither Eleventy nor Hugo draws), the output
 *   folder kept, as Eleventy and Hugo keep theirs: every article is read,
 *   parsed and rendered by marked, and Tailwind and esbuild run;
 * - a first build: .sitegen/ removed, every card drawn, the output folder
 *   empty.
 * Then `sitegen build --incremental` with nothing changed, and after one
 * article's body is edited (a different article each run), against a whole
 * build.
 *
 *   npm run bench:scale [-- --sizes 250,1000,4000 --runs 7 --json report.json]
 */
import { spawnSync } from 'node:child_process';
import { appendFile, cp, mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { writeArticles } from './scale/articles.js';
import { astroSite, installAstro } from './astro-site.js';
import { measure, median, verdict } from './measure.js';
import { benchProject, root } from './project.js';

const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string', default: '250,1000,4000' },
    runs: { type: 'string', default: '7' },
    json: { type: 'string' },
  },
});
const sizes = args.sizes.split(',').map(Number);
const runs = Number(args.runs);
const hugo = spawnSync('hugo', ['version'], { encoding: 'utf8' });
const hugoVersion = hugo.status === 0 ? hugo.stdout.trim().split(' ').slice(0, 2).join(' ') : undefined;

async function prepare(work, n, astro) {
  const articles = join(work, 'articles');
  const slugs = await writeArticles(articles, n, 7);
  const files = await readdir(articles);
  // Written a minute ago, as a site's articles would have been.
  const aMinuteAgo = new Date(Date.now() - 60_000);
  await Promise.all(files.map((file) => utimes(join(articles, file), aMinuteAgo, aMinuteAgo)));

  // sitegen: the whole site, its own content plus the N articles, in a project of its own.
  const project = await benchProject(join(work, 'sitegen'));
  await Promise.all(
    files.map((file) => cp(join(articles, file), join(project.content, 'blog', file), { preserveTimestamps: true })),
  );

  // Eleventy: the articles with a small Nunjucks layout.
  const eleventy = join(work, 'eleventy');
  await mkdir(join(eleventy, 'src', '_includes'), { recursive: true });
  await cp(articles, join(eleventy, 'src', 'blog'), { recursive: true });
  await writeFile(
    join(eleventy, 'src', '_includes', 'article.njk'),
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{{ title }}</title><meta name="description" content="{{ description }}"></head><body><main><h1>{{ title }}</h1>{{ content | safe }}</main></body></html>\n',
  );
  await writeFile(
    join(eleventy, 'src', 'blog', 'blog.11tydata.json'),
    JSON.stringify({ layout: 'article.njk', permalink: 'blog/{{ slug }}/index.html' }),
  );
  await writeFile(
    join(eleventy, 'eleventy.config.mjs'),
    'export default function () { return { dir: { input: "src", output: "out" } }; }\n',
  );

  // Hugo: the same articles with a small layout.
  const hugoSite = join(work, 'hugo');
  await mkdir(join(hugoSite, 'layouts', '_default'), { recursive: true });
  await cp(articles, join(hugoSite, 'content', 'blog'), { recursive: true });
  await writeFile(
    join(hugoSite, 'hugo.toml'),
    'baseURL = "https://example.co.uk/"\ndisableKinds = ["taxonomy", "term", "RSS"]\n',
  );
  await writeFile(
    join(hugoSite, 'layouts', '_default', 'single.html'),
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title><meta name="description" content="{{ .Description }}"></head><body><main><h1>{{ .Title }}</h1>{{ .Content }}</main></body></html>\n',
  );
  await writeFile(
    join(hugoSite, 'layouts', '_default', 'list.html'),
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title></head><body><ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul></body></html>\n',
  );

  const out = join(work, 'sitegen-out');
  const build = (...more) => project.sitegen(['build', '--quiet', '--out', out, ...more]);
  const generators = {
    sitegen: () => build(),
    'sitegen without .sitegen/': async () => {
      await project.forget({ keepImages: true });
      return build();
    },
    eleventy: () =>
      measure(
        process.execPath,
        [join(root, 'node_modules', '@11ty', 'eleventy', 'cmd.cjs'), '--quiet', '--config=eleventy.config.mjs'],
        { cwd: eleventy },
      ),
  };
  if (hugoVersion) generators.hugo = () => measure('hugo', ['--quiet', '-s', hugoSite, '-d', join(work, 'hugo-out')]);
  if (astro.node) generators.astro = await astroSite(join(work, 'astro'), articles, astro);

  const incrementalOut = join(work, 'sitegen-incremental');
  let edits = 0;
  return {
    generators,
    /** A first build: nothing kept, and an empty output folder. */
    firstBuild: async () => {
      await Promise.all([
        project.forget(),
        rm(out, { recursive: true, force: true }),
        rm(`${out}.previous`, { recursive: true, force: true }),
      ]);
      return build();
    },
    incremental: () => project.sitegen(['build', '--quiet', '--incremental', '--out', incrementalOut]),
    /** One article's body edited, a different one each time. */
    editOne: () =>
      appendFile(
        join(project.content, 'blog', `${slugs[(edits++ * 97) % slugs.length]}.md`),
        `\nA sentence added by the benchmark, edit ${edits}.\n`,
      ),
  };
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

async function timed(times, run) {
  const samples = [];
  for (let index = 0; index < times; index += 1) {
    settleDisk();
    samples.push(await run());
  }
  return {
    ms: median(samples.map((s) => s.ms)),
    mb: median(samples.map((s) => s.mb)),
    runs: samples.map((s) => Math.round(s.ms)),
  };
}

const results = [];
const work = await mkdtemp(join(tmpdir(), 'sitegen-scale-'));
let astro;
try {
  astro = await installAstro(join(work, 'astro-packages'));
  if (!astro.node) process.stderr.write(`  Astro left out: ${astro.missing}\n`);
  for (const n of sizes) {
    const dir = join(work, String(n));
    const { generators, firstBuild, incremental, editOne } = await prepare(dir, n, astro);
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
    for (const name of names)
      row.generators[name] = {
        ms: median(samples[name].map((s) => s.ms)),
        mb: median(samples[name].map((s) => s.mb)),
        runs: samples[name].map((s) => Math.round(s.ms)),
      };
    // Each draws a card per article: fewer runs.
    row.firstBuild = await timed(Math.min(runs, 3), firstBuild);
    // The first incremental build makes the manifest; the ones after it find nothing changed, or one article edited.
    await incremental();
    row.incrementalUpToDate = await timed(runs, incremental);
    row.incrementalOneEdit = await timed(runs, async () => {
      await editOne();
      return incremental();
    });
    results.push(row);
    process.stderr.write(
      `  N=${n}: ${names.map((name) => `${name} ${(row.generators[name].ms / 1000).toFixed(2)} s`).join(', ')}, first build ${(row.firstBuild.ms / 1000).toFixed(2)} s\n`,
    );
    await rm(dir, { recursive: true, force: true });
  }
} finally {
  await rm(work, { recursive: true, force: true });
}

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const ratio = (a, b) => (a && b ? (a / b).toFixed(2) : '-');
const versionOf = (name) => JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version;
const versions = {
  node: process.version,
  react: versionOf('react'),
  marked: versionOf('marked'),
  grayMatter: versionOf('gray-matter'),
  eleventy: versionOf('@11ty/eleventy'),
  hugo: hugoVersion ?? 'not installed',
  astro: astro?.node
    ? `astro ${astro.versions.astro}, @astrojs/react ${astro.versions.react} on node ${astro.nodeVersion}`
    : `astro left out (${astro?.missing})`,
};
console.log(
  `build time at scale, ${runs} runs each, median (${new Date().toISOString().slice(0, 10)}; node ${versions.node}, react ${versions.react}, marked ${versions.marked}, gray-matter ${versions.grayMatter}; eleventy ${versions.eleventy}, ${versions.hugo}, ${versions.astro})`,
);
console.log('');
console.log(
  '| N | sitegen | without .sitegen/ | first build | Eleventy | Hugo | Astro | ÷ Eleventy | ÷ Hugo | ÷ Astro | without .sitegen/ ÷ Hugo | first build ÷ Hugo | memory | first build memory | Eleventy memory | Hugo memory | Astro memory | --incremental, nothing changed | --incremental, one article edited |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
const megabytes = (sample) => (sample ? `${sample.mb.toFixed(0)} MB` : '-');
for (const { n, generators: g, firstBuild: first, incrementalUpToDate: up, incrementalOneEdit: edit } of results) {
  const cold = g['sitegen without .sitegen/'];
  console.log(
    `| ${n} | ${seconds(g.sitegen.ms)} | ${seconds(cold.ms)} | ${seconds(first.ms)} | ${seconds(g.eleventy.ms)} | ${g.hugo ? seconds(g.hugo.ms) : '-'} | ${g.astro ? seconds(g.astro.ms) : '-'} | ${ratio(g.sitegen.ms, g.eleventy.ms)} | ${ratio(g.sitegen.ms, g.hugo?.ms)} | ${ratio(g.sitegen.ms, g.astro?.ms)} | ${ratio(cold.ms, g.hugo?.ms)} | ${ratio(first.ms, g.hugo?.ms)} | ${Math.max(g.sitegen.mb, cold.mb).toFixed(0)} MB | ${megabytes(first)} | ${megabytes(g.eleventy)} | ${megabytes(g.hugo)} | ${megabytes(g.astro)} | ${seconds(up.ms)} (${ratio(up.ms, g.sitegen.ms)}) | ${seconds(edit.ms)} (${ratio(edit.ms, g.sitegen.ms)}) |`,
  );
}
const largest = results.find((row) => row.n === 4000);
const smallest = results.find((row) => row.n === 250);
console.log('');
if (largest) {
  const g = largest.generators;
  const cold = g['sitegen without .sitegen/'];
  const peak = Math.max(g.sitegen.mb, cold.mb);
  const first = largest.firstBuild;
  console.log(`targets at N = 4000:`);
  console.log(
    `  consecutive builds ÷ Eleventy ${ratio(g.sitegen.ms, g.eleventy.ms)} (≤ 0.35) ${verdict(g.sitegen.ms <= 0.35 * g.eleventy.ms)}`,
  );
  console.log(
    `  consecutive builds ÷ Hugo ${ratio(g.sitegen.ms, g.hugo?.ms)} (≤ 0.45) ${g.hugo ? verdict(g.sitegen.ms <= 0.45 * g.hugo.ms) : 'hugo not installed'}`,
  );
  console.log(
    `  consecutive builds ÷ Astro ${ratio(g.sitegen.ms, g.astro?.ms)} (≤ 0.1) ${g.astro ? verdict(g.sitegen.ms <= 0.1 * g.astro.ms) : `astro left out (${astro.missing})`}`,
  );
  console.log(`  peak memory, consecutive and without .sitegen/ ${peak.toFixed(0)} MB (< 400) ${verdict(peak < 400)}`);
  console.log(
    `  without .sitegen/ ÷ Hugo ${ratio(cold.ms, g.hugo?.ms)} (≤ 0.85) ${g.hugo ? verdict(cold.ms <= 0.85 * g.hugo.ms) : 'hugo not installed'}`,
  );
  console.log(
    `  first build, every card drawn, ÷ Hugo ${ratio(first.ms, g.hugo?.ms)} (≤ 8) ${g.hugo ? verdict(first.ms <= 8 * g.hugo.ms) : 'hugo not installed'}`,
  );
  console.log(`  first build's peak memory ${first.mb.toFixed(0)} MB (< 500) ${verdict(first.mb < 500)}`);
  const up = largest.incrementalUpToDate.ms / g.sitegen.ms;
  console.log(`  --incremental, nothing changed: ${up.toFixed(2)} of a whole build (≤ 0.15) ${verdict(up <= 0.15)}`);
  const edit = largest.incrementalOneEdit.ms / g.sitegen.ms;
  console.log(`  --incremental, one body edited: ${edit.toFixed(2)} of a whole build (≤ 0.6) ${verdict(edit <= 0.6)}`);
}
if (largest && smallest) {
  const growth = largest.generators.sitegen.ms / smallest.generators.sitegen.ms;
  console.log(`linear growth: 4000 takes ${growth.toFixed(1)}× as long as 250 (≤ 18) ${verdict(growth <= 18)}`);
}
if (args.json)
  await writeFile(
    args.json,
    `${JSON.stringify({ date: new Date().toISOString(), versions, runs, results }, null, 2)}\n`,
  );

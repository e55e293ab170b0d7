/**
 * npm run bench:profile: where an article page's time goes on this stack.
 * Generates the scale benchmark's articles (about 1,000 words each), then,
 * in a fresh process with React's production build, takes each article
 * through the steps a build takes it through, timing each:
 *
 *   read          the file, as UTF-8 text (readText)
 *   front matter  gray-matter's split and YAML parse
 *   validate      the front matter against the article schema (valibot)
 *   markdown      the body to HTML by marked, with the link checks
 *   index lookup  what a build does instead of the four steps above when
 *                 the content index vouches for the file: a stat
 *   kept body     and instead of marked: the body's HTML read back from
 *                 its pack
 *   route         the article's route: props, <head>, JSON-LD
 *   react         the page rendered by React's renderToStaticMarkup
 *   write         the page to its file
 *
 * The first pass is a build's (every function cold); the later passes show
 * the steady state. Medians of several runs, each in a new process.
 *
 *   npm run bench:profile [-- --articles 1000 --runs 5 --json report.json]
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { build } from 'esbuild';
import { writeArticles } from './scale/articles.js';
import { median } from './measure.js';

const { values: args } = parseArgs({
  options: {
    articles: { type: 'string', default: '1000' },
    runs: { type: 'string', default: '5' },
    json: { type: 'string' },
  },
});
const count = Number(args.articles);
const runs = Number(args.runs);
const root = fileURLToPath(new URL('..', import.meta.url));
const work = await mkdtemp(join(tmpdir(), 'sitegen-profile-'));
const bundle = join(root, '.sitegen', 'bench-profile.mjs');

try {
  const written = await writeArticles(join(work, 'articles'), count, 7);
  // Written a minute ago, as a site's articles would have been: the content index trusts a file's time only once it has settled.
  const aMinuteAgo = new Date(Date.now() - 60_000);
  await Promise.all(written.map((slug) => utimes(join(work, 'articles', `${slug}.md`), aMinuteAgo, aMinuteAgo)));
  // The steps, from the generator's own source, bundled as lib/ is: the packages the CLI keeps external stay so.
  const { dependencies } = JSON.parse(
    await import('node:fs').then(({ readFileSync }) => readFileSync(join(root, 'package.json'), 'utf8')),
  );
  // The same packages as scripts/compile-cli.js bundles into lib/.
  const bundled = new Set(['commander', 'fast-glob', 'valibot']);
  await build({
    entryPoints: [join(root, 'bench', 'profile', 'steps.ts')],
    // Inside the project, so that the packages left external resolve from its node_modules.
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: Object.keys(dependencies)
      .filter((name) => !bundled.has(name))
      .flatMap((name) => [name, `${name}/*`]),
    banner: {
      js: "import { createRequire as __profileRequire } from 'node:module'; const require = __profileRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });

  const samples = [];
  for (let run = 0; run < runs; run += 1) {
    const { stdout } = await promisify(execFile)(process.execPath, [bundle, root, work], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production' },
      maxBuffer: 1 << 20,
    });
    samples.push(JSON.parse(stdout));
    await rm(join(work, 'cache'), { recursive: true, force: true });
  }

  const steps = Object.keys(samples[0].passes.at(-1));
  const cell = (pass, step) => median(samples.map((sample) => sample.passes[pass][step] ?? Number.NaN));
  const indexedSteps = new Set(['index lookup', 'kept body']);
  const readSteps = new Set(['read', 'front matter', 'validate', 'markdown']);
  const total = (pass, skip) =>
    steps.filter((step) => !skip.has(step)).reduce((sum, step) => sum + cell(pass, step), 0);
  const rows = steps.map((step) => [step, cell(0, step), cell(samples[0].passes.length - 1, step)]);
  console.log(`An article page on this stack: ${count} articles, median of ${runs} runs, µs per article`);
  console.log(
    `  start-up ${median(samples.map((sample) => sample.startMs)).toFixed(0)} ms (Node, React, marked, gray-matter, the steps), templates and site data ${median(samples.map((sample) => sample.setupMs)).toFixed(0)} ms`,
  );
  console.log('');
  console.log(`  ${'step'.padEnd(14)}${'first pass'.padStart(12)}${'steady'.padStart(10)}`);
  const µs = (value) => (Number.isNaN(value) ? '-' : value.toFixed(0));
  for (const [step, first, steady] of rows)
    console.log(`  ${step.padEnd(14)}${µs(first).padStart(12)}${µs(steady).padStart(10)}`);
  const last = samples[0].passes.length - 1;
  console.log(
    `  ${'page, read'.padEnd(14)}${total(0, indexedSteps).toFixed(0).padStart(12)}${total(last, indexedSteps).toFixed(0).padStart(10)}   (a build without the content index)`,
  );
  console.log(
    `  ${'page, indexed'.padEnd(14)}${total(0, readSteps).toFixed(0).padStart(12)}${total(last, readSteps).toFixed(0).padStart(10)}   (an unchanged file, with it)`,
  );
  if (args.json) await writeFile(args.json, JSON.stringify({ count, runs, samples }, null, 2));
} finally {
  await Promise.all([rm(work, { recursive: true, force: true }), rm(bundle, { force: true })]);
}

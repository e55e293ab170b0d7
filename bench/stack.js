/**
 * npm run bench:stack: the project's brief fixed a stack (marked, gray-matter,
 * React 19's renderToStaticMarkup) "unless you can show a better choice in
 * numbers". The generator uses markdown-wasm, a regex + js-yaml, and Preact
 * instead; this is the evidence, measured side by side on the scale
 * benchmark's synthetic articles:
 *
 * 1. Markdown → HTML of each article's body: marked (GFM) against
 *    markdown-wasm with the flags of src/content/markdown.ts.
 * 2. Front matter: gray-matter against src/content/front-matter.ts's pattern
 *    and js-yaml.
 * 3. The real article page (templates/pages/Article.tsx and the document's
 *    <head>, DocumentHead), compiled once for Preact with its JSX precompiled
 *    as the build does, and once for React, with the props src/routes.ts
 *    gives it.
 *
 * Each measurement is a fresh Node process that loads one contender and runs
 * it over every article once, as a build does: cold JIT, no warm-up. Module
 * loading is timed apart from the work. Contenders take turns, and the table
 * shows the median of several runs, because the machine is shared.
 *
 *   npm run bench:stack [-- --articles 1000 --runs 5 --seed 7 --json report.json]
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { median } from './measure.js';
import { checkEquivalence } from './stack/equivalence.js';
import { prepareInputs } from './stack/inputs.js';
import { steps } from './stack/contenders.js';
import { compileTemplates } from './stack/templates.js';

const { values: args } = parseArgs({
  options: {
    articles: { type: 'string', default: '1000' },
    runs: { type: 'string', default: '5' },
    seed: { type: 'string', default: '7' },
    json: { type: 'string' },
  },
});
const count = Number(args.articles);
const runs = Number(args.runs);
const seed = Number(args.seed);
if (!(count >= 1 && runs >= 1 && Number.isInteger(seed))) throw new Error('--articles and --runs must be at least 1, --seed an integer');

const root = fileURLToPath(new URL('..', import.meta.url));
const child = join(root, 'bench', 'stack', 'child.js');
// React picks its production build from NODE_ENV when it loads: the equivalence check in this process and every child use it.
process.env.NODE_ENV = 'production';
const run = promisify(execFile);

/** One measurement in a fresh process: { loadMs, loopMs, articles, size }. */
async function measureOnce(step, side, inputsFile, bundles) {
  const { stdout } = await run(process.execPath, [child, step, side, inputsFile, JSON.stringify(bundles)], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production' },
    maxBuffer: 1 << 20,
  });
  return JSON.parse(stdout);
}

/** A package's installed version; `parent/name` is the copy `parent` depends on (gray-matter's own js-yaml). */
function versionOf(spec) {
  const [parent, name] = spec.includes('/') ? spec.split('/') : [undefined, spec];
  const candidates = [parent && join(root, 'node_modules', parent, 'node_modules', name), join(root, 'node_modules', name)].filter(Boolean);
  for (const dir of candidates) {
    try {
      return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;
    } catch {
      // Not there: try the next place Node would look.
    }
  }
  return 'not installed';
}

const stepNames = Object.keys(steps);
const sides = ['brief', 'ours'];
const samples = Object.fromEntries(stepNames.map((step) => [step, { brief: [], ours: [] }]));
const work = await mkdtemp(join(tmpdir(), 'sitegen-stack-'));
// The template bundles import Preact and React from node_modules, so they must live inside the project: in its git-ignored working folder.
const outDir = join(root, '.sitegen', 'bench-stack', basename(work));
let checks;
try {
  process.stderr.write(`preparing ${count} articles (seed ${seed}) and compiling the templates for React and Preact…\n`);
  const { file: inputsFile, inputs } = await prepareInputs({ root, work, count, seed });
  const bundlePaths = await compileTemplates(outDir);
  const bundles = Object.fromEntries(Object.entries(bundlePaths).map(([name, path]) => [name, pathToFileURL(path).href]));

  process.stderr.write('checking that both contenders of each step produce the same result…\n');
  checks = await checkEquivalence(inputs, bundles);
  // Printed with the report; a warning is worth seeing before the long part too.
  for (const line of checks) if (line.startsWith('warning:')) process.stderr.write(`  ${line}\n`);

  // One unmeasured run of each first: it fills the disk cache and fails fast if a contender is broken.
  for (const step of stepNames) for (const side of sides) await measureOnce(step, side, inputsFile, bundles);
  for (let round = 0; round < runs; round += 1) {
    for (const step of stepNames) {
      // The two contenders alternate which goes first, so neither always follows the other's garbage.
      for (const side of round % 2 ? [...sides].reverse() : sides) samples[step][side].push(await measureOnce(step, side, inputsFile, bundles));
    }
    process.stderr.write(`  run ${round + 1} of ${runs} done\n`);
  }
} finally {
  await rm(work, { recursive: true, force: true });
  await rm(outDir, { recursive: true, force: true });
}

const perArticle = (sample) => (sample.loopMs * 1000) / sample.articles;
const results = stepNames.map((step) => {
  const row = { step, label: steps[step].label };
  for (const side of sides) {
    const list = samples[step][side];
    const sizes = new Set(list.map((sample) => sample.size));
    // Every run of a contender does the same work, so it must produce the same output size.
    if (sizes.size > 1) throw new Error(`${steps[step][side].name} produced different output sizes across runs: ${[...sizes].join(', ')}`);
    row[side] = {
      name: steps[step][side].name,
      microsecondsPerArticle: median(list.map(perArticle)),
      loadMs: median(list.map((sample) => sample.loadMs)),
      runs: list.map((sample) => Math.round(perArticle(sample) * 10) / 10),
    };
  }
  row.ratio = row.ours.microsecondsPerArticle / row.brief.microsecondsPerArticle;
  row.pairedRatios = pairedRatios(samples[step].brief.map(perArticle), samples[step].ours.map(perArticle));
  return row;
});

/**
 * Each run's ratio of the two contenders, timed one right after the other:
 * on a shared machine, load from elsewhere comes and goes between runs, and
 * a pair measured back to back shares most of it.
 */
function pairedRatios(brief, ours) {
  return brief.map((value, index) => ours[index] / value);
}

const packages = [...new Set(stepNames.flatMap((step) => sides.flatMap((side) => steps[step][side].packages))), 'esbuild'];
const versions = Object.fromEntries([['node', process.version], ...packages.map((name) => [name, versionOf(name)])]);
const date = new Date().toISOString().slice(0, 10);
const micro = (value) => `${value < 10 ? value.toFixed(1) : Math.round(value)} µs`;
const total = (side) => results.reduce((sum, row) => sum + row[side].microsecondsPerArticle, 0);
const runTotals = (side) => Array.from({ length: runs }, (_, index) => stepNames.reduce((sum, step) => sum + perArticle(samples[step][side][index]), 0));
const totalPaired = pairedRatios(runTotals('brief'), runTotals('ours'));
const paired = (ratios) => `${median(ratios).toFixed(2)} (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`;

console.log(`Stack benchmark, ${date}: ${count} articles (seed ${seed}), each contender in a fresh process over every article once, median of ${runs} runs; time per article, module loading excluded.`);
console.log('');
console.log("| Step | Brief's choice | Our choice | Ratio | Paired ratio (range) |");
console.log('|---|---|---|---|---|');
for (const row of results) {
  console.log(`| ${row.label} | ${row.brief.name} ${micro(row.brief.microsecondsPerArticle)} | ${row.ours.name} ${micro(row.ours.microsecondsPerArticle)} | ${row.ratio.toFixed(2)} | ${paired(row.pairedRatios)} |`);
}
console.log(`| All three | ${micro(total('brief'))} | ${micro(total('ours'))} | ${(total('ours') / total('brief')).toFixed(2)} | ${paired(totalPaired)} |`);
console.log('');
console.log("Ratio: our median time ÷ the brief's choice's median time; below 1, ours is faster. Paired ratio: the median (and range) of each run's ratio, the two timed back to back; steadier when the machine's load varies.");
console.log(`Module load, median: ${results.flatMap((row) => sides.map((side) => `${row[side].name} ${row[side].loadMs.toFixed(1)} ms`)).join(', ')}.`);
console.log(`Node ${versions.node}; ${packages.map((name) => `${name.replace('/', "'s ")} ${versions[name]}`).join(', ')}.`);
console.log('');
for (const line of checks) console.log(line);

if (args.json) {
  const all = { brief: total('brief'), ours: total('ours'), ratio: total('ours') / total('brief'), pairedRatios: totalPaired };
  await writeFile(args.json, `${JSON.stringify({ date: new Date().toISOString(), articles: count, seed, runs, versions, results, all, checks }, null, 2)}\n`);
}

/**
 * npm run bench, part one: builds of the real site (54 pages), run by the
 * executable itself in a scratch copy of the project (bench/project.js),
 * reported as medians:
 *
 * - cold: nothing kept (no .sitegen/, no earlier output): Tailwind and
 *   esbuild run, every Markdown file is read and rendered, every social card
 *   and rendition is made;
 * - warm: builds one after another, the content index and asset cache kept.
 *
 * Targets on a 2-core machine: cold under 0.6 s and at most twice warm, warm
 * under 0.3 s, peak memory under 150 MB.
 */
import { rm } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, verdict } from './measure.js';
import { benchProject } from './project.js';

const runs = Number(process.env.BENCH_RUNS ?? 7);
const work = await mkdtemp(join(tmpdir(), 'sitegen-bench-'));

try {
  const project = await benchProject(join(work, 'site'));
  const out = join(project.dir, 'dist');
  const build = () => project.sitegen(['build', '--quiet', '--out', out]);
  const cold = async () => {
    await Promise.all([
      project.forget(),
      rm(out, { recursive: true, force: true }),
      rm(`${out}.previous`, { recursive: true, force: true }),
    ]);
    return build();
  };
  // One unmeasured run of each first: the first start after install pays for the disk cache.
  await cold();
  await build();
  const samples = { cold: [], warm: [] };
  for (let run = 0; run < runs; run += 1) {
    samples.cold.push(await cold());
    // The cold build made the caches: the next one starts warm.
    await build();
    samples.warm.push(await build());
  }
  const medianMs = (list) => median(list.map((sample) => sample.ms));
  const [coldMs, warmMs] = [medianMs(samples.cold), medianMs(samples.warm)];
  const report = (name, list, target, met) => {
    console.log(
      `  ${name.padEnd(34)} ${medianMs(list).toFixed(0).padStart(4)} ms   target ${target}   ${verdict(met)}   (runs: ${list.map((sample) => sample.ms.toFixed(0)).join(' ')})`,
    );
  };
  console.log(`build of the site (54 pages; ${runs} runs each, median)`);
  report(
    'cold (nothing kept)',
    samples.cold,
    `< 600 ms and ≤ 2 × warm (${(coldMs / warmMs).toFixed(1)} ×)`,
    coldMs < 600 && coldMs <= 2 * warmMs,
  );
  report('warm (caches from the last build)', samples.warm, '< 300 ms', warmMs < 300);
  const peak = median([...samples.cold, ...samples.warm].map((sample) => sample.mb));
  const highest = Math.max(...[...samples.cold, ...samples.warm].map((sample) => sample.mb));
  console.log(
    `  ${'peak memory'.padEnd(34)} ${peak.toFixed(0).padStart(4)} MB   target < 150 MB   ${verdict(highest < 150)}   (highest ${highest.toFixed(0)} MB)`,
  );
} finally {
  await rm(work, { recursive: true, force: true });
}

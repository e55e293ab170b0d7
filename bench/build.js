/**
 * npm run bench: a cold build of the real site, run several times by the
 * executable itself (not through npx), reported as medians.
 * Targets on a 2-core machine: under 1 s wall, under 200 MB peak memory.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, runNode, verdict } from './measure.js';

const runs = Number(process.env.BENCH_RUNS ?? 7);
const root = fileURLToPath(new URL('..', import.meta.url));
const out = await mkdtemp(join(tmpdir(), 'sitegen-bench-'));

try {
  const samples = [];
  // One unmeasured run first: the first start after install pays for the disk cache.
  await runNode(['bin/sitegen.js', 'build', '--quiet', '--out', out], { cwd: root });
  for (let i = 0; i < runs; i += 1) samples.push(await runNode(['bin/sitegen.js', 'build', '--quiet', '--out', out], { cwd: root, env: { ...process.env, SUPABASE_URL: '' } }));
  const ms = median(samples.map((s) => s.ms));
  const mb = median(samples.map((s) => s.mb));
  console.log(`cold build of the site (${runs} runs, median)`);
  console.log(`  wall time    ${ms.toFixed(0)} ms   target < 1000 ms   ${verdict(ms < 1000)}`);
  console.log(`  peak memory  ${mb.toFixed(0)} MB    target < 200 MB    ${verdict(mb < 200)}`);
  console.log(`  runs (ms)    ${samples.map((s) => s.ms.toFixed(0)).join(' ')}`);
} finally {
  await rm(out, { recursive: true, force: true });
}

/**
 * npm run bench, part two: 1,000 lead submissions, 50 at a time, against a
 * real `sitegen preview`; then every accepted submission must be in the
 * database exactly once. Prints throughput and latency percentiles.
 *
 * All of them come from this one machine, so the rate limit is off
 * (LEAD_RATE_LIMIT=off), and so are notifications, whatever .env says: the
 * benchmark measures storing, and must never send a thousand leads to the
 * agency's real webhook or inbox.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { verdict } from './measure.js';

const total = Number(process.env.BENCH_LEADS ?? 1000);
const concurrency = 50;
const root = fileURLToPath(new URL('..', import.meta.url));
const work = await mkdtemp(join(tmpdir(), 'sitegen-load-'));
const dist = join(work, 'dist');
const leadsDir = join(work, 'leads');

const env = {
  ...process.env,
  SUPABASE_URL: '',
  SUPABASE_ANON_KEY: '',
  LEAD_RATE_LIMIT: 'off',
  LEAD_WEBHOOK_URL: '',
  RESEND_API_KEY: '',
  LEAD_EMAIL_TO: '',
  LEAD_EMAIL_FROM: '',
};
const run = (args) =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['bin/sitegen.js', ...args], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
      env,
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`sitegen ${args.join(' ')} exited with ${code}`)),
    );
  });

let server;
try {
  await run(['build', '--quiet', '--out', dist]);
  server = spawn(
    process.execPath,
    ['bin/sitegen.js', 'preview', '--port', '0', '--host', '127.0.0.1', '--dir', dist, '--leads-dir', leadsDir],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], env },
  );
  const url = await new Promise((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /(http:\/\/[^/\s]+)\//.exec(out);
      if (match) resolve(match[1]);
    });
    server.on('close', (code) => reject(new Error(`preview exited with ${code}`)));
  });

  const ids = Array.from({ length: total }, () => randomUUID());
  const latencies = [];
  let accepted = 0;
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < total) {
      const index = next++;
      const body = JSON.stringify({
        form_type: 'contact',
        submission_id: ids[index],
        name: `Load Test ${index}`,
        email: `load${index}@example.co.uk`,
        phone: '07700 900000',
        trade: 'plumber',
        business_name: 'Load Test Plumbing',
        location: 'Derby',
        budget: '500-1000',
        services_interested: ['Local SEO', 'Google Ads'],
        message: 'Benchmark submission',
        page: '/contact',
        website: '',
      });
      const sent = performance.now();
      const response = await fetch(`${url}/functions/v1/contact-form`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
      });
      const reply = await response.json();
      latencies.push(performance.now() - sent);
      if (response.ok && reply.success === true) accepted += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;

  const rows = JSON.parse(await run(['leads', '--json', '--leads-dir', leadsDir]));
  const stored = new Map();
  for (const row of rows) stored.set(row.submission_id, (stored.get(row.submission_id) ?? 0) + 1);
  const once = ids.every((id) => stored.get(id) === 1);

  latencies.sort((a, b) => a - b);
  const percentile = (p) => latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)];
  console.log(`lead submissions: ${total} at ${concurrency} at a time against sitegen preview`);
  console.log(`  accepted       ${accepted} of ${total}`);
  console.log(
    `  in database    ${rows.length} rows; every accepted submission exactly once: ${verdict(once && rows.length === accepted)}`,
  );
  console.log(`  throughput     ${(total / seconds).toFixed(0)} submissions/s`);
  console.log(
    `  latency        p50 ${percentile(50).toFixed(1)} ms, p99 ${percentile(99).toFixed(1)} ms, max ${latencies.at(-1).toFixed(1)} ms`,
  );
  if (!once || accepted !== total) process.exitCode = 1;
} finally {
  server?.kill('SIGTERM');
  await new Promise((resolve) => (server && server.exitCode === null ? server.on('close', resolve) : resolve()));
  await rm(work, { recursive: true, force: true });
}

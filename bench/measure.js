/** Timing whole commands: wall time and peak memory, as medians over several runs. */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const preload = fileURLToPath(new URL('./report-peak-memory.cjs', import.meta.url));

/** Runs `node <args>` once; returns wall milliseconds and the process's peak resident memory in MB. */
export function runNode(args, options = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['-r', preload, ...args], { stdio: ['ignore', 'ignore', 'pipe'], ...options });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - started;
      if (code !== 0) return reject(new Error(`node ${args.join(' ')} exited with ${code}:\n${stderr}`));
      const kb = Number(/bench:max-rss-kb=(\d+)/.exec(stderr)?.[1] ?? NaN);
      resolve({ ms, mb: kb / 1024 });
    });
  });
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export function verdict(ok) {
  return ok ? 'ok' : 'MISSED';
}

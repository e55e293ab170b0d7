/** Timing whole commands: wall time and peak memory, as medians over several runs. */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const gnuTime = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;

/**
 * Runs a command once; returns wall milliseconds and its peak resident memory
 * in MB (GNU time's %M, which counts a Node process's worker threads too; or,
 * without GNU time, the kernel's high-water mark sampled from /proc).
 */
export function measure(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const [program, programArgs] = gnuTime
      ? [gnuTime, ['-f', 'bench:max-rss-kb=%M', command, ...args]]
      : [command, args];
    const child = spawn(program, programArgs, { ...options, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    let sampledKb = 0;
    const sampler = gnuTime
      ? undefined
      : setInterval(() => {
          try {
            sampledKb = Math.max(
              sampledKb,
              Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0),
            );
          } catch {
            // The process has just ended.
          }
        }, 20);
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(sampler);
      const ms = performance.now() - started;
      if (code !== 0)
        return reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${stderr.slice(-2000)}`));
      const kb = gnuTime ? Number(/bench:max-rss-kb=(\d+)/.exec(stderr)?.[1]) : sampledKb;
      resolve({ ms, mb: kb / 1024 });
    });
  });
}

/** Runs `node <args>` once (see measure). */
export function runNode(args, options = {}) {
  return measure(process.execPath, args, options);
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export function verdict(ok) {
  return ok ? 'ok' : 'MISSED';
}

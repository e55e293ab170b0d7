export type Log = { stage(name: string, detail: string, ms: number): void; info(line: string): void };

export function createLog(quiet = false): Log {
  if (quiet) return { stage() {}, info() {} };
  const write = (line: string) => process.stdout.write(`${line}\n`);
  return {
    stage: (name, detail, ms) => write(`  ${name.padEnd(10)} ${detail}${ms >= 0 ? ` (${formatMs(ms)})` : ''}`),
    info: write,
  };
}

export const formatMs = (ms: number): string => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`);

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

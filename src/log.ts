export type Log = { stage(name: string, detail: string, ms: number): void; info(line: string): void };

/** `json`: standard output is the JSON report's alone, so the lines for a reader (stages, notes) go to standard error. */
export function createLog(quiet = false, json = false): Log {
  if (quiet) return { stage() {}, info() {} };
  const write = (line: string) => (json ? process.stderr : process.stdout).write(`${line}\n`);
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

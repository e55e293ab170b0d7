/**
 * Writing a file only when its content differs from what is on disk. A build
 * writes over the output before last (write-site.ts), where most pages
 * already read as they should: comparing a page costs a fraction of
 * rewriting it, and a file that did not change keeps its time, so a deploy
 * that copies by time (rsync) sends only the pages that changed.
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';

/** Returns whether the file was written. */
export function writeFileIfChanged(path: string, content: string | Uint8Array): boolean {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  const existing = statSync(path, { throwIfNoEntry: false });
  if (existing?.isFile() && existing.size === bytes.byteLength && readFileSync(path).equals(bytes)) return false;
  writeFileSync(path, bytes);
  return true;
}

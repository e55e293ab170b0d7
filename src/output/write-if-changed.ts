/**
 * Writing a file only when its content differs from what is on disk. A build
 * writes over the output before last (write-site.ts), where most pages
 * already read as they should: comparing a page costs a fraction of
 * rewriting it, and a file that did not change keeps its time, so a deploy
 * that copies by time (rsync) sends only the pages that changed.
 *
 * Pages are encoded and read into two buffers kept from one call to the
 * next: allocating two fresh ones per page (readFileSync, Buffer.from) made
 * V8 collect garbage for the external memory of a large build.
 */
import { closeSync, openSync, readSync, writeFileSync } from 'node:fs';

let encoded = Buffer.allocUnsafe(256 * 1024);
let onDisk = Buffer.allocUnsafe(256 * 1024);

/** Returns the content's size in bytes, written or already there. */
export function writeFileIfChanged(path: string, content: string | Uint8Array): number {
  const bytes = typeof content === 'string' ? encode(content) : content;
  if (!sameAsOnDisk(path, bytes)) writeFileSync(path, bytes);
  return bytes.byteLength;
}

function encode(text: string): Uint8Array {
  const length = Buffer.byteLength(text);
  if (length > encoded.length) encoded = Buffer.allocUnsafe(length * 2);
  encoded.write(text, 0, length, 'utf8');
  return encoded.subarray(0, length);
}

function sameAsOnDisk(path: string, bytes: Uint8Array): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return false;
  }
  try {
    // One byte more than expected: a longer file reads past `bytes.length`, so it cannot pass as equal.
    if (bytes.length + 1 > onDisk.length) onDisk = Buffer.allocUnsafe((bytes.length + 1) * 2);
    let read = 0;
    for (let chunk = -1; chunk !== 0 && read <= bytes.length; read += chunk) chunk = readSync(fd, onDisk, read, bytes.length + 1 - read, read);
    return read === bytes.length && onDisk.subarray(0, read).equals(bytes);
  } catch {
    return false;
  } finally {
    closeSync(fd);
  }
}

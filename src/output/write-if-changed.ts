/**
 * Writing a file only when its content differs from what is on disk. A build
 * writes over the output before last (write-site.ts), where most pages
 * already read as they should: comparing a page costs a fraction of
 * rewriting it, and a file that did not change keeps its time, so a deploy
 * that copies by time (rsync) sends only the pages that changed.
 *
 * Pages are encoded and read into two buffers kept from one call to the
 * next: allocating two fresh ones per page (readFileSync, Buffer.from) made
 * V8 collect garbage for the external memory of a large build. A page comes
 * as pieces (render-page.ts): each is encoded straight into place, and the
 * pieces every page shares are copied, already encoded.
 */
import { closeSync, openSync, readSync, writeFileSync } from 'node:fs';
import type { BodySpan, PagePiece } from '../render/render-page';

let encoded = Buffer.allocUnsafe(256 * 1024);
let onDisk = Buffer.allocUnsafe(256 * 1024);

/** Returns the content's size in bytes, written or already there. */
export function writeFileIfChanged(path: string, content: string | Uint8Array): number {
  const bytes = content instanceof Uint8Array ? content : encodePieces([content]).bytes;
  if (!sameAsOnDisk(path, bytes)) writeFileSync(path, bytes);
  return bytes.byteLength;
}

/**
 * The pieces as UTF-8, in a buffer that the next call reuses, and where the
 * piece at index `marked` lies in it, if asked.
 */
export function encodePieces(pieces: readonly PagePiece[], marked?: number): { bytes: Uint8Array; span?: BodySpan } {
  let length = 0;
  let span: BodySpan | undefined;
  for (let index = 0; index < pieces.length; index += 1) {
    const piece = pieces[index]!;
    const at = length;
    if (typeof piece === 'string') {
      // A UTF-16 code unit takes at most three bytes in UTF-8: room enough without measuring the piece first.
      reserve(length, length + piece.length * 3);
      length += encoded.write(piece, length);
    } else {
      reserve(length, length + piece.bytes.length);
      encoded.set(piece.bytes, length);
      length += piece.bytes.length;
    }
    if (index === marked) span = [at, length - at];
  }
  return { bytes: encoded.subarray(0, length), span };
}

/** Grows the encoding buffer to hold `size` bytes, keeping the first `used`. */
function reserve(used: number, size: number): void {
  if (size <= encoded.length) return;
  const larger = Buffer.allocUnsafe(size * 2);
  encoded.copy(larger, 0, 0, used);
  encoded = larger;
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
    for (let chunk = -1; chunk !== 0 && read <= bytes.length; read += chunk)
      chunk = readSync(fd, onDisk, read, bytes.length + 1 - read, read);
    return read === bytes.length && onDisk.subarray(0, read).equals(bytes);
  } catch {
    return false;
  } finally {
    closeSync(fd);
  }
}

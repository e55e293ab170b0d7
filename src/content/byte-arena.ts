/**
 * Files read one after another into shared chunks of memory, for the
 * articles of a large build (workers/article-pages.ts): the files of a batch
 * cost a few allocations between them, not one each, and their bytes stay
 * readable, never copied by the garbage collector, until the batch is dropped.
 */
import { closeSync, openSync, readSync } from 'node:fs';

export class ByteArena {
  private chunk = Buffer.allocUnsafe(arenaChunk);
  private used = 0;

  /** The bytes of a file, as a view of the arena. */
  read(path: string): Buffer {
    const fd = openSync(path, 'r');
    try {
      let start = this.used;
      for (;;) {
        if (this.used === this.chunk.length) {
          // A file that does not fit in what is left moves, with what was read of it, to a new chunk.
          const larger = Buffer.allocUnsafe(Math.max(arenaChunk, 2 * (this.used - start)));
          this.chunk.copy(larger, 0, start, this.used);
          this.chunk = larger;
          this.used -= start;
          start = 0;
        }
        const read = readSync(fd, this.chunk, this.used, this.chunk.length - this.used, null);
        if (read === 0) return this.chunk.subarray(start, this.used);
        this.used += read;
      }
    } finally {
      closeSync(fd);
    }
  }
}

/** About the size of forty articles of a thousand words. */
const arenaChunk = 256 * 1024;

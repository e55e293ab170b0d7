/**
 * Rendered bodies kept between builds, in a pack per thread: thousands of small files would cost a file system far
 * more. Keeping is a saving, never a condition of a build: a body not written or not read back is rendered again.
 */
import { closeSync, mkdirSync, openSync, readSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { unlessThrown } from '../unless-thrown';

/** Where a body's HTML's UTF-8 bytes are in its pack. */
export type BodyRef = [pack: string, offset: number, length: number];

export class BodyPacks {
  private readonly readers = new Map<string, number>();
  /** The pack this thread writes: opened with the first body, null once it cannot be written. */
  private writer?: { name: string; fd: number; offset: number } | null;

  constructor(private readonly dir: string) {}

  read([pack, offset, length]: BodyRef): string | undefined {
    return unlessThrown(() => {
      let fd = this.readers.get(pack);
      if (fd === undefined) this.readers.set(pack, (fd = openSync(join(this.dir, pack), 'r')));
      const bytes = Buffer.allocUnsafe(length);
      return readSync(fd, bytes, 0, length, offset) === length ? bytes.toString('utf8') : undefined;
    });
  }

  append(html: string): BodyRef | undefined {
    if (this.writer === null) return undefined;
    const bytes = Buffer.from(html);
    try {
      if (this.writer === undefined) {
        // Every thread of every build writes a pack of its own.
        const name = `${process.pid}-${threadId}-${Date.now().toString(36)}.pack`;
        mkdirSync(this.dir, { recursive: true });
        this.writer = { name, fd: openSync(join(this.dir, name), 'wx'), offset: 0 };
      }
      writeSync(this.writer.fd, bytes);
    } catch {
      this.writer = null;
      return undefined;
    }
    const ref: BodyRef = [this.writer.name, this.writer.offset, bytes.length];
    this.writer.offset += bytes.length;
    return ref;
  }

  close(): void {
    for (const fd of this.readers.values()) closeSync(fd);
    this.readers.clear();
    if (this.writer) closeSync(this.writer.fd);
    this.writer = undefined;
  }
}

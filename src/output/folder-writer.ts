/**
 * Writing files under one folder (a staging or scratch folder), each only when its content differs from what is there:
 * a build writes over the output before last (staging.ts), where most pages already read as they should, and a file
 * that did not change keeps its time, so a deploy that copies by time (rsync) sends only what changed. A file of the
 * same bytes as the live output's takes that file's time, however the two folders take turns.
 *
 * The writer keeps its two buffers (a page encoded, the file it replaces read) from one page to the next: fresh ones
 * per page would have the collector chase the memory of thousands of pages.
 */
import {
  closeSync,
  constants,
  copyFileSync,
  mkdirSync,
  openSync,
  readSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { unlessThrown } from '../unless-thrown';
import type { OutputFile } from './output';

export class FolderWriter {
  /** Folders made (or found) by this writer: a site of thousands of pages has a handful. */
  private readonly folders = new Set<string>();
  readonly written = new Map<string, number>();
  private encoded = Buffer.allocUnsafe(256 * 1024);
  private onDisk = Buffer.allocUnsafe(256 * 1024);

  /** `live`: the output this folder is to replace, if any. */
  constructor(
    readonly dir: string,
    readonly live?: string,
  ) {}

  put(file: OutputFile): number {
    return 'from' in file ? this.copy(file.path, file.from) : this.write(file.path, file.content);
  }

  write(path: string, content: string | Uint8Array): number {
    const target = this.target(path);
    const bytes = typeof content === 'string' ? this.encode(content) : content;
    if (!this.sameAsOnDisk(target, bytes)) writeFileSync(target, bytes);
    this.takeLiveTime(path, target, bytes);
    this.written.set(path, bytes.byteLength);
    return bytes.byteLength;
  }

  /** Copies `from` to `path`, a name that says what the file holds: one already there is the same and stays, unless a copy cut short left it smaller. */
  private copy(path: string, from: string): number {
    const target = this.target(path);
    const { size } = statSync(from);
    if (statSync(target, { throwIfNoEntry: false })?.size !== size)
      copyFileSync(from, target, constants.COPYFILE_FICLONE);
    this.takeLiveTime(path, target);
    this.written.set(path, size);
    return size;
  }

  /**
   * Gives `target` the time of the live output's file at `path` when that holds the same bytes (`bytes`, or, without
   * them, the same size: a copy's name says what it holds). Within a millisecond: a time set from JavaScript is a
   * double of seconds, a microsecond or so off the nanoseconds the file system keeps.
   */
  private takeLiveTime(path: string, target: string, bytes?: Uint8Array): void {
    if (this.live === undefined) return;
    const live = statSync(join(this.live, path), { throwIfNoEntry: false });
    const here = statSync(target);
    if (!live || live.size !== here.size || Math.abs(live.mtimeMs - here.mtimeMs) < 1) return;
    if (bytes && !this.sameAsOnDisk(join(this.live, path), bytes)) return;
    utimesSync(target, live.atimeMs / 1000, live.mtimeMs / 1000);
  }

  private target(path: string): string {
    const target = join(this.dir, path);
    const folder = dirname(target);
    if (!this.folders.has(folder)) {
      mkdirSync(folder, { recursive: true });
      this.folders.add(folder);
    }
    return target;
  }

  private encode(text: string): Uint8Array {
    // A UTF-16 code unit takes at most three bytes in UTF-8.
    if (text.length * 3 > this.encoded.length) this.encoded = Buffer.allocUnsafe(text.length * 6);
    return this.encoded.subarray(0, this.encoded.write(text));
  }

  private sameAsOnDisk(path: string, bytes: Uint8Array): boolean {
    const fd = unlessThrown(() => openSync(path, 'r'));
    if (fd === undefined) return false;
    try {
      // One byte more than expected: a longer file reads past `bytes.length`, so it cannot pass as equal.
      if (bytes.length + 1 > this.onDisk.length) this.onDisk = Buffer.allocUnsafe((bytes.length + 1) * 2);
      let read = 0;
      for (let chunk = -1; chunk !== 0 && read <= bytes.length; read += chunk)
        chunk = readSync(fd, this.onDisk, read, bytes.length + 1 - read, read);
      return read === bytes.length && this.onDisk.subarray(0, read).equals(bytes);
    } catch {
      return false;
    } finally {
      closeSync(fd);
    }
  }
}

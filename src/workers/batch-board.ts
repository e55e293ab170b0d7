/**
 * The article files cut into batches, and their state shared by every thread
 * (a SharedArrayBuffer). A thread takes the next batch to read with one
 * atomic add, and the right to render a batch with one compare-and-swap, so
 * threads share the work as they are free without asking the main thread,
 * which is often busy just then. Once every batch has been read, a thread
 * with nothing left of its own renders batches another thread read and has
 * not got to yet (reading them again): the threads finish together.
 */
export class BatchBoard {
  readonly count: number;
  /** [0]: the next batch to read; [1 + batch]: the batch's state (below). */
  private readonly cells: Int32Array;

  constructor(
    readonly paths: readonly string[],
    readonly size: number,
    buffer?: SharedArrayBuffer,
  ) {
    this.count = Math.ceil(paths.length / size);
    this.cells = new Int32Array(buffer ?? new SharedArrayBuffer(4 * (1 + this.count)));
  }

  /** The next batch nobody has read, if any is left. */
  nextToRead(): number | undefined {
    const batch = Atomics.add(this.cells, 0, 1);
    return batch < this.count ? batch : undefined;
  }

  /** A batch is read and its reader keeps it, waiting to be rendered. */
  markRead(batch: number): void {
    Atomics.store(this.cells, 1 + batch, waiting);
  }

  /** Takes the rendering of a batch that has been read and that no thread has taken yet. */
  claimRender(batch: number): boolean {
    return Atomics.compareExchange(this.cells, 1 + batch, waiting, taken) === waiting;
  }

  pathsOf(batch: number): readonly string[] {
    return this.paths.slice(batch * this.size, (batch + 1) * this.size);
  }

  /** What a worker needs to work from the same board. */
  share(): SharedBoard {
    return { paths: this.paths, size: this.size, buffer: this.cells.buffer as SharedArrayBuffer };
  }

  static from(shared: SharedBoard): BatchBoard {
    return new BatchBoard(shared.paths, shared.size, shared.buffer);
  }
}

/** A batch's state: not read yet (0), read and waiting to be rendered, or taken by a thread to render. */
const waiting = 1;
const taken = 2;

export interface SharedBoard {
  paths: readonly string[];
  size: number;
  buffer: SharedArrayBuffer;
}

/**
 * The article files cut into batches, and their state shared by every thread
 * (a SharedArrayBuffer). A thread takes the next batch to scan with one
 * atomic add, and the right to render a scanned batch with one
 * compare-and-swap, so threads share the work as they are free without
 * asking the main thread, which is often busy just then: the threads finish
 * together.
 */
export class BatchBoard {
  readonly count: number;
  /** [0]: the next batch to scan; [1 + batch]: the batch's state (below). */
  private readonly cells: Int32Array;

  constructor(
    readonly paths: readonly string[],
    readonly size: number,
    buffer?: SharedArrayBuffer,
  ) {
    this.count = Math.ceil(paths.length / size);
    this.cells = new Int32Array(buffer ?? new SharedArrayBuffer(4 * (1 + this.count)));
  }

  /** The next batch nobody has scanned, if any is left. */
  nextToScan(): number | undefined {
    const batch = Atomics.add(this.cells, 0, 1);
    return batch < this.count ? batch : undefined;
  }

  /** Whether every batch has been taken to scan. */
  allTakenToScan(): boolean {
    return Atomics.load(this.cells, 0) >= this.count;
  }

  /** A batch is scanned, waiting to be rendered. */
  markScanned(batch: number): void {
    Atomics.store(this.cells, 1 + batch, waiting);
  }

  /** Takes the rendering of a batch that has been scanned and that no thread has taken yet. */
  claimRender(batch: number): boolean {
    return Atomics.compareExchange(this.cells, 1 + batch, waiting, taken) === waiting;
  }

  /** Leaves no batch to scan or to render: every thread stops after the batch it is working on. */
  close(): void {
    Atomics.store(this.cells, 0, this.count);
    for (let batch = 0; batch < this.count; batch++) Atomics.store(this.cells, 1 + batch, taken);
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

/** A batch's state: not scanned yet (0), scanned and waiting to be rendered, or taken by a thread to render. */
const waiting = 1;
const taken = 2;

export interface SharedBoard {
  paths: readonly string[];
  size: number;
  buffer: SharedArrayBuffer;
}

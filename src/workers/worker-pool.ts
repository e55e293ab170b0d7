/**
 * A few worker threads, one per core, each with its own queue. A task can go
 * to the least busy worker, or to a given one (a worker that already holds
 * the data the task needs). A failed task rejects its own promise; the pool
 * carries on.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

interface Pending {
  message: unknown;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

interface Slot {
  worker: Worker;
  queue: Pending[];
  current?: Pending;
}

export class WorkerPool {
  private readonly slots: Slot[] = [];
  readonly size: number;

  constructor(url: URL, size = availableParallelism()) {
    this.size = Math.max(1, size);
    for (let i = 0; i < this.size; i += 1) {
      // A larger young generation: a build allocates many short-lived strings, and the default makes V8 collect them far more often.
      const worker = new Worker(url, { resourceLimits: { maxYoungGenerationSizeMb: 32 } });
      const slot: Slot = { worker, queue: [] };
      worker.on('message', (reply: { ok: boolean; value?: unknown; error?: unknown }) => {
        const task = slot.current!;
        slot.current = undefined;
        if (reply.ok) task.resolve(reply.value);
        else task.reject(reply.error);
        this.next(slot);
      });
      worker.on('error', (error) => {
        slot.current?.reject(error);
        for (const task of slot.queue.splice(0)) task.reject(error);
      });
      this.slots.push(slot);
    }
  }

  /** On the worker with the least work waiting. */
  run<T>(message: unknown): Promise<T> {
    const slot = this.slots.reduce((best, candidate) => (load(candidate) < load(best) ? candidate : best));
    return this.enqueue(slot, message);
  }

  /** On one worker in particular (0 … size - 1). */
  runOn<T>(index: number, message: unknown): Promise<T> {
    return this.enqueue(this.slots[index % this.size]!, message);
  }

  private enqueue<T>(slot: Slot, message: unknown): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      slot.queue.push({ message, resolve: resolve as (value: unknown) => void, reject });
      if (!slot.current) this.next(slot);
    });
  }

  private next(slot: Slot): void {
    slot.current = slot.queue.shift();
    if (slot.current) slot.worker.postMessage(slot.current.message);
  }

  async close(): Promise<void> {
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
  }
}

function load(slot: Slot): number {
  return slot.queue.length + (slot.current ? 1 : 0);
}

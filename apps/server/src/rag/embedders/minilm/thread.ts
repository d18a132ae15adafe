import { Worker } from 'node:worker_threads';

/** Messages to worker.ts and back: one batch of at most BATCH_SIZE texts, and its vectors (texts × 384, in order). */
export type MiniLmRequest = { id: number; texts: string[] };
export type MiniLmReply = { id: number; ok: true; vectors: Float32Array } | { id: number; ok: false; error: string; loadFailed?: boolean };

export type MiniLmStatus = { state: 'ready' } | { state: 'loading' } | { state: 'unavailable'; reason: string };

/** Texts per inference run by default (sentence-transformers' batch size); bench/embedder.ts compares others. */
export const BATCH_SIZE = 8;
/** A call with this many texts or fewer (a question, a few rewrites of one) goes before the batches of documents. */
export const INTERACTIVE_MAX_TEXTS = 4;

// Built, the thread is bundled next to main.js (build.mjs); run from the source tree, a plain module loads the TypeScript through tsx.
const WORKER_ENTRY = import.meta.url.endsWith('.ts') ? new URL('./worker.source.mjs', import.meta.url) : new URL('./minilm-worker.js', import.meta.url);

interface Job {
  vectors: number[][];
  remaining: number;
  settled: boolean;
  resolve: (vectors: number[][]) => void;
  reject: (error: unknown) => void;
}

interface Batch {
  job: Job;
  /** Where each text of the batch sits in the caller's array. */
  indices: number[];
  texts: string[];
}

/**
 * One worker thread that runs the model, started on first use and kept for the process; the scheduling happens here.
 * The thread runs one batch at a time (onnxruntime's run holds it) and this side chooses the next: a question's
 * batch before the next batch of a document, so a question waits at most for the batch already running. Texts are
 * sorted by length before they are cut into batches, so each batch pads little; vectors go back in the caller's order.
 */
export class MiniLmThread {
  private worker: Worker | undefined;
  private readonly interactive: Batch[] = [];
  private readonly bulk: Batch[] = [];
  private running: { id: number; batch: Batch } | undefined;
  private nextId = 0;
  private current: MiniLmStatus = { state: 'loading' };

  constructor(private readonly modelDir: string) {}

  status(): MiniLmStatus {
    return this.current;
  }

  embed(texts: string[], options: { signal?: AbortSignal; batchSize?: number } = {}): Promise<number[][]> {
    const { signal, batchSize = BATCH_SIZE } = options;
    if (this.current.state === 'unavailable') return Promise.reject(new Error(this.current.reason));
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (texts.length === 0) return Promise.resolve([]);
    return new Promise<number[][]>((resolve, reject) => {
      const onAbort = () => {
        this.drop(job);
        settle(() => reject(signal!.reason));
      };
      const settle = (finish: () => void) => {
        if (job.settled) return;
        job.settled = true;
        signal?.removeEventListener('abort', onAbort);
        finish();
      };
      const job: Job = {
        vectors: new Array<number[]>(texts.length),
        remaining: texts.length,
        settled: false,
        resolve: (vectors) => settle(() => resolve(vectors)),
        reject: (error) => settle(() => reject(error)),
      };
      signal?.addEventListener('abort', onAbort, { once: true });

      const order = texts.map((_, i) => i).sort((a, b) => texts[a]!.length - texts[b]!.length);
      const queue = texts.length <= INTERACTIVE_MAX_TEXTS ? this.interactive : this.bulk;
      for (let at = 0; at < order.length; at += batchSize) {
        const indices = order.slice(at, at + batchSize);
        queue.push({ job, indices, texts: indices.map((i) => texts[i]!) });
      }
      this.pump();
    });
  }

  /** Removes an aborted call's batches that have not started; a running one finishes and its vectors are dropped. */
  private drop(job: Job): void {
    for (const queue of [this.interactive, this.bulk]) {
      for (let i = queue.length - 1; i >= 0; i--) if (queue[i]!.job === job) queue.splice(i, 1);
    }
  }

  private pump(): void {
    if (this.running) return;
    const batch = this.interactive.shift() ?? this.bulk.shift();
    if (!batch) {
      this.worker?.unref(); // idle: the thread must not hold the process open
      return;
    }
    const worker = (this.worker ??= this.start());
    worker.ref(); // work is waiting: the process stays up for its answer
    const id = ++this.nextId;
    this.running = { id, batch };
    worker.postMessage({ id, texts: batch.texts } satisfies MiniLmRequest);
  }

  private start(): Worker {
    const worker = new Worker(WORKER_ENTRY, { workerData: { modelDir: this.modelDir } });
    worker.on('message', (reply: MiniLmReply) => this.answered(reply));
    // A thread that fails before its first answer could not load the model: no use starting it again.
    const stopped = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      if (this.current.state === 'loading') this.current = { state: 'unavailable', reason: error.message };
      else this.current = { state: 'loading' };
      this.fail(error);
    };
    worker.on('error', stopped);
    worker.on('exit', (code) => stopped(new Error(`the embedding thread stopped (exit code ${code})`)));
    return worker;
  }

  private answered(reply: MiniLmReply): void {
    const running = this.running;
    if (!running || running.id !== reply.id) return;
    this.running = undefined;
    const { job, indices } = running.batch;
    if (!reply.ok) {
      if (reply.loadFailed) {
        this.current = { state: 'unavailable', reason: reply.error };
        const worker = this.worker;
        this.worker = undefined;
        void worker?.terminate();
        job.reject(new Error(reply.error));
        this.fail(new Error(reply.error));
        return;
      }
      job.reject(new Error(`The built-in embedding model failed: ${reply.error}`));
      this.drop(job);
    } else {
      this.current = { state: 'ready' };
      const dimensions = reply.vectors.length / indices.length;
      indices.forEach((index, k) => (job.vectors[index] = Array.from(reply.vectors.subarray(k * dimensions, (k + 1) * dimensions))));
      job.remaining -= indices.length;
      if (job.remaining === 0) job.resolve(job.vectors);
    }
    this.pump();
  }

  /** Rejects every call waiting or running. */
  private fail(error: Error): void {
    const jobs = new Set([...this.interactive, ...this.bulk, ...(this.running ? [this.running.batch] : [])].map((batch) => batch.job));
    this.interactive.length = 0;
    this.bulk.length = 0;
    this.running = undefined;
    for (const job of jobs) job.reject(error);
  }
}

import { Worker, type Transferable } from 'node:worker_threads';

/**
 * One worker thread for one kind of CPU-heavy work, started on first use and started again after it stops. Requests
 * are messages with an `id`, and the thread answers each with a message carrying the same `id`. The thread keeps
 * the process alive only while a request waits: an idle one must not hold a process (or a test run) open.
 */
export class ThreadWorker<Request extends object, Reply extends { id: number }> {
  private worker: Worker | undefined;
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (reply: Reply) => void; reject: (error: Error) => void }>();

  /** `entry`: the thread's module; `what`: its work, for the message when the thread stops ("The image worker"). */
  constructor(
    private readonly entry: URL,
    private readonly what: string,
  ) {}

  /** Sends a request and waits for its answer; rejects if the thread stops first. */
  call(request: Request, transfer?: readonly Transferable[]): Promise<Reply> {
    const worker = (this.worker ??= this.start());
    const id = ++this.nextId;
    return new Promise<Reply>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ ...request, id }, transfer);
    });
  }

  private start(): Worker {
    const started = new Worker(this.entry);
    started.on('message', (reply: Reply) => {
      this.pending.get(reply.id)?.resolve(reply);
      this.pending.delete(reply.id);
      if (this.pending.size === 0) started.unref();
    });
    const fail = (error: Error) => {
      for (const waiter of this.pending.values()) waiter.reject(error);
      this.pending.clear();
      if (this.worker === started) this.worker = undefined;
    };
    started.on('error', fail);
    started.on('exit', (code) => fail(new Error(`${this.what} stopped (exit code ${code}).`)));
    return started;
  }
}

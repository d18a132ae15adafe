import { Worker } from 'node:worker_threads';

/** Messages to and from avatar-resize.worker.mjs (next to this file in the source tree, next to main.js in the bundle). */
interface ResizeRequest {
  id: number;
  data: Uint8Array;
  size: number;
  output: 'image/png' | 'image/jpeg';
}
type ResizeReply = { id: number; ok: true; data: Uint8Array; width: number; height: number } | { id: number; ok: false; reason: string };

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, { resolve: (reply: ResizeReply) => void; reject: (error: Error) => void }>();

function startWorker(): Worker {
  const started = new Worker(new URL('./avatar-resize.worker.mjs', import.meta.url));
  started.on('message', (reply: ResizeReply) => {
    pending.get(reply.id)?.resolve(reply);
    pending.delete(reply.id);
    // An idle worker must not keep the process (or a test run) alive; a busy one must.
    if (pending.size === 0) started.unref();
  });
  const fail = (error: Error) => {
    for (const waiter of pending.values()) waiter.reject(error);
    pending.clear();
    if (worker === started) worker = undefined;
  };
  started.on('error', fail);
  started.on('exit', (code) => fail(new Error(`The image worker stopped (exit code ${code}).`)));
  return started;
}

/**
 * Crops an image to its centred square and scales it to `size`×`size`, in a worker thread (one for the process,
 * started on first use, requests queued in order). Rejects when the bytes cannot be decoded.
 */
export async function resizeToSquare(data: Buffer, size: number, output: ResizeRequest['output']): Promise<{ data: Buffer; width: number; height: number }> {
  worker ??= startWorker();
  const id = ++nextId;
  const reply = await new Promise<ResizeReply>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker!.ref();
    worker!.postMessage({ id, data, size, output } satisfies ResizeRequest);
  });
  if (!reply.ok) throw new Error(reply.reason);
  return { data: Buffer.from(reply.data.buffer, reply.data.byteOffset, reply.data.byteLength), width: reply.width, height: reply.height };
}

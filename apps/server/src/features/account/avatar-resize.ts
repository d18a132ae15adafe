import { ThreadWorker } from '../../lib/thread-worker';

/** Messages to (with the id ThreadWorker adds) and from avatar-resize.worker.mjs (next to this file in the source tree, next to main.js in the bundle). */
interface ResizeRequest {
  data: Uint8Array;
  size: number;
  output: 'image/png' | 'image/jpeg';
}
type ResizeReply = { id: number; ok: true; data: Uint8Array; width: number; height: number } | { id: number; ok: false; reason: string };

const worker = new ThreadWorker<ResizeRequest, ResizeReply>(new URL('./avatar-resize.worker.mjs', import.meta.url), 'The image worker');

/**
 * Crops an image to its centred square and scales it to `size`×`size`, in a worker thread (one for the process,
 * started on first use, requests queued in order). Rejects when the bytes cannot be decoded.
 */
export async function resizeToSquare(data: Buffer, size: number, output: ResizeRequest['output']): Promise<{ data: Buffer; width: number; height: number }> {
  const reply = await worker.call({ data, size, output });
  if (!reply.ok) throw new Error(reply.reason);
  return { data: Buffer.from(reply.data.buffer, reply.data.byteOffset, reply.data.byteLength), width: reply.width, height: reply.height };
}

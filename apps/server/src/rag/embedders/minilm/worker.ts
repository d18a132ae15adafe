// The MiniLM worker thread (thread.ts starts it): loads the model once, then embeds one batch per message.
// Bundled next to main.js by build.mjs as minilm-worker.js; in the source tree worker.source.mjs loads it through tsx.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';
import { loadMiniLm } from './model';
import type { MiniLmReply, MiniLmRequest } from './thread';

/**
 * One full garbage collection of this thread, once the model is loaded. The weights file and the ONNX bytes (136 MB)
 * are garbage then, but this thread allocates little afterwards, so V8 left them in memory for good: the process
 * held 440 MB instead of 300 MB. `gc` is exposed for contexts made after the flag, hence the fresh one.
 */
function collectGarbage(): void {
  try {
    setFlagsFromString('--expose-gc');
    (runInNewContext('gc') as () => void)();
  } catch {
    /* only memory is at stake */
  }
}

const { modelDir } = workerData as { modelDir: string };
// Loading starts with the thread: the first batch is usually already on its way.
const loading = loadMiniLm(modelDir).then(
  (model) => {
    collectGarbage();
    return { model };
  },
  (error: unknown) => ({ loadError: error instanceof Error ? error.message : String(error) }),
);

async function answer({ id, texts }: MiniLmRequest): Promise<{ reply: MiniLmReply; transfer: ArrayBuffer[] }> {
  const loaded = await loading;
  if ('loadError' in loaded) return { reply: { id, ok: false, loadFailed: true, error: loaded.loadError }, transfer: [] };
  try {
    const vectors = await loaded.model.embed(texts);
    return { reply: { id, ok: true, vectors }, transfer: [vectors.buffer as ArrayBuffer] };
  } catch (error) {
    return { reply: { id, ok: false, error: error instanceof Error ? error.message : String(error) }, transfer: [] };
  }
}

// One batch at a time, in the order sent (the main thread sends the next only after this one's answer anyway).
let queue = Promise.resolve();
parentPort?.on('message', (request: MiniLmRequest) => {
  queue = queue.then(async () => {
    const { reply, transfer } = await answer(request);
    parentPort?.postMessage(reply, transfer);
  });
});

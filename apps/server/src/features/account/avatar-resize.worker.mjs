// Runs in a worker thread (avatar-resize.ts starts it): decoding a photo of several megapixels takes the pure-JS
// decoder a second or more, which the request loop must not wait through. Plain JavaScript, so that the same file
// runs from the source tree and, copied by build.mjs, next to the bundle.
import { parentPort } from 'node:worker_threads';
import { Jimp, JimpMime } from 'jimp';

/** @param {{ id: number, data: Uint8Array, size: number, output: 'image/png' | 'image/jpeg' }} request */
async function resize({ id, data, size, output }) {
  try {
    const image = await Jimp.read(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
    // The centred square, scaled to size×size (the crop the web app makes before uploading).
    image.cover({ w: size, h: size });
    const encoded = output === 'image/jpeg' ? await image.getBuffer(JimpMime.jpeg, { quality: 88 }) : await image.getBuffer(JimpMime.png);
    return { id, ok: true, data: encoded, width: image.width, height: image.height };
  } catch (error) {
    return { id, ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

parentPort?.on('message', (request) => {
  void resize(request).then((reply) => parentPort?.postMessage(reply));
});

#!/usr/bin/env node
/**
 * After `vite build`: a brotli (.br) and a gzip (.gz) copy beside every text file of dist/ that compression makes
 * smaller, made once here at the highest levels rather than on every request. The server sends the copy the browser
 * accepts, with Content-Encoding and Vary (@fastify/static's preCompressed, apps/server/src/plugins/web-app.ts).
 * Source maps are left as they are: only developers' tools fetch them.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.webmanifest']);
const SMALLEST = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function* filesUnder(directory) {
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

const started = Date.now();
const jobs = [];
for await (const file of filesUnder(dist)) {
  if (!COMPRESSIBLE.has(path.extname(file)) || (await stat(file)).size < SMALLEST) continue;
  jobs.push(
    (async () => {
      const data = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
        gzipAsync(data, { level: 9 }),
      ]);
      // A copy no smaller than the file is not worth a request's decoding.
      if (br.length < data.length) await writeFile(`${file}.br`, br);
      if (gz.length < data.length) await writeFile(`${file}.gz`, gz);
      return { raw: data.length, br: Math.min(br.length, data.length) };
    })(),
  );
}
const sizes = await Promise.all(jobs);
const total = (key) => sizes.reduce((sum, size) => sum + size[key], 0);
console.log(
  `precompressed ${sizes.length} files in ${Date.now() - started} ms: ${(total('raw') / 1024).toFixed(0)} KB → ${(total('br') / 1024).toFixed(0)} KB brotli`,
);

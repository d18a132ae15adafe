// Bundles the embeddable chat into dist/widget.js (one minified IIFE) and reports its size.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/** A budget, so an import that drags in a library (zod, say) fails the build instead of reaching every customer's page. */
const GZIP_BUDGET_BYTES = 15 * 1024;

const outfile = new URL('./dist/widget.js', import.meta.url).pathname;
mkdirSync(new URL('./dist/', import.meta.url).pathname, { recursive: true });

await build({
  entryPoints: [new URL('./src/main.ts', import.meta.url).pathname],
  outfile,
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'es2019',
  platform: 'browser',
  legalComments: 'none',
  logLevel: 'warning',
});

const code = readFileSync(outfile);
const gzipBytes = gzipSync(code, { level: 9 }).length;
const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
writeFileSync(new URL('./dist/size.json', import.meta.url).pathname, JSON.stringify({ file: 'widget.js', bytes: code.length, gzipBytes }, null, 2) + '\n');
console.log(`widget.js: ${kB(code.length)} (${kB(gzipBytes)} gzipped)`);
if (gzipBytes > GZIP_BUDGET_BYTES) {
  console.error(`widget.js is over its budget of ${kB(GZIP_BUDGET_BYTES)} gzipped: check what the bundle imports.`);
  process.exit(1);
}

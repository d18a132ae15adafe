// The MiniLM worker thread started from the source tree (tests, benchmarks, `npm run dev`): a thread does not
// inherit tsx's loader, so this plain module asks tsx to load the TypeScript one. The build bundles worker.ts itself.
import { tsImport } from 'tsx/esm/api';

await tsImport('./worker.ts', import.meta.url);

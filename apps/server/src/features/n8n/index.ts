export { type ChunkSource, createN8nChunkSource } from './chunk-source';
export { n8nRoutes } from './routes';

import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { startProcess } from './process';

/**
 * Flowise (the open-source peer users pick most often), installed outside the repository, started beside Parley for
 * bench:chat: `npm install --ignore-scripts flowise@3.1.4` in a directory of its own, then `npm rebuild sqlite3
 * better-sqlite3 esbuild protobufjs es5-ext` there (about 10 minutes and 3 GB), and BENCH_CHAT_FLOWISE=<that directory>.
 * It is never a dependency of Parley's.
 *
 * The flow is the one issue 38 measured: a Retrieval QA chain whose model is Flowise's OpenAI-compatible chat model
 * (ChatLocalAI) on the benchmark's model server, over an in-memory vector store holding the same document, as plain
 * text, embedded through Flowise's Ollama embeddings node on the same server. Flowise builds the flow again on every
 * prediction, so the document is embedded again every request; that is how the in-memory store works, not a choice here.
 * (Its LocalAI and OpenAI embedding nodes fail on 3.1.4: "Cannot read private member from an object whose class did not
 * declare it", two copies of the openai package.)
 */
export interface RunningFlowise {
  version: string;
  base: string;
  pid: number | undefined;
  /** The prediction URL of the flow: POST `{ "question": "…" }`, answered `{ "text": "…", … }`. */
  predictionUrl: string;
  stop(): Promise<void>;
}

const EMAIL = 'bench@example.com';
const PASSWORD = 'Bench-password-1!';

/** A node of a flow as Flowise's canvas saves it: what the server reads when it builds the flow. */
function flowNode(
  id: string,
  definition: { name: string; label: string; type: string; category: string; baseClasses: string[] },
  inputs: object,
  output?: string,
) {
  return {
    id,
    type: 'customNode',
    position: { x: 0, y: 0 },
    data: { id, ...definition, inputs, outputs: output ? { output } : {}, inputAnchors: [], inputParams: [], outputAnchors: [] },
  };
}

const edge = (source: string, target: string, input: string) => ({
  id: `${source}-${target}-${input}`,
  source,
  target,
  sourceHandle: `${source}-output`,
  targetHandle: `${target}-input-${input}`,
  type: 'buttonedge',
});

/** Starts Flowise from `directory` with a fresh home under `scratch`, signs up its first user and creates the flow. */
export async function startFlowise(directory: string, options: { scratch: string; modelBaseUrl: string; document: string }): Promise<RunningFlowise> {
  const packageFile = path.join(directory, 'node_modules/flowise/package.json');
  const { version } = JSON.parse(readFileSync(packageFile, 'utf8')) as { version: string };
  const home = path.join(options.scratch, 'flowise');
  // Its home, database, keys, logs and files, all under the run's scratch directory.
  const dirs = {
    HOME: home,
    DATABASE_PATH: path.join(home, 'db'),
    SECRETKEY_PATH: path.join(home, 'keys'),
    LOG_PATH: path.join(home, 'logs'),
    BLOB_STORAGE_PATH: path.join(home, 'blobs'),
  };
  for (const dir of Object.values(dirs)) mkdirSync(dir, { recursive: true });
  const flowise = await startProcess(
    [path.join(directory, 'node_modules/flowise/bin/run'), 'start'],
    // Its own guard refuses loopback addresses, where the model server is.
    { ...dirs, HTTP_SECURITY_CHECK: 'false', DISABLE_FLOWISE_TELEMETRY: 'true' },
    '/api/v1/ping',
    { timeoutMs: 180_000 },
  );
  try {
    const call = async (route: string, body: object, cookie = '') => {
      const response = await fetch(`${flowise.base}${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-from': 'internal', cookie },
        body: JSON.stringify(body),
      });
      if (response.status >= 300) throw new Error(`Flowise ${route} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
      return response;
    };
    await call('/api/v1/account/register', { user: { name: 'Bench', email: EMAIL, credential: PASSWORD } });
    const login = await call('/api/v1/auth/login', { email: EMAIL, password: PASSWORD });
    const cookie = login.headers
      .getSetCookie()
      .map((header) => header.split(';')[0])
      .join('; ');
    const nodes = [
      flowNode(
        'plainText_0',
        { name: 'plainText', label: 'Plain Text', type: 'Document', category: 'Document Loaders', baseClasses: ['Document'] },
        { text: options.document, textSplitter: '', metadata: '', omitMetadataKeys: '' },
        'document',
      ),
      flowNode(
        'ollamaEmbedding_0',
        {
          name: 'ollamaEmbedding',
          label: 'Ollama Embeddings',
          type: 'OllamaEmbeddings',
          category: 'Embeddings',
          baseClasses: ['OllamaEmbeddings', 'Embeddings'],
        },
        { baseUrl: options.modelBaseUrl.replace(/\/v1$/, ''), modelName: 'local-embedder' },
      ),
      flowNode(
        'memoryVectorStore_0',
        {
          name: 'memoryVectorStore',
          label: 'In-Memory Vector Store',
          type: 'Memory',
          category: 'Vector Stores',
          baseClasses: ['Memory', 'VectorStoreRetriever', 'BaseRetriever'],
        },
        { document: ['{{plainText_0.data.instance}}'], embeddings: '{{ollamaEmbedding_0.data.instance}}', topK: '' },
        'retriever',
      ),
      flowNode(
        'chatLocalAI_0',
        {
          name: 'chatLocalAI',
          label: 'ChatLocalAI',
          type: 'ChatLocalAI',
          category: 'Chat Models',
          baseClasses: ['ChatLocalAI', 'BaseChatModel', 'BaseLanguageModel'],
        },
        { basePath: options.modelBaseUrl, modelName: 'local-model', temperature: 0, streaming: false },
      ),
      flowNode(
        'retrievalQAChain_0',
        { name: 'retrievalQAChain', label: 'Retrieval QA Chain', type: 'RetrievalQAChain', category: 'Chains', baseClasses: ['RetrievalQAChain', 'BaseChain'] },
        { model: '{{chatLocalAI_0.data.instance}}', vectorStoreRetriever: '{{memoryVectorStore_0.data.instance}}', inputModeration: '' },
      ),
    ];
    const edges = [
      edge('plainText_0', 'memoryVectorStore_0', 'document'),
      edge('ollamaEmbedding_0', 'memoryVectorStore_0', 'embeddings'),
      edge('chatLocalAI_0', 'retrievalQAChain_0', 'model'),
      edge('memoryVectorStore_0', 'retrievalQAChain_0', 'vectorStoreRetriever'),
    ];
    const created = await call('/api/v1/chatflows', { name: 'Chat benchmark', type: 'CHATFLOW', flowData: JSON.stringify({ nodes, edges }) }, cookie);
    const { id } = (await created.json()) as { id: string };
    return { version, base: flowise.base, pid: flowise.pid, predictionUrl: `${flowise.base}/api/v1/prediction/${id}`, stop: flowise.stop };
  } catch (error) {
    await flowise.stop();
    throw error;
  }
}

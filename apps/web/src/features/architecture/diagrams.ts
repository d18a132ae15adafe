import { DATA_MODEL_DIAGRAM } from './generated/data-model';

/**
 * Admin System Architecture (spec part 2 §2): the diagrams of Parley as it is, in Mermaid. Each describes code that
 * exists (docs/architecture.md); the data model is generated from the Drizzle schema at build time.
 */
export interface ArchitectureDiagram {
  id: string;
  title: string;
  description: string;
  source: string;
}

const adminSection = `flowchart TD
  visit["Browser opens /admin/..."] --> session{"Session? (Better Auth cookie)"}
  session -- "no" --> auth["Redirect to /auth"]
  session -- "yes" --> me["GET /api/admin/me"]
  me --> isAdmin{"Active admin?"}
  isAdmin -- "no" --> denied["Access denied page"]
  isAdmin -- "yes" --> role{"Role enough for the path? (ADMIN_ROUTES, hasAdminRole)"}
  role -- "no" --> insufficient["Insufficient Permissions panel in the admin shell"]
  role -- "yes" --> screen["Screen, lazily loaded (ADMIN_SCREENS)"]
  screen --> api["Calls /api/admin/... with the session cookie"]
  api --> guard["Server access guard: route config.access"]
  guard -- "no session" --> e401["401"]
  guard -- "admin role too low" --> e403["403"]
  guard -- "allowed" --> handler["Handler: zod contract, service, activity log in the same transaction"]
  subgraph roles["Roles (packages/shared/access.ts)"]
    sa["system_admin passes every check"] --> dev["developer passes developer and support"] --> sup["support passes support"]
  end`;

const aiActions = `flowchart LR
  admin["Developer in /admin/ai-agents"] -->|"CRUD"| routes["/api/admin/ai-actions/*"]
  routes --> categories[("ai_action_categories")]
  routes --> templates[("ai_action_templates: config, instructions, webhooks and event handlers as JSON")]
  admin -->|"Test webhook"| test["POST /api/admin/ai-actions/test-webhook"]
  test --> guard["safe-request: public addresses only, checked at connection time"]
  guard -->|"POST {test, timestamp, template_id}"| endpoint["The action's endpoint"]
  test --> log[("admin_activity_logs: webhook_tested")]
  routes --> log
  templates -. "listed by category, counted in Analytics" .-> admin`;

const systemContext = `flowchart TB
  visitor["Website visitor"] -->|"widget.js, SSE chat"| parley
  customer["Customer (chatbot owner)"] -->|"web app, API keys"| parley
  staff["Operator staff (admin console)"] -->|"/admin"| parley
  client["OpenAI-compatible client"] -->|"POST /v1/chat/completions"| parley
  parley["Parley server (Fastify): API, web app, widget, job workers"]
  parley --> db[("PGlite in DATA_DIR, or PostgreSQL with pgvector")]
  parley -.->|"optional: rate limits, realtime"| redis[("Redis")]
  parley -->|"embeddings and answers"| ai["AI providers: OpenAI, Anthropic, Google, Mistral, OpenAI-compatible"]
  parley -->|"mail"| smtp["SMTP, or the outbox table"]
  parley -->|"checkout, webhooks"| stripe["Stripe, or the built-in sandbox"]
  parley -->|"webhook tests, document hand-offs"| n8n["n8n"]
  parley -->|"signed events"| receivers["Customers' webhook receivers"]`;

const requestFlow = `flowchart TD
  req["HTTP request"] --> id["Request id assigned (x-request-id echoed)"]
  id --> limits{"Rate limit (widget, IP, sign-in)"}
  limits -- "over" --> r429["429 Too Many Requests with Retry-After"]
  limits -- "within" --> access["onRequest access guard: public, user (live session, active profile), admin role, organization role"]
  access -- "refused" --> r4xx["401 or 403"]
  access --> zod["zod contract: params, query, body"]
  zod -- "invalid" --> r400["400 VALIDATION_ERROR naming the field"]
  zod --> handler["Route handler"]
  handler --> service["Service: plain async functions on db"]
  service --> dbx[("Database transaction")]
  service -- "AppError(code)" --> errors["Error handler: status from code, sanitised message, 5xx details only in the log"]
  handler --> response["Response schema strips undeclared fields"]`;

const automation = `flowchart LR
  subgraph ingestion["Document ingestion (pg-boss job ingest-source)"]
    add["Source added"] --> job["Job, retried with backoff"] --> extract["Fetch (SSRF guard) and extract text"]
    extract --> mode{"processing_mode n8n_integration and n8n enabled?"}
    mode -- "no" --> builtin["Built-in chunker"]
    mode -- "yes" --> route{"Routing rules by priority, else n8n primary mode"}
    route -- "edge_function" --> builtin
    route -- "n8n or hybrid" --> fallback{"Recent success below auto fallback threshold?"}
    fallback -- "yes" --> builtin
    fallback -- "no" --> handoff["POST base URL + /parley/ingest with bearer secret"]
    handoff -- "chunks" --> embed["Embed and store chunks, source ready"]
    handoff -- "failed, fallback on or hybrid" --> builtin
    handoff -- "failed, no fallback" --> job
    builtin --> embed
  end
  handoff --> record[("n8n_requests: Monitoring figures and workflow health")]
  subgraph outbound["Outbound webhooks"]
    change["Change in a transaction"] --> outbox[("webhook_events outbox")] --> worker["Delivery worker: Standard Webhooks signature, retries with backoff"] --> receiver["Receiver"]
    worker --> deliveries[("webhook_deliveries log")]
  end
  subgraph jobs["Other durable jobs"]
    exports["Analytics CSV exports and schedules"]
    alerts["Handoff alerts by e-mail"]
  end`;

const sequences = `sequenceDiagram
  autonumber
  participant V as Visitor (widget)
  participant S as Parley server
  participant DB as Database
  participant AI as AI provider
  V->>S: POST /api/public/chatbots/:id/messages
  S->>S: Check origin, visitor rate limit
  S->>DB: Open conversation, store the question
  alt A person is answering (handoff)
    S-->>V: SSE meta, handoff, done
  else Over the monthly token limit
    S-->>V: SSE the limit message, done
  else Answer from the documents
    S->>DB: Retrieve passages (vector and full-text, fused)
    S->>AI: Generate the answer (or extractive answerer offline)
    AI-->>S: Tokens
    S-->>V: SSE meta, delta..., done with citations
    S->>DB: Store answer, tokens, outcome, usage ledger, hourly rollups
  end`;

export const ARCHITECTURE_DIAGRAMS: readonly ArchitectureDiagram[] = [
  {
    id: 'admin-section',
    title: 'Admin section and route guard',
    description: 'How a path under /admin is checked in the browser (for the right screen) and on the server (for the data).',
    source: adminSection,
  },
  {
    id: 'ai-actions',
    title: 'AI actions architecture',
    description: 'Custom actions are a saved catalogue of templates with their webhooks and event handlers; the webhook test is sent by the server.',
    source: aiActions,
  },
  { id: 'system-context', title: 'System context', description: 'Who uses Parley and which systems it talks to.', source: systemContext },
  {
    id: 'request-flow',
    title: 'Request flow',
    description: 'What every API request passes through, and the answers it can get on the way.',
    source: requestFlow,
  },
  {
    id: 'automation-flows',
    title: 'Automation flows',
    description: 'Durable background work: document ingestion with the n8n hand-off and its fallback, outbound webhooks, exports and alerts.',
    source: automation,
  },
  { id: 'sequences', title: 'Sequences: a visitor’s question', description: 'One widget message from the question to the stored answer.', source: sequences },
  {
    id: 'data-model',
    title: 'Data model',
    description: 'Every table and foreign key, generated from the Drizzle schema when the web app is built.',
    source: DATA_MODEL_DIAGRAM,
  },
];

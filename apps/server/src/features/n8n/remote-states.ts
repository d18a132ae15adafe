import type { N8N_REMOTE_STATES } from '@parley/shared/contracts/n8n';
import type { Db } from '../../db/client';
import { readSystemConfiguration } from '../../services/system-configuration';
import { exchangeWithN8n, failureWithReason } from './requests';
import { n8nApiKey } from './settings';
import { n8nUrlFor } from './shared';

type RemoteState = (typeof N8N_REMOTE_STATES)[number];

/** n8n's REST API answers a list at once; a slow one must not hold the Workflows tab. */
const STATES_TIMEOUT_MS = 5_000;
/** n8n's public API pages its list by at most 250. */
const PAGE_LIMIT = 250;
const MAX_PAGES = 8;

/**
 * Whether each workflow is active in n8n itself, read through n8n's public API (`GET /api/v1/workflows`, header
 * X-N8N-API-KEY) when an API key is saved: Parley's own "Active" is a flag the admin sets, n8n's is what runs. Not read
 * (`read: false`) without a key or a base URL; `error` says why the read failed.
 */
export async function readRemoteStates(
  db: Db,
  input: { secretKey: string; allowPrivateNetworks: boolean },
): Promise<{ read: boolean; error: string | null; stateOf: (n8nWorkflowId: string | null) => RemoteState | null }> {
  const none = () => null;
  const base = (await readSystemConfiguration(db)).n8nWebhookBaseUrl;
  const apiKey = base ? await n8nApiKey(db, input.secretKey) : null;
  if (!base || !apiKey) return { read: false, error: null, stateOf: none };
  const active = new Map<string, boolean>();
  let cursor: string | null = null;
  // Page by page (n8n's cursor), up to MAX_PAGES: more workflows than that show as not found.
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const answer = await exchangeWithN8n({
      url: `${n8nUrlFor(base, '/api/v1/workflows')}?limit=${PAGE_LIMIT}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      method: 'GET',
      bearer: null,
      headers: { 'x-n8n-api-key': apiKey },
      timeoutMs: STATES_TIMEOUT_MS,
      maxBytes: 8 * 1024 * 1024,
      allowPrivateNetworks: input.allowPrivateNetworks,
    });
    if (!answer.ok) return { read: true, error: `n8n's API did not list its workflows: ${failureWithReason(answer)}`, stateOf: none };
    let parsed: { data?: { id?: unknown; active?: unknown }[]; nextCursor?: unknown };
    try {
      parsed = JSON.parse(answer.body.toString('utf8')) as typeof parsed;
    } catch {
      parsed = {};
    }
    if (!Array.isArray(parsed.data)) return { read: true, error: "n8n's API answered without a workflow list.", stateOf: none };
    for (const workflow of parsed.data) if (typeof workflow.id === 'string') active.set(workflow.id, workflow.active === true);
    cursor = typeof parsed.nextCursor === 'string' && parsed.nextCursor ? parsed.nextCursor : null;
    if (!cursor) break;
  }
  return {
    read: true,
    error: null,
    stateOf: (id) => {
      if (!id) return null;
      const state = active.get(id);
      return state === undefined ? 'not_found' : state ? 'active' : 'inactive';
    },
  };
}

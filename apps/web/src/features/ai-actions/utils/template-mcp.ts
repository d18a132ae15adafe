import { parseTemplateConfig } from '@parley/shared/contracts/ai-actions';

/** The MCP server a template's configuration names, as the form edits it (possibly incomplete: the contract checks it). */
export interface McpDraft {
  url: string;
  tools: string[];
}

/**
 * The configuration's `mcp` entry as the form shows it: `null` when the configuration is not a JSON object (the
 * section cannot edit it then), an empty draft when there is no entry.
 */
export function readMcpDraft(templateConfig: string): McpDraft | null {
  const config = parseTemplateConfig(templateConfig);
  if (!config) return null;
  const entry = config.mcp && typeof config.mcp === 'object' && !Array.isArray(config.mcp) ? (config.mcp as Record<string, unknown>) : {};
  return {
    url: typeof entry.url === 'string' ? entry.url : '',
    tools: Array.isArray(entry.tools) ? entry.tools.filter((tool): tool is string => typeof tool === 'string') : [],
  };
}

/**
 * The configuration with the `mcp` entry replaced (the other keys kept, in order), pretty-printed; without an entry
 * when the URL and the tools are both empty. Null when the configuration is not a JSON object.
 */
export function writeMcpDraft(templateConfig: string, draft: McpDraft): string | null {
  const config = parseTemplateConfig(templateConfig);
  if (!config) return null;
  const url = draft.url.trim();
  const next: Record<string, unknown> = {};
  let placed = false;
  for (const [key, value] of Object.entries(config)) {
    if (key !== 'mcp') next[key] = value;
    else if (url || draft.tools.length > 0) {
      next.mcp = { url, tools: draft.tools };
      placed = true;
    }
  }
  if (!placed && (url || draft.tools.length > 0)) next.mcp = { url, tools: draft.tools };
  return Object.keys(next).length === 0 ? '{}' : JSON.stringify(next, null, 2);
}

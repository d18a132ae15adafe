import type { DiscoverMcpToolsBody, McpToolList } from '@parley/shared/contracts/chatbot-actions';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /api/admin/ai-actions/mcp-tools: the server connects to the MCP server (public addresses only) and lists its
 * tools, for a template that points to it. The credential is used for this look-up only; nothing is saved.
 */
export function listTemplateMcpTools(body: DiscoverMcpToolsBody): Promise<McpToolList> {
  return api.post<McpToolList>('/api/admin/ai-actions/mcp-tools', body);
}

export function useListTemplateMcpTools() {
  return useMutation({ mutationFn: listTemplateMcpTools });
}

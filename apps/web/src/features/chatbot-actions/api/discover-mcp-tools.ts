import type { DiscoverMcpToolsBody, McpToolList } from '@parley/shared/contracts/chatbot-actions';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { chatbotActionsPath } from './get-chatbot-actions';

/** POST …/mcp-tools: the server connects to the MCP server and lists its tools (nothing is saved). */
export function discoverMcpTools(chatbotId: string, body: DiscoverMcpToolsBody): Promise<McpToolList> {
  return api.post<McpToolList>(`${chatbotActionsPath(chatbotId)}/mcp-tools`, body);
}

export function useDiscoverMcpTools(chatbotId: string) {
  return useMutation({ mutationFn: (body: DiscoverMcpToolsBody) => discoverMcpTools(chatbotId, body) });
}

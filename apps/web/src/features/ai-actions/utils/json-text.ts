/** Whether a text field meant to hold JSON parses: the Configuration tab and payload mappings show it as a hint. */
export type JsonTextCheck = { kind: 'empty' } | { kind: 'valid' } | { kind: 'invalid'; detail: string };

export function checkJsonText(text: string): JsonTextCheck {
  if (!text.trim()) return { kind: 'empty' };
  try {
    JSON.parse(text);
    return { kind: 'valid' };
  } catch (error) {
    return { kind: 'invalid', detail: error instanceof Error ? error.message : 'It does not parse.' };
  }
}

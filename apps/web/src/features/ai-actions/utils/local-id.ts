/** An id for a webhook or handler inside one template: a prefix and random letters (the contract allows [A-Za-z0-9_-]). */
export function newLocalId(prefix: string): string {
  const random =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return `${prefix}_${random}`;
}

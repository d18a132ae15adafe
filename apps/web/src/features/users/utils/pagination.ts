/** "1–100 of 250"; "0 users" when empty. */
export function pageRange(page: number, pageSize: number, total: number): string {
  if (total === 0) return '0 users';
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return `${first}–${last} of ${total}`;
}

export function pageCount(pageSize: number, total: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

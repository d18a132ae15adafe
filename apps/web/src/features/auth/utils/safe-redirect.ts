/** Only same-site paths may be redirect targets; anything else (absolute URLs, `//host`) becomes the fallback. */
export function safeRedirectPath(candidate: unknown, fallback: string): string {
  if (typeof candidate !== 'string') return fallback;
  if (!candidate.startsWith('/') || candidate.startsWith('//') || candidate.startsWith('/\\')) return fallback;
  if (candidate === '/auth' || candidate.startsWith('/auth/') || candidate.startsWith('/auth?')) return fallback;
  return candidate;
}

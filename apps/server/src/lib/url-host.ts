/** The host (and port, when not the scheme's own) of a URL as logs show it; null for none or one that does not parse. */
export function urlHost(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}

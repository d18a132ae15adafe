/**
 * Seconds to wait from a Retry-After header (delay-seconds or an HTTP date), at
 * least 1; null when the header is missing or unreadable.
 */
export function retryAfterSeconds(header: string | null | undefined, now: number = Date.now()): number | null {
  if (!header) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Math.max(1, parseInt(value, 10));
  // An HTTP date names its month ("Sun, 22 Nov 2026 10:00:42 GMT"); Date.parse would take "-5" as a year.
  const date = /[a-z]{3}/i.test(value) ? Date.parse(value) : NaN;
  if (isNaN(date)) return null;
  return Math.max(1, Math.ceil((date - now) / 1000));
}

/** The inline message for a 429: "Too many messages, try again in 30 s." */
export function rateLimitMessage(seconds: number | null): string {
  if (seconds === null) return 'Too many messages, try again in a moment.';
  if (seconds < 120) return `Too many messages, try again in ${seconds} s.`;
  return `Too many messages, try again in ${Math.ceil(seconds / 60)} min.`;
}

/** Black or white, whichever reads better on the chatbot's colour (WCAG relative luminance). */
export function readableTextColor(hex: string): '#ffffff' | '#111827' {
  const match = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!match) return '#ffffff';
  const n = parseInt(match[1] ?? '', 16);
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
  };
  const luminance = 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
  // Contrast with white is 1.05 / (L + 0.05); with near-black (#111827, L ≈ 0.011) it is (L + 0.05) / 0.061.
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.061 ? '#ffffff' : '#111827';
}

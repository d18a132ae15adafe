import type { DEVICE_TYPES } from '@parley/shared/contracts/account';

export interface DeviceSummary {
  browser: string | null;
  os: string | null;
  deviceType: (typeof DEVICE_TYPES)[number];
}

/** Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari". */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/\b(?:OPR|Opera)\/(\d+)/, 'Opera'],
  [/\bSamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/\bVivaldi\/(\d+)/, 'Vivaldi'],
  [/\bYaBrowser\/(\d+)/, 'Yandex Browser'],
  [/\b(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/(?:\bHeadless|\b)(?:Chrome|CriOS)\/(\d+)/, 'Chrome'],
  [/\bChromium\/(\d+)/, 'Chromium'],
  [/\bVersion\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];

const OPERATING_SYSTEMS: [RegExp, string | ((m: RegExpExecArray) => string)][] = [
  [/\bWindows NT 10\.0/, 'Windows'],
  [/\bWindows NT 6\.3/, 'Windows 8.1'],
  [/\bWindows NT 6\.1/, 'Windows 7'],
  [/\bWindows\b/, 'Windows'],
  [/\biPad\b.*? OS (\d+)/, (m) => `iPadOS ${m[1]}`],
  [/\b(?:iPhone|iPod)\b.*? OS (\d+)/, (m) => `iOS ${m[1]}`],
  [/\bAndroid (\d+)/, (m) => `Android ${m[1]}`],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** Browser, operating system and kind of device from a User-Agent header, for the sessions list. */
export function describeUserAgent(userAgent: string | null | undefined): DeviceSummary {
  const ua = (userAgent ?? '').slice(0, 500);
  if (!ua) return { browser: null, os: null, deviceType: 'unknown' };
  let browser: string | null = null;
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match) {
      browser = `${name} ${match[1]}`;
      break;
    }
  }
  let os: string | null = null;
  for (const [pattern, name] of OPERATING_SYSTEMS) {
    const match = pattern.exec(ua);
    if (match) {
      os = typeof name === 'string' ? name : name(match);
      break;
    }
  }
  const isTablet = /\biPad\b|\bTablet\b|Android(?!.*\bMobile\b)/i.test(ua);
  const isMobile = !isTablet && /\bMobi|iPhone|iPod|Android.*\bMobile\b/i.test(ua);
  const deviceType = isTablet ? 'tablet' : isMobile ? 'mobile' : browser || os ? 'desktop' : 'unknown';
  return { browser, os, deviceType };
}

import type { AVATAR_CONTENT_TYPES } from '@parley/shared/constants';

export type AvatarContentType = (typeof AVATAR_CONTENT_TYPES)[number];

export interface ImageInfo {
  contentType: AvatarContentType;
  width: number;
  height: number;
}

const startsWith = (data: Buffer, bytes: number[], at = 0) => data.length >= at + bytes.length && bytes.every((b, i) => data[at + i] === b);
const ascii = (data: Buffer, at: number, text: string) => data.length >= at + text.length && data.toString('latin1', at, at + text.length) === text;

/** The image type by its first bytes (never by the file name or the declared type). */
export function sniffImageType(data: Buffer): AvatarContentType | null {
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (ascii(data, 0, 'GIF87a') || ascii(data, 0, 'GIF89a')) return 'image/gif';
  if (ascii(data, 0, 'RIFF') && ascii(data, 8, 'WEBP')) return 'image/webp';
  return null;
}

function jpegSize(data: Buffer): { width: number; height: number } | null {
  let offset = 2;
  while (offset + 9 < data.length) {
    if (data[offset] !== 0xff) return null;
    const marker = data[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    // Markers without a length.
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    const length = data.readUInt16BE(offset + 2);
    // SOF0–SOF15 carry the size, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: data.readUInt16BE(offset + 5), width: data.readUInt16BE(offset + 7) };
    }
    if (length < 2) return null;
    offset += 2 + length;
  }
  return null;
}

function webpSize(data: Buffer): { width: number; height: number } | null {
  if (data.length < 30) return null;
  if (ascii(data, 12, 'VP8 ')) {
    // Key frame start code 9d 01 2a, then 14-bit width and height.
    if (!startsWith(data, [0x9d, 0x01, 0x2a], 23)) return null;
    return { width: data.readUInt16LE(26) & 0x3fff, height: data.readUInt16LE(28) & 0x3fff };
  }
  if (ascii(data, 12, 'VP8L')) {
    if (data[20] !== 0x2f) return null;
    const bits = data.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (ascii(data, 12, 'VP8X')) {
    return { width: data.readUIntLE(24, 3) + 1, height: data.readUIntLE(27, 3) + 1 };
  }
  return null;
}

/**
 * The type and pixel size of an image, read from its header without decoding it. Null when the
 * bytes are not a PNG, JPEG, WebP or GIF, or the header is cut short.
 */
export function readImageInfo(data: Buffer): ImageInfo | null {
  const contentType = sniffImageType(data);
  if (!contentType) return null;
  let size: { width: number; height: number } | null = null;
  if (contentType === 'image/png') {
    size = data.length >= 24 && ascii(data, 12, 'IHDR') ? { width: data.readUInt32BE(16), height: data.readUInt32BE(20) } : null;
  } else if (contentType === 'image/gif') {
    size = data.length >= 10 ? { width: data.readUInt16LE(6), height: data.readUInt16LE(8) } : null;
  } else if (contentType === 'image/jpeg') {
    size = jpegSize(data);
  } else {
    size = webpSize(data);
  }
  if (!size || size.width < 1 || size.height < 1) return null;
  return { contentType, ...size };
}

import { describe, expect, it } from 'vitest';
import { readImageInfo } from './avatar-image';
import { makePng } from './test-helpers';
import { describeUserAgent } from './user-agent';

describe('sessions list: device from the user agent', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87',
      { browser: 'Edge 126', os: 'Windows', deviceType: 'desktop' },
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', { browser: 'Firefox 128', os: 'Linux', deviceType: 'desktop' }],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
      { browser: 'Chrome 126', os: 'Android 14', deviceType: 'mobile' },
    ],
    [
      'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      { browser: 'Safari 17', os: 'iPadOS 17', deviceType: 'tablet' },
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      { browser: 'Safari 17', os: 'macOS', deviceType: 'desktop' },
    ],
    ['curl/8.5.0', { browser: null, os: null, deviceType: 'unknown' }],
    ['', { browser: null, os: null, deviceType: 'unknown' }],
  ])('%s', (ua, expected) => {
    expect(describeUserAgent(ua)).toEqual(expected);
  });
});

describe('avatar images: type and size from the header', () => {
  it('reads PNG, GIF, JPEG and WebP headers, and nothing else', () => {
    expect(readImageInfo(makePng(300, 200))).toEqual({ contentType: 'image/png', width: 300, height: 200 });
    const gif = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.from([0x40, 0x01, 0xf0, 0x00]), Buffer.alloc(20)]);
    expect(readImageInfo(gif)).toEqual({ contentType: 'image/gif', width: 320, height: 240 });
    // JPEG: SOI, an APP0 segment, then SOF0 with height 480 and width 640.
    const jpeg = Buffer.from([
      0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x0b, 0x08, 0x01, 0xe0, 0x02, 0x80, 0x01, 0x01, 0x11, 0x00, 0xff, 0xd9,
    ]);
    expect(readImageInfo(jpeg)).toEqual({ contentType: 'image/jpeg', width: 640, height: 480 });
    const vp8x = Buffer.alloc(40);
    vp8x.write('RIFF', 0, 'latin1');
    vp8x.write('WEBP', 8, 'latin1');
    vp8x.write('VP8X', 12, 'latin1');
    vp8x.writeUIntLE(1023, 24, 3);
    vp8x.writeUIntLE(767, 27, 3);
    expect(readImageInfo(vp8x)).toEqual({ contentType: 'image/webp', width: 1024, height: 768 });
    expect(readImageInfo(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(readImageInfo(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
  });
});

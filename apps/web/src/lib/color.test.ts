import { describe, expect, it } from 'vitest';
import { readableTextColor } from './color';

describe('readableTextColor', () => {
  it('picks white text on dark widget colours and black on light ones', () => {
    expect(readableTextColor('#4f46e5')).toBe('#ffffff');
    expect(readableTextColor('#000000')).toBe('#ffffff');
    expect(readableTextColor('#facc15')).toBe('#000000');
    expect(readableTextColor('#FFFFFF')).toBe('#000000');
  });
});

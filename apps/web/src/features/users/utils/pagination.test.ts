import { describe, expect, it } from 'vitest';
import { pageCount, pageRange } from './pagination';

describe('user list pages', () => {
  it('counts pages of 100 and names the rows shown', () => {
    expect(pageCount(100, 0)).toBe(1);
    expect(pageCount(100, 100)).toBe(1);
    expect(pageCount(100, 101)).toBe(2);
    expect(pageRange(1, 100, 0)).toBe('0 users');
    expect(pageRange(1, 100, 42)).toBe('1–42 of 42');
    expect(pageRange(3, 100, 250)).toBe('201–250 of 250');
  });
});

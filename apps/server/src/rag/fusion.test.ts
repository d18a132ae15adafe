import { describe, expect, it } from 'vitest';
import { reciprocalRankFusion } from './fusion';

describe('reciprocalRankFusion', () => {
  it('adds up 1 / (k + rank) over the lists, so an id found by both searches comes first', () => {
    const vector = ['a', 'b', 'c'];
    const fullText = ['c', 'd', 'a'];
    const fused = reciprocalRankFusion([vector, fullText]);
    expect(fused.map((result) => result.id)).toEqual(['a', 'c', 'b', 'd']);
    expect(fused[0]?.score).toBeCloseTo(1 / 61 + 1 / 63, 12);
    expect(fused[1]?.score).toBeCloseTo(1 / 63 + 1 / 61, 12);
    expect(fused[2]?.score).toBeCloseTo(1 / 62, 12);
  });

  it('breaks ties by first appearance, reading the lists in order', () => {
    expect(
      reciprocalRankFusion([
        ['x', 'y'],
        ['p', 'q'],
      ]).map((result) => result.id),
    ).toEqual(['x', 'p', 'y', 'q']);
    expect(
      reciprocalRankFusion([
        ['p', 'q'],
        ['x', 'y'],
      ]).map((result) => result.id),
    ).toEqual(['p', 'x', 'q', 'y']);
  });

  it('honours k and limit, and counts an id repeated within one list once, at its best rank', () => {
    const fused = reciprocalRankFusion([['a', 'a', 'b'], ['b']], { k: 1, limit: 1 });
    // 'b' keeps its place (third) in the first list: 1/(1+3) + 1/(1+1).
    expect(fused).toEqual([{ id: 'b', score: 1 / 4 + 1 / 2 }]);
    expect(reciprocalRankFusion([['a', 'a']], { k: 1 })).toEqual([{ id: 'a', score: 1 / 2 }]);
  });

  it('scales each list by its weight: a half-weight list orders only what the other leaves tied, and still fills in', () => {
    const vector = ['v', 'a', 'b'];
    const fullText = ['a', 'b', 'c'];
    const fused = reciprocalRankFusion([vector, fullText], { weights: [0.5, 1] });
    // 'v' (first of the half-weight list: 0.5/61) falls behind every full-text hit (1/63 for 'c').
    expect(fused.map((result) => result.id)).toEqual(['a', 'b', 'c', 'v']);
    expect(fused[0]?.score).toBeCloseTo(0.5 / 62 + 1 / 61, 12);
    expect(fused[3]?.score).toBeCloseTo(0.5 / 61, 12);
    // With nothing from the other list, the weighted one still answers, in its own order.
    expect(reciprocalRankFusion([vector, []], { weights: [0.5, 1] }).map((result) => result.id)).toEqual(['v', 'a', 'b']);
    expect(() => reciprocalRankFusion([vector, fullText], { weights: [1] })).toThrow(RangeError);
    expect(() => reciprocalRankFusion([vector], { weights: [-1] })).toThrow(RangeError);
    expect(() => reciprocalRankFusion([vector], { weights: [Number.NaN] })).toThrow(RangeError);
  });

  it('returns nothing for no lists, and refuses a k that is not positive', () => {
    expect(reciprocalRankFusion([])).toEqual([]);
    expect(reciprocalRankFusion([[], []], { limit: 5 })).toEqual([]);
    expect(() => reciprocalRankFusion([['a']], { k: 0 })).toThrow(RangeError);
  });
});

import { describe, expect, it } from 'vitest';
import { groupCitations } from './citations';

const FAQ = '3f2c1a4e-8b7d-4c6e-9f10-1a2b3c4d5e6f';
const GUIDE = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

describe('groupCitations', () => {
  it('lists each document once with the numbers the answer cites its passages by', () => {
    const groups = groupCitations([
      { sourceId: GUIDE, sourceName: 'guide.md', excerpt: 'Shipping takes three days.', number: 3 },
      { sourceId: FAQ, sourceName: 'faq', excerpt: 'Refunds take five days.', number: 2 },
      { sourceId: GUIDE, sourceName: 'guide.md', excerpt: 'We ship from Rotterdam.', number: 1 },
    ]);
    expect(groups).toEqual([
      {
        name: 'guide.md',
        numbers: [1, 3],
        excerpts: [
          { number: 3, text: 'Shipping takes three days.' },
          { number: 1, text: 'We ship from Rotterdam.' },
        ],
      },
      { name: 'faq', numbers: [2], excerpts: [{ number: 2, text: 'Refunds take five days.' }] },
    ]);
  });

  it('shows no number for a citation remembered from before numbers were kept', () => {
    expect(groupCitations([{ sourceId: FAQ, sourceName: 'faq', excerpt: 'Refunds take five days.' }])).toEqual([
      { name: 'faq', numbers: [], excerpts: [{ number: null, text: 'Refunds take five days.' }] },
    ]);
  });
});

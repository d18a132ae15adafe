import { describe, expect, it } from 'vitest';
import { csvToText, jsonToText, parseCsv } from './structured-text';

describe('CSV', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    expect(parseCsv('name,notes\r\n"Tea, green","He said ""hi""\nthen left"\r\nCoffee,\n')).toEqual([
      ['name', 'notes'],
      ['Tea, green', 'He said "hi"\nthen left'],
      ['Coffee', ''],
    ]);
  });

  it('detects semicolon- and tab-separated files', () => {
    expect(parseCsv('a;b\n1,5;2')).toEqual([
      ['a', 'b'],
      ['1,5', '2'],
    ]);
    expect(parseCsv('a\tb\n1\t2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('turns each row into "header: value" pairs, leaving out empty cells and naming unnamed columns', () => {
    expect(csvToText('Plan,Price,,Notes\nBasic,$5,monthly,\nPro,$20,,"Priority support, SSO"\n\n')).toBe(
      'Plan: Basic; Price: $5; Column 3: monthly\n\nPlan: Pro; Price: $20; Notes: Priority support, SSO',
    );
  });
});

describe('JSON', () => {
  it('flattens nested values into "path: value" lines, one record per paragraph', () => {
    expect(
      jsonToText([
        { name: 'Tea', price: 3.5, tags: ['hot', 'green'] },
        { name: 'Coffee', stock: null, sizes: { small: true } },
      ]),
    ).toBe('[0].name: Tea\n[0].price: 3.5\n[0].tags[0]: hot\n[0].tags[1]: green\n\n[1].name: Coffee\n[1].stock: null\n[1].sizes.small: true');
    expect(jsonToText('just a string')).toBe('just a string');
  });

  it('survives nesting deeper than the call stack', () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 50_000; i++) deep = { a: deep };
    expect(jsonToText(deep).endsWith(': bottom')).toBe(true);
  });
});

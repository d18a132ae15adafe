import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';
import { limitQueryCache } from './query-cache-limit';

const clients: QueryClient[] = [];
function limitedClient(max?: number) {
  const client = new QueryClient();
  clients.push(client);
  limitQueryCache(client.getQueryCache(), max);
  return client;
}

afterEach(() => {
  for (const client of clients.splice(0)) client.clear();
});

const hashes = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .map((query) => query.queryKey);

describe('client cache limit', () => {
  it('holds at most 1000 entries: the 1001st evicts the least recently used', () => {
    const client = limitedClient();
    for (let i = 0; i < 1000; i += 1) client.setQueryData(['item', i], i);
    expect(client.getQueryCache().getAll()).toHaveLength(1000);
    client.setQueryData(['item', 1000], 1000);
    expect(client.getQueryCache().getAll()).toHaveLength(1000);
    expect(client.getQueryData(['item', 0])).toBeUndefined();
    expect(client.getQueryData(['item', 1])).toBe(1);
    expect(client.getQueryData(['item', 1000])).toBe(1000);
  });

  it('counts a new fetch or new data as a use: the entry used longest ago goes first', () => {
    const client = limitedClient(3);
    client.setQueryData(['a'], 1);
    client.setQueryData(['b'], 1);
    client.setQueryData(['c'], 1);
    client.setQueryData(['a'], 2);
    client.setQueryData(['d'], 1);
    expect(hashes(client)).toEqual([['a'], ['c'], ['d']]);
  });

  it('never removes a query a screen is watching', () => {
    const client = limitedClient(2);
    client.setQueryData(['watched'], 1);
    const observer = new QueryObserver(client, { queryKey: ['watched'], queryFn: () => 1, enabled: false });
    const unsubscribe = observer.subscribe(() => undefined);
    client.setQueryData(['b'], 1);
    client.setQueryData(['c'], 1);
    expect(hashes(client)).toEqual([['watched'], ['c']]);
    unsubscribe();
  });

  it('is on in the app’s query client', () => {
    const client = createQueryClient();
    clients.push(client);
    for (let i = 0; i < 1001; i += 1) client.setQueryData(['item', i], i);
    expect(client.getQueryCache().getAll()).toHaveLength(1000);
    expect(client.getQueryData(['item', 0])).toBeUndefined();
  });
});

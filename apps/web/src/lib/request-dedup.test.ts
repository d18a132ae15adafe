import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRequestDeduper } from './request-dedup';

/** A request whose answer the test gives by hand. */
function controllable<T>() {
  const calls: { signal: AbortSignal; resolve: (value: T) => void; reject: (error: unknown) => void }[] = [];
  const send = vi.fn(
    (signal: AbortSignal) =>
      new Promise<T>((resolve, reject) => {
        calls.push({ signal, resolve, reject });
        signal.addEventListener('abort', () => reject(signal.reason));
      }),
  );
  return { send, calls };
}

describe('request de-duplication (controlled clock)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shares one request between identical requests started within 100 ms', async () => {
    const deduper = createRequestDeduper();
    const { send, calls } = controllable<string>();
    const first = deduper.run('GET /api/chatbots', send);
    await vi.advanceTimersByTimeAsync(99);
    const second = deduper.run('GET /api/chatbots', send);
    expect(send).toHaveBeenCalledTimes(1);
    calls[0]!.resolve('list');
    await expect(first).resolves.toBe('list');
    await expect(second).resolves.toBe('list');
  });

  it('shares nothing started before forgetAll (a write): the next request asks again, the one waiting keeps its answer', async () => {
    const deduper = createRequestDeduper();
    const { send, calls } = controllable<string>();
    const before = deduper.run('GET /api/handoffs', send);
    deduper.forgetAll();
    const after = deduper.run('GET /api/handoffs', send);
    expect(send).toHaveBeenCalledTimes(2);
    calls[0]!.resolve('before the write');
    calls[1]!.resolve('after the write');
    await expect(before).resolves.toBe('before the write');
    await expect(after).resolves.toBe('after the write');
  });

  it('shares an answer already received for the rest of the window, then asks again', async () => {
    const deduper = createRequestDeduper();
    const send = vi.fn(async () => `answer ${send.mock.calls.length}`);
    await expect(deduper.run('k', send)).resolves.toBe('answer 1');
    await vi.advanceTimersByTimeAsync(50);
    await expect(deduper.run('k', send)).resolves.toBe('answer 1');
    await vi.advanceTimersByTimeAsync(50);
    await expect(deduper.run('k', send)).resolves.toBe('answer 2');
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('sends a new request at 100 ms even while the first is still waiting for its answer', async () => {
    const deduper = createRequestDeduper();
    const { send, calls } = controllable<string>();
    const first = deduper.run('k', send);
    await vi.advanceTimersByTimeAsync(100);
    const second = deduper.run('k', send);
    expect(send).toHaveBeenCalledTimes(2);
    calls[1]!.resolve('new');
    calls[0]!.resolve('old');
    await expect(first).resolves.toBe('old');
    await expect(second).resolves.toBe('new');
  });

  it('never shares between different requests', async () => {
    const deduper = createRequestDeduper();
    const send = vi.fn(async () => 'x');
    await Promise.all([deduper.run('GET /a', send), deduper.run('GET /b', send)]);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('shares a failure too, and forgets it after the window', async () => {
    const deduper = createRequestDeduper();
    const { send, calls } = controllable<string>();
    const first = deduper.run('k', send);
    const second = deduper.run('k', send);
    calls[0]!.reject(new Error('offline'));
    await expect(first).rejects.toThrow('offline');
    await expect(second).rejects.toThrow('offline');
    await vi.advanceTimersByTimeAsync(100);
    expect(deduper.size).toBe(0);
  });

  it('lets one caller leave without cancelling the request the others still wait for', async () => {
    const deduper = createRequestDeduper();
    const { send, calls } = controllable<string>();
    const leaving = new AbortController();
    const staying = new AbortController();
    const left = deduper.run('k', send, leaving.signal);
    const stayed = deduper.run('k', send, staying.signal);
    leaving.abort();
    await expect(left).rejects.toMatchObject({ name: 'AbortError' });
    expect(calls[0]!.signal.aborted).toBe(false);
    calls[0]!.resolve('kept');
    await expect(stayed).resolves.toBe('kept');
  });

  it('cancels the request when every caller has left, and does not hand the cancelled one to the next caller', async () => {
    const deduper = createRequestDeduper();
    const { send, calls } = controllable<string>();
    const a = new AbortController();
    const b = new AbortController();
    const first = deduper.run('k', send, a.signal);
    const second = deduper.run('k', send, b.signal);
    a.abort();
    b.abort();
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    await expect(second).rejects.toMatchObject({ name: 'AbortError' });
    expect(calls[0]!.signal.aborted).toBe(true);
    const third = deduper.run('k', send);
    expect(send).toHaveBeenCalledTimes(2);
    calls[1]!.resolve('fresh');
    await expect(third).resolves.toBe('fresh');
  });
});

import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { server } from './server';

/*
 * The component tests' environment (vitest.config.ts, project web-components): jsdom, with the browser APIs it lacks
 * and Radix or the screens call, and MSW answering the api client at the network layer.
 */

// findBy and waitFor wait up to 5 s rather than 1 s: on a busy machine (two cores, a server suite beside) a big form
// takes longer than a second to render. A passing test does not wait for it.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no ResizeObserver; Radix measures with one. Nothing here resizes, so an observer that never reports is enough.
class InertResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= InertResizeObserver as unknown as typeof ResizeObserver;

if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// Radix Select and the tier panel scroll elements into view; Radix Select also captures the pointer.
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.setPointerCapture ??= () => {};
Element.prototype.releasePointerCapture ??= () => {};

/*
 * A request that no handler answers is a test that does not know what its screen asks for. MSW's 'error' strategy
 * makes the fetch fail (nothing leaves the machine), which a screen may show as a network error and a test may not
 * notice; collected here as well, it fails the test.
 */
const unhandledRequests: string[] = [];
beforeAll(() =>
  server.listen({
    onUnhandledRequest: (request, print) => {
      unhandledRequests.push(`${request.method} ${request.url}`);
      print.error();
    },
  }),
);

/*
 * The api client lets identical GETs within 100 ms share one request (lib/request-dedup.ts), keyed by URL, headers
 * and document.cookie. Tests follow each other faster than that: a cookie of its own per test keeps one test's
 * answer from reaching the next.
 */
let testNumber = 0;
beforeEach(() => {
  testNumber += 1;
  document.cookie = `component-test=${testNumber}; path=/`;
});
afterEach(async () => {
  const unhandled = unhandledRequests.splice(0);
  cleanup();
  // sonner keeps its toasts in module state and replays the ones not dismissed to the next Toaster that mounts.
  await Promise.resolve();
  toast.dismiss();
  server.resetHandlers();
  window.localStorage.clear();
  // Checkout tests follow the screen's redirect through a hash (jsdom navigates only within a document).
  window.location.hash = '';
  if (unhandled.length > 0) throw new Error(`Requests no handler answered:\n${unhandled.join('\n')}`);
});
afterAll(() => server.close());

import { describe, expect, it } from 'vitest';
import { startServer } from './support/server';

describe('graceful shutdown', () => {
  it('on SIGTERM finishes the requests in flight, then exits with code 0', async () => {
    const server = await startServer();
    try {
      // Sign-in attempts take ~100 ms (password hashing): start several, then ask the server to stop.
      const inFlight = Array.from({ length: 4 }, (_, i) =>
        fetch(`${server.url}/api/auth/sign-in/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: server.url },
          body: JSON.stringify({ email: `nobody-${i}@example.com`, password: 'not the password' }),
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 30));
      const exitCode = server.terminate();
      const responses = await Promise.all(inFlight);
      expect(responses.map((r) => r.status)).toEqual([401, 401, 401, 401]);
      expect(await exitCode).toBe(0);
      await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
    } finally {
      await server.stop();
    }
  });
});

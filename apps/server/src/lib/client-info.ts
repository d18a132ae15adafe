import type { FastifyRequest } from 'fastify';

/** The client IP as Fastify resolved it (honouring TRUSTED_PROXY), and the user agent. */
export function clientInfo(request: FastifyRequest): { ipAddress: string; userAgent: string | null } {
  const ua = request.headers['user-agent'];
  return { ipAddress: request.ip || 'unknown', userAgent: typeof ua === 'string' ? ua.slice(0, 500) : null };
}

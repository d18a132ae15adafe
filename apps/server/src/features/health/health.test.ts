import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import { describeEachDatabase, pgliteTemplates, testConfig } from '../../test/harness';

describeEachDatabase('GET /api/health', (ctx) => {
  it('answers 200 with status ok and a timed database probe', async () => {
    const response = await ctx().app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe('ok');
    expect(body.database.status).toBe('healthy');
    expect(body.database.responseTimeMs).toBeGreaterThanOrEqual(0);
    expect(body.database.driver).toBe(ctx().database.driver);
  });

  it('reports how vector search runs, with a warning when pgvector is missing', async () => {
    const body = (await ctx().app.inject({ method: 'GET', url: '/api/health' })).json();
    expect(body.database.vectorSearch).toBe(ctx().database.vectorSearch);
    if (body.database.vectorSearch === 'exact') expect(body.warnings.join(' ')).toMatch(/pgvector/);
  });
});

describe('GET /api/health when the database is gone', () => {
  it('answers 503 with status error', async () => {
    const database = await openDatabase(pgliteTemplates());
    const app = await buildApp(testConfig(), { database, logger: false });
    await database.close();
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json().status).toBe('error');
    expect(response.headers['retry-after']).toBe('5');
    await app.close();
  });
});

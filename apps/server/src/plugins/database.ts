import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Db } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
  }
}

/** Exposes the opened database; closes it when the app closes (after in-flight requests). */
export const databasePlugin = fp(
  async (app: FastifyInstance, options: { database: Database; closeOnShutdown: boolean }) => {
    app.decorate('database', options.database);
    app.decorate('db', options.database.db);
    if (options.closeOnShutdown) app.addHook('onClose', async () => options.database.close());
  },
  { name: 'database' },
);

import type { AdminRole } from '@parley/shared/access';
import { okResponseSchema } from '@parley/shared/contracts/auth';
import { idParamsSchema } from '@parley/shared/contracts/common';
import { errorResponses } from '@parley/shared/contracts/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../db/client';

/** Who changed the catalogue and from where: what the audit row records. */
export interface CatalogueActor {
  id: string;
  context: { ipAddress: string; userAgent: string | null };
}

/** One admin catalogue (FAQs, token packages, …): its paths, who may change it, its contract and its service. */
export interface Catalogue<Item extends z.ZodType, Create extends z.ZodType, Update extends z.ZodType> {
  /** The collection's path; one row is `${path}/:id`. */
  path: string;
  access: AdminRole;
  tags: string[];
  summaries: { list: string; create: string; update: string; delete: string };
  schemas: { item: Item; list: z.ZodType; create: Create; update: Update };
  list(db: Db): Promise<z.infer<Item>[]>;
  create(db: Db, body: z.infer<Create>, actor: CatalogueActor): Promise<z.infer<Item>>;
  update(db: Db, id: string, body: z.infer<Update>, actor: CatalogueActor): Promise<z.infer<Item>>;
  remove(db: Db, id: string, actor: CatalogueActor): Promise<void>;
}

const errors = errorResponses(400, 401, 403, 404, 409);

/**
 * The four routes of an admin catalogue: list (`GET path` → `{ items }`), create (`POST path` → 201), change
 * (`PUT path/:id`) and delete (`DELETE path/:id` → `{ ok: true }`), each declaring its access and its contract, the
 * changes made as the signed-in admin (the service writes the audit row in the change's transaction).
 */
export function registerCatalogueRoutes<Item extends z.ZodType, Create extends z.ZodType, Update extends z.ZodType>(
  app: FastifyInstance,
  catalogue: Catalogue<Item, Create, Update>,
): void {
  const { path, access, tags, summaries, schemas } = catalogue;
  // The bodies are parsed by the contract's schema (the zod validator compiler) before a handler runs: the casts name
  // the parsed type, which Fastify cannot infer through the generic schema.
  // The guard let only the declared admins through; request.actor is the one acting.
  const actorOf = (request: FastifyRequest): CatalogueActor => ({ id: request.actor.userId, context: request.actor });

  app.route({
    method: 'GET',
    url: path,
    config: { access },
    schema: { tags, summary: summaries.list, response: { 200: schemas.list, ...errors } },
    handler: async () => ({ items: await catalogue.list(app.db) }),
  });

  app.route({
    method: 'POST',
    url: path,
    config: { access },
    schema: { tags, summary: summaries.create, body: schemas.create, response: { 201: schemas.item, ...errors } },
    handler: async (request, reply) => reply.status(201).send(await catalogue.create(app.db, request.body as z.infer<Create>, actorOf(request))),
  });

  app.route<{ Params: { id: string } }>({
    method: 'PUT',
    url: `${path}/:id`,
    config: { access },
    schema: { tags, summary: summaries.update, params: idParamsSchema, body: schemas.update, response: { 200: schemas.item, ...errors } },
    handler: async (request) => catalogue.update(app.db, request.params.id, request.body as z.infer<Update>, actorOf(request)),
  });

  app.route<{ Params: { id: string } }>({
    method: 'DELETE',
    url: `${path}/:id`,
    config: { access },
    schema: { tags, summary: summaries.delete, params: idParamsSchema, response: { 200: okResponseSchema, ...errors } },
    handler: async (request) => {
      await catalogue.remove(app.db, request.params.id, actorOf(request));
      return { ok: true as const };
    },
  });
}

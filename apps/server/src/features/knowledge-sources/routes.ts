import { okResponseSchema } from '@parley/shared/contracts/auth';
import {
  chatbotSourceParamsSchema,
  createTextSourceBodySchema,
  createUrlSourceBodySchema,
  knowledgeSourceListQuerySchema,
  knowledgeSourceListSchema,
  knowledgeSourceSchema,
  TEXT_SOURCE_BODY_LIMIT_BYTES,
} from '@parley/shared/contracts/chatbots';
import { idParamsSchema } from '@parley/shared/contracts/common';
import { errorResponseSchema } from '@parley/shared/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { requireMembership } from '../../plugins/access';
import { detectFormat } from '../../rag/parsers';
import { DocumentError } from '../../rag/document-error';
import { queueRunAfterTrainingChange } from '../evaluations/runs';
import { addSource, deleteSource, listSources, reprocessSource } from './service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  413: errorResponseSchema,
  503: errorResponseSchema,
};
const tags = ['training data'];

export const knowledgeSourceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/chatbots/:id/sources',
    {
      config: { access: 'user', orgRole: 'member' },
      schema: {
        tags,
        summary: 'A chatbot’s training data with processing status, a page at a time, newest first',
        params: idParamsSchema,
        querystring: knowledgeSourceListQuerySchema,
        response: { 200: knowledgeSourceListSchema, ...errors },
      },
    },
    async (request) => listSources(app.db, requireMembership(request).organizationId, request.params.id, request.query),
  );

  app.post(
    '/api/chatbots/:id/sources/text',
    {
      // 500,000 characters of CJK script are 1.5 MB of UTF-8, and 3 MB from a client that escapes them as \uXXXX.
      bodyLimit: TEXT_SOURCE_BODY_LIMIT_BYTES,
      config: { access: 'user', orgRole: 'member' },
      schema: {
        tags,
        summary: 'Add pasted text',
        params: idParamsSchema,
        body: createTextSourceBodySchema,
        response: { 201: knowledgeSourceSchema, ...errors },
      },
    },
    async (request, reply) => {
      const source = await addSource(app.db, app.jobs, requireMembership(request).organizationId, request.params.id, {
        kind: 'text',
        name: request.body.name,
        mimeType: 'text/plain',
        data: Buffer.from(request.body.text, 'utf8'),
      });
      return reply.status(201).send(source);
    },
  );

  app.post(
    '/api/chatbots/:id/sources/url',
    {
      config: { access: 'user', orgRole: 'member' },
      schema: {
        tags,
        summary: 'Add a web page (fetched by the server)',
        params: idParamsSchema,
        body: createUrlSourceBodySchema,
        response: { 201: knowledgeSourceSchema, ...errors },
      },
    },
    async (request, reply) => {
      const url = new URL(request.body.url);
      const source = await addSource(app.db, app.jobs, requireMembership(request).organizationId, request.params.id, {
        kind: 'url',
        name: `${url.host}${url.pathname}`,
        sourceUrl: url.toString(),
      });
      return reply.status(201).send(source);
    },
  );

  app.post(
    '/api/chatbots/:id/sources/file',
    {
      config: { access: 'user', orgRole: 'member' },
      schema: {
        tags,
        summary: 'Upload a file (multipart field "file"): txt, md, html, pdf, docx, csv or json',
        params: idParamsSchema,
        response: { 201: knowledgeSourceSchema, ...errors },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new AppError('VALIDATION_ERROR', 'Send the file as multipart/form-data in a field named "file".');
      const file = await request.file();
      if (!file || file.fieldname !== 'file') throw new AppError('VALIDATION_ERROR', 'Send the file as multipart/form-data in a field named "file".');
      try {
        detectFormat(file.filename, file.mimetype);
      } catch (error) {
        if (error instanceof DocumentError) throw new AppError('VALIDATION_ERROR', error.message);
        throw error;
      }
      let data: Buffer;
      try {
        data = await file.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError('PAYLOAD_TOO_LARGE', 'The file is larger than the upload limit.');
        throw error;
      }
      const source = await addSource(app.db, app.jobs, requireMembership(request).organizationId, request.params.id, {
        kind: 'file',
        name: file.filename,
        mimeType: file.mimetype,
        data,
      });
      return reply.status(201).send(source);
    },
  );

  app.post(
    '/api/chatbots/:id/sources/:sourceId/reprocess',
    {
      config: { access: 'user', orgRole: 'member' },
      schema: { tags, summary: 'Process a source again', params: chatbotSourceParamsSchema, response: { 200: knowledgeSourceSchema, ...errors } },
    },
    async (request) => reprocessSource(app.db, app.jobs, requireMembership(request).organizationId, request.params.id, request.params.sourceId),
  );

  app.delete(
    '/api/chatbots/:id/sources/:sourceId',
    {
      config: { access: 'user', orgRole: 'member' },
      schema: { tags, summary: 'Delete a source and its chunks', params: chatbotSourceParamsSchema, response: { 200: okResponseSchema, ...errors } },
    },
    async (request) => {
      await deleteSource(app.db, requireMembership(request).organizationId, request.params.id, request.params.sourceId);
      await queueRunAfterTrainingChange({ db: app.db, jobs: app.jobs, log: request.log }, { chatbotId: request.params.id });
      return { ok: true as const };
    },
  );
};

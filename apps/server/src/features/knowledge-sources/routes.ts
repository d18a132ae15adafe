import { okResponseSchema } from '@parley/shared/contracts/auth';
import {
  chatbotSourceParamsSchema,
  createTextSourceBodySchema,
  createUrlSourceBodySchema,
  knowledgeSourceListQuerySchema,
  knowledgeSourceListSchema,
  knowledgeSourceSchema,
  reembedResultSchema,
  TEXT_SOURCE_BODY_LIMIT_BYTES,
} from '@parley/shared/contracts/knowledge-sources';
import { idParamsSchema } from '@parley/shared/contracts/common';
import { errorResponseSchema, errorResponses } from '@parley/shared/contracts/errors';
import { sourceCostEstimateSchema } from '@parley/shared/contracts/token-credits';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { requireMembership } from '../../plugins/access';
import { detectFormat } from '../../rag/parsers';
import { DocumentError } from '../../rag/document-error';
import { queueRunAfterTrainingChange } from '../evaluations/index';
import { estimateSourceCost, type EstimateDeps } from './estimate';
import { addSource, deleteSource, listSources, reembedChatbot, reprocessSource, type NewSource } from './service';
import { embeddingChooserFor } from '../../providers/ai/models';
import { readSystemConfiguration } from '../../services/system-configuration';

const errors = errorResponses(400, 401, 403, 404, 413, 503);
const tags = ['training data'];

const textSource = (body: { name: string; text: string }): NewSource => ({
  kind: 'text',
  name: body.name,
  mimeType: 'text/plain',
  data: Buffer.from(body.text, 'utf8'),
});

const urlSource = (address: string): NewSource => {
  const url = new URL(address);
  return { kind: 'url', name: `${url.host}${url.pathname}`, sourceUrl: url.toString() };
};

/** The multipart field "file", in a format Parley reads and within the upload limit. */
async function uploadedFile(request: FastifyRequest): Promise<NewSource> {
  if (!request.isMultipart()) throw new AppError('VALIDATION_ERROR', 'Send the file as multipart/form-data in a field named "file".');
  const file = await request.file();
  if (!file || file.fieldname !== 'file') throw new AppError('VALIDATION_ERROR', 'Send the file as multipart/form-data in a field named "file".');
  try {
    detectFormat(file.filename, file.mimetype);
  } catch (error) {
    if (error instanceof DocumentError) throw new AppError('VALIDATION_ERROR', error.message);
    throw error;
  }
  try {
    return { kind: 'file', name: file.filename, mimeType: file.mimetype, data: await file.toBuffer() };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', 'The file is larger than the upload limit.');
    // A body cut short or with a wrong boundary is the caller's to fix, not a server fault.
    if (/multipart/i.test((error as Error).message)) throw new AppError('VALIDATION_ERROR', 'The multipart/form-data body is incomplete or malformed.');
    throw error;
  }
}

export const knowledgeSourceRoutes: FastifyPluginAsyncZod = async (app) => {
  const estimateDeps: EstimateDeps = {
    db: app.db,
    meter: app.tokenMeter,
    fetchTimeoutMs: app.config.fetch.timeoutMs,
    allowPrivateNetworks: app.config.fetch.allowPrivateNetworks,
  };
  const embeddingChooser = () => embeddingChooserFor(app, app.config.ai.openaiCompatibleEmbedding);
  const estimateSummary = 'What the source would cost (read and measured as processing will), against what is left this month';

  /** Re-embed: the chatbot moves to the embedder a new chatbot would get, and every source is processed again. */
  app.post(
    '/api/chatbots/:id/re-embed',
    {
      config: { access: 'user', permission: 'chatbots.edit' },
      schema: {
        tags: ['chatbots'],
        summary: 'Embed every source again with the current default embedder',
        params: idParamsSchema,
        response: {
          200: reembedResultSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const { organizationId } = requireMembership(request);
      const settings = await readSystemConfiguration(app.db);
      const embedding = (await embeddingChooser())({ model: settings.defaultEmbeddingModel, dimensions: settings.defaultEmbeddingDimensions });
      const queued = await reembedChatbot(app.db, app.jobs, organizationId, request.params.id, embedding);
      return { embedding, queued };
    },
  );
  app.post(
    '/api/chatbots/:id/sources/text/estimate',
    {
      bodyLimit: TEXT_SOURCE_BODY_LIMIT_BYTES,
      config: { access: 'user', permission: 'sources.manage' },
      schema: {
        tags,
        summary: `Pasted text: ${estimateSummary}`,
        params: idParamsSchema,
        body: createTextSourceBodySchema,
        response: { 200: sourceCostEstimateSchema, ...errors },
      },
    },
    async (request) => estimateSourceCost(estimateDeps, requireMembership(request).organizationId, request.params.id, textSource(request.body)),
  );

  app.post(
    '/api/chatbots/:id/sources/url/estimate',
    {
      config: { access: 'user', permission: 'sources.manage' },
      schema: {
        tags,
        summary: `A web page (fetched now): ${estimateSummary}`,
        params: idParamsSchema,
        body: createUrlSourceBodySchema,
        response: { 200: sourceCostEstimateSchema, ...errors },
      },
    },
    async (request) => estimateSourceCost(estimateDeps, requireMembership(request).organizationId, request.params.id, urlSource(request.body.url)),
  );

  app.post(
    '/api/chatbots/:id/sources/file/estimate',
    {
      config: { access: 'user', permission: 'sources.manage' },
      schema: {
        tags,
        summary: `A file (multipart field "file"): ${estimateSummary}`,
        params: idParamsSchema,
        response: { 200: sourceCostEstimateSchema, ...errors },
      },
    },
    async (request) => estimateSourceCost(estimateDeps, requireMembership(request).organizationId, request.params.id, await uploadedFile(request)),
  );

  app.get(
    '/api/chatbots/:id/sources',
    {
      config: { access: 'user', permission: 'chatbots.view' },
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
      config: { access: 'user', permission: 'sources.manage' },
      schema: {
        tags,
        summary: 'Add pasted text',
        params: idParamsSchema,
        body: createTextSourceBodySchema,
        response: { 201: knowledgeSourceSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { organizationId } = requireMembership(request);
      const input = textSource(request.body);
      // Pasted text is measured at once: text that costs more than is left is refused before it is stored.
      const cost = await estimateSourceCost(estimateDeps, organizationId, request.params.id, input);
      if (!cost.fits) throw new AppError('LIMIT_REACHED', cost.refusal);
      const source = await addSource(app.db, app.jobs, organizationId, request.params.id, input);
      return reply.status(201).send(source);
    },
  );

  app.post(
    '/api/chatbots/:id/sources/url',
    {
      config: { access: 'user', permission: 'sources.manage' },
      schema: {
        tags,
        summary: 'Add a web page (fetched by the server)',
        params: idParamsSchema,
        body: createUrlSourceBodySchema,
        response: { 201: knowledgeSourceSchema, ...errors },
      },
    },
    async (request, reply) => {
      const source = await addSource(app.db, app.jobs, requireMembership(request).organizationId, request.params.id, urlSource(request.body.url));
      return reply.status(201).send(source);
    },
  );

  app.post(
    '/api/chatbots/:id/sources/file',
    {
      config: { access: 'user', permission: 'sources.manage' },
      schema: {
        tags,
        summary: 'Upload a file (multipart field "file"): txt, md, html, pdf, docx, csv or json',
        params: idParamsSchema,
        response: { 201: knowledgeSourceSchema, ...errors },
      },
    },
    async (request, reply) => {
      const source = await addSource(app.db, app.jobs, requireMembership(request).organizationId, request.params.id, await uploadedFile(request));
      return reply.status(201).send(source);
    },
  );

  app.post(
    '/api/chatbots/:id/sources/:sourceId/reprocess',
    {
      config: { access: 'user', permission: 'sources.manage' },
      schema: { tags, summary: 'Process a source again', params: chatbotSourceParamsSchema, response: { 200: knowledgeSourceSchema, ...errors } },
    },
    async (request) => reprocessSource(app.db, app.jobs, requireMembership(request).organizationId, request.params.id, request.params.sourceId),
  );

  app.delete(
    '/api/chatbots/:id/sources/:sourceId',
    {
      config: { access: 'user', permission: 'sources.manage' },
      schema: { tags, summary: 'Delete a source and its chunks', params: chatbotSourceParamsSchema, response: { 200: okResponseSchema, ...errors } },
    },
    async (request) => {
      await deleteSource(app.db, requireMembership(request).organizationId, request.params.id, request.params.sourceId);
      await queueRunAfterTrainingChange({ db: app.db, jobs: app.jobs, log: request.log }, { chatbotId: request.params.id });
      return { ok: true as const };
    },
  );
};

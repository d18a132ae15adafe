import { documentCostMessage, documentCostRefusal, documentCostShare, type SourceCostEstimate } from '@parley/shared/contracts/token-credits';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { FetchGuardError } from '../../lib/safe-request';
import { DocumentError } from '../../rag/document-error';
import { extractDocumentOffThread } from '../../rag/document-thread';
import { findChatbotInOrganization } from '../chatbots/index';
import { readSystemConfiguration } from '../../services/system-configuration';
import type { TokenMeter } from '../../services/token-meter';
import { allowanceAndBalance } from '../usage/index';
import { readSourceDocument } from './document-input';
import type { NewSource } from './service';

export interface EstimateDeps {
  db: Db;
  meter: Pick<TokenMeter, 'storageCharge'>;
  fetchTimeoutMs: number;
  allowPrivateNetworks: boolean;
}

const WHAT: Record<NewSource['kind'], string> = { file: 'This document', url: 'This web page', text: 'This text' };

/**
 * What a source would cost if it were added now, read and measured exactly as processing will (the same reading of
 * the file, page or text, the same meter), against what is left of the month's allowance and the token balance. A web
 * page is fetched again when it is processed, so its cost is checked again then.
 */
export async function estimateSourceCost(
  deps: EstimateDeps,
  organizationId: string,
  chatbotId: string,
  input: NewSource,
): Promise<SourceCostEstimate & { refusal: string }> {
  await findChatbotInOrganization(deps.db, organizationId, chatbotId);
  const settings = await readSystemConfiguration(deps.db);
  const maxBytes = settings.maxDocumentSizeMb * 1024 * 1024;
  if ((input.data?.byteLength ?? 0) > maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', `Documents can be at most ${settings.maxDocumentSizeMb} MB.`);
  let text: string;
  try {
    const document = await readSourceDocument(input, { timeoutMs: deps.fetchTimeoutMs, maxBytes, allowPrivateNetworks: deps.allowPrivateNetworks });
    if (!document) throw new AppError('VALIDATION_ERROR', 'The source has no content.');
    text = (await extractDocumentOffThread({ data: new Uint8Array(document.data), filename: document.filename, mimeType: document.mimeType, maxBytes })).text;
  } catch (error) {
    if (error instanceof FetchGuardError || error instanceof DocumentError) throw new AppError('VALIDATION_ERROR', error.message);
    throw error;
  }
  if (text.trim() === '') throw new AppError('VALIDATION_ERROR', 'No text could be read from this source.');
  const charge = await deps.meter.storageCharge(text);
  const { limit, used, allowanceLeft, balance } = await allowanceAndBalance(deps.db, organizationId);
  const figures = { tokens: charge.tokens, monthlyLimit: limit, allowanceLeft, tokenBalance: balance };
  const { fromTokenBalance, fits } = documentCostShare(figures);
  return {
    tokens: charge.tokens,
    rule: { characters: charge.characters, tokensPerCharacter: charge.tokensPerCharacter, multiplier: charge.multiplier },
    monthlyLimit: limit,
    usedThisMonth: used,
    allowanceLeft,
    tokenBalance: balance,
    fromTokenBalance,
    fits,
    message: documentCostMessage(figures, WHAT[input.kind]),
    refusal: documentCostRefusal(figures, WHAT[input.kind]),
  };
}

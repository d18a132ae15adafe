export type DocumentErrorCode = 'UNSUPPORTED_TYPE' | 'CORRUPT' | 'EMPTY' | 'TOO_LARGE';

/**
 * A document that cannot become text. The message is written for the
 * customer who uploaded it (shown as the source's failure reason); the cause,
 * when there is one, is for the server log.
 */
export class DocumentError extends Error {
  override name = 'DocumentError';
  constructor(
    readonly code: DocumentErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

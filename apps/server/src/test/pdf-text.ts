/** The text a PDF reader finds in a document (pdf.js through unpdf, as document ingestion reads PDFs), pages joined. */
export async function pdfText(pdf: Buffer | Uint8Array): Promise<string> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text;
}

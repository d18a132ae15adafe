import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * A one-page invoice as a real PDF: the sandbox's invoice_pdf. Text is set in DejaVu Sans (package dejavu-fonts-ttf,
 * Bitstream Vera / DejaVu licence: free to embed), embedded as a subset, so "—", "€", accented and non-Latin names
 * print as written instead of "?" (the standard PDF fonts cover WinAnsi only). pdf-lib and the fonts load on the first
 * invoice, not at start-up.
 */
export interface InvoicePdfInput {
  number: string;
  status: string;
  issuedAt: Date;
  dueAt: Date | null;
  paidAt: Date | null;
  organizationName: string;
  customerEmail: string;
  description: string;
  periodStart: Date | null;
  periodEnd: Date | null;
  subtotalCents: number;
  taxCents: number;
  amountCents: number;
  currency: string;
}

const day = (date: Date) => date.toISOString().slice(0, 10);
const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
/** Control characters and line breaks have no glyph: a name or description prints on one line. */
const printable = (text: string) => text.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ');

let fontsPromise: Promise<{ regular: Uint8Array; bold: Uint8Array }> | undefined;
function loadFonts() {
  fontsPromise ??= (async () => {
    const directory = path.join(path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
    const [regular, bold] = await Promise.all([readFile(path.join(directory, 'DejaVuSans.ttf')), readFile(path.join(directory, 'DejaVuSans-Bold.ttf'))]);
    return { regular, bold };
  })();
  fontsPromise.catch(() => (fontsPromise = undefined));
  return fontsPromise;
}

export async function renderInvoicePdf(input: InvoicePdfInput): Promise<Buffer> {
  const [{ PDFDocument, rgb }, { default: fontkit }, fonts] = await Promise.all([import('pdf-lib'), import('@pdf-lib/fontkit'), loadFonts()]);
  const document = await PDFDocument.create();
  document.registerFontkit(fontkit);
  const [regular, bold] = await Promise.all([document.embedFont(fonts.regular, { subset: true }), document.embedFont(fonts.bold, { subset: true })]);
  document.setTitle(printable(`Invoice ${input.number}`));
  document.setProducer('Parley');
  document.setCreator('Parley');
  const page = document.addPage([595, 842]);

  const add = (text: string, x: number, y: number, size = 11, isBold = false) => page.drawText(printable(text), { x, y, size, font: isBold ? bold : regular });
  const rule = (y: number) => page.drawLine({ start: { x: 56, y }, end: { x: 540, y }, thickness: 1, color: rgb(0.85, 0.85, 0.85) });

  rule(640);
  rule(575);
  add('Parley', 56, 780, 22, true);
  add(`Invoice ${input.number}`, 56, 745, 16, true);
  add(`Status: ${input.status}`, 400, 780, 11, true);
  add(`Issued: ${day(input.issuedAt)}`, 56, 715);
  if (input.dueAt) add(`Due: ${day(input.dueAt)}`, 56, 700);
  if (input.paidAt) add(`Paid: ${day(input.paidAt)}`, 56, 685);
  add('Bill to', 330, 715, 11, true);
  add(input.organizationName, 330, 700);
  add(input.customerEmail, 330, 685);
  add('Description', 56, 630, 11, true);
  add('Amount', 460, 630, 11, true);
  add(Array.from(input.description).slice(0, 70).join(''), 56, 610);
  add(money(input.subtotalCents, input.currency), 460, 610);
  if (input.periodStart && input.periodEnd) add(`Service period ${day(input.periodStart)} to ${day(input.periodEnd)}`, 56, 594, 9);
  add('Subtotal', 330, 560);
  add(money(input.subtotalCents, input.currency), 460, 560);
  add('Tax', 330, 544);
  add(money(input.taxCents, input.currency), 460, 544);
  add('Total', 330, 522, 12, true);
  add(money(input.amountCents, input.currency), 460, 522, 12, true);
  add('Issued by the Parley sandbox payment provider (test mode): no money was moved.', 56, 80, 9);

  return Buffer.from(await document.save());
}

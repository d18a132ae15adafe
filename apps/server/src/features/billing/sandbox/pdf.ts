/**
 * A one-page invoice as a real PDF (PDF 1.4, the standard Helvetica fonts, no dependency): the sandbox's invoice_pdf.
 * Text is limited to Latin-1 (WinAnsi); anything else is replaced with "?".
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

const latin1 = (text: string) => text.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
const escape = (text: string) => latin1(text).replace(/\\/g, '\\\\').replace(/\(/g, '\\(').replace(/\)/g, '\\)');
const day = (date: Date) => date.toISOString().slice(0, 10);
const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

export function renderInvoicePdf(input: InvoicePdfInput): Buffer {
  const lines: { text: string; x: number; y: number; size: number; bold?: boolean }[] = [];
  const add = (text: string, x: number, y: number, size = 11, bold = false) => lines.push({ text, x, y, size, bold });
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
  add(input.description.slice(0, 70), 56, 610);
  add(money(input.subtotalCents, input.currency), 460, 610);
  if (input.periodStart && input.periodEnd) add(`Service period ${day(input.periodStart)} to ${day(input.periodEnd)}`, 56, 594, 9);
  add('Subtotal', 330, 560);
  add(money(input.subtotalCents, input.currency), 460, 560);
  add('Tax', 330, 544);
  add(money(input.taxCents, input.currency), 460, 544);
  add('Total', 330, 522, 12, true);
  add(money(input.amountCents, input.currency), 460, 522, 12, true);
  add('Issued by the Parley sandbox payment provider (test mode): no money was moved.', 56, 80, 9);

  const content = [
    '0.85 0.85 0.85 RG 56 640 m 540 640 l S 56 575 m 540 575 l S',
    ...lines.map((l) => `BT /${l.bold ? 'F2' : 'F1'} ${l.size} Tf ${l.x} ${l.y} Td (${escape(l.text)}) Tj ET`),
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    `<< /Title (${escape(`Invoice ${input.number}`)}) /Producer (Parley) >>`,
  ];
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

import { expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf-text';
import { renderInvoicePdf } from './pdf';

it('prints "—", "€" and names outside Latin-1 as written, not as "?"', async () => {
  const pdf = await renderInvoicePdf({
    number: 'INV-0007',
    status: 'paid',
    issuedAt: new Date('2026-11-02T10:00:00Z'),
    dueAt: null,
    paidAt: new Date('2026-11-02T10:00:00Z'),
    organizationName: 'Łódź Ćwiczenia — Zoë & Søn',
    customerEmail: 'owner@example.com',
    description: 'Starter pack — 100,000 tokens (€ pricing)',
    periodStart: null,
    periodEnd: null,
    subtotalCents: 1500,
    taxCents: 0,
    amountCents: 1500,
    currency: 'eur',
  });
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = await pdfText(pdf);
  expect(text).toContain('Starter pack — 100,000 tokens (€ pricing)');
  expect(text).toContain('Łódź Ćwiczenia — Zoë & Søn');
  expect(text).toContain('Invoice INV-0007');
  expect(text).toContain('15.00 EUR');
  expect(text).not.toContain('?');
});

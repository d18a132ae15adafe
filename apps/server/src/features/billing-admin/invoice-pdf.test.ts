import { expect, it } from 'vitest';
import { createAdmin } from '../../test/admin';
import { describeEachDatabase } from '../../test/harness';
import { createSandboxInvoice, ensureSandboxCustomer } from '../../providers/payments/sandbox/ledger';
import { customerWithOrganization } from '../billing/test-support';
import { pdfText } from '../../test/pdf-text';

describeEachDatabase('sandbox invoice PDFs for staff', (ctx) => {
  it("a system admin opens any organization's sandbox invoice PDF; a customer cannot use the admin route", async () => {
    const c = ctx();
    const customer = await customerWithOrganization(c);
    const admin = await createAdmin(c, 'system_admin');
    const sandboxCustomer = await ensureSandboxCustomer(c.database.db, customer.organizationId, customer.email);
    const invoice = await c.database.db.transaction((tx) =>
      createSandboxInvoice(tx, { customer: sandboxCustomer, subscriptionId: null, description: 'Tokens', amountCents: 1500, currency: 'usd', now: new Date() }),
    );
    const open = (cookie: string) => c.app.inject({ method: 'GET', url: `/api/admin/billing/sandbox/invoices/${invoice.id}/pdf`, headers: { cookie } });

    const pdf = await open(admin.cookie);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(await pdfText(pdf.rawPayload)).toContain(`Invoice ${invoice.number}`);
    expect((await open(customer.cookie)).statusCode).toBe(403);
    const missing = await c.app.inject({
      method: 'GET',
      url: '/api/admin/billing/sandbox/invoices/in_sandbox_doesnotexist00/pdf',
      headers: { cookie: admin.cookie },
    });
    expect(missing.statusCode).toBe(404);
  });
});

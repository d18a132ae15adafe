import type { PaymentFlowResult, PaymentFlowStep } from '@parley/shared/contracts/billing-admin';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface PaymentFlowInput {
  step: PaymentFlowStep;
  tier?: string;
  interval?: 'month' | 'year';
  packageId?: string;
}

/** POST /api/admin/billing/payment-flows/:step: one real test step against the configured provider. */
export function useRunPaymentFlow() {
  return useMutation({
    mutationFn: ({ step, ...body }: PaymentFlowInput) => api.post<PaymentFlowResult>(`/api/admin/billing/payment-flows/${step}`, body, { retry: false }),
  });
}

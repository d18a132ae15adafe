import { SANDBOX_TEST_CARDS, BILLING_MESSAGES } from '@parley/shared/contracts/billing';
import { AppError } from '../../../lib/app-error';

export type CardBehaviour = 'succeeds' | 'declined' | 'requires_action' | 'fails_later';

/** What a test card does, like Stripe's test mode; any other number is refused (the sandbox takes no real cards). */
export function cardBehaviour(cardNumber: string): CardBehaviour {
  switch (cardNumber) {
    case SANDBOX_TEST_CARDS.succeeds:
      return 'succeeds';
    case SANDBOX_TEST_CARDS.declined:
      return 'declined';
    case SANDBOX_TEST_CARDS.requiresAction:
      return 'requires_action';
    case SANDBOX_TEST_CARDS.failsLater:
      return 'fails_later';
    default:
      throw new AppError('VALIDATION_ERROR', BILLING_MESSAGES.cardUnknown);
  }
}

/** MM/YY must not be before the sandbox's current month. */
export function assertExpiryInFuture(expiry: string, now: Date): void {
  const [mm, yy] = expiry.split('/').map((part) => Number(part.trim()));
  const endOfMonth = new Date(Date.UTC(2000 + yy!, mm!, 1));
  if (!(endOfMonth > now)) throw new AppError('VALIDATION_ERROR', BILLING_MESSAGES.expiryInvalid);
}

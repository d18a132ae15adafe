import { randomBytes } from 'node:crypto';

/** A Standard Webhooks secret for tests. */
export const generateWebhookSecretForTest = () => `whsec_${randomBytes(32).toString('base64')}`;

/** An action's parameters in the tests: an order id, a string. */
export const ORDER_SCHEMA = {
  type: 'object',
  properties: { order_id: { type: 'string', description: 'The order id, like A-123' }, api_key: { type: 'string' } },
  required: ['order_id'],
};

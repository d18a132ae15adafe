import { describe, expect, it } from 'vitest';
import { describeCallbackError } from './callback-error';

describe('describeCallbackError', () => {
  it('explains expired and invalid confirmation links', () => {
    expect(describeCallbackError('token_expired').title).toBe('This link has expired');
    expect(describeCallbackError('INVALID_TOKEN').title).toBe('This link is not valid');
  });

  it("uses the provider's description for unknown codes when it is safe", () => {
    expect(describeCallbackError('server_error', 'The provider is down for maintenance.')).toEqual({
      title: 'Sign-in could not be completed',
      description: 'The provider is down for maintenance.',
    });
  });

  it('never repeats a description that mentions secrets', () => {
    expect(describeCallbackError('invalid_client', 'client secret abc123 is wrong').description).toBe(
      'Something went wrong while signing you in. Please try again.',
    );
  });
});

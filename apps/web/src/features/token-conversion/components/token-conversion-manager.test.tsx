import {
  calculateTokensResponseSchema,
  TOKEN_CONVERSION_MESSAGES as MESSAGES,
  tokenConversionSchema,
  type TokenConversion,
} from '@parley/shared/contracts/token-conversion';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { renderScreen, type ScreenRender } from '@/test/render';
import { afterDedupWindow, apiError, contractJson, server } from '@/test/server';
import { TokenConversionManager } from './token-conversion-manager';

/** The newest of the three parts' save times is the version a save is made on. */
const MESSAGE_SAVED_AT = '2026-11-03T08:30:00.000Z';

function configuration(overrides: Partial<TokenConversion> = {}): TokenConversion {
  return {
    conversion: { charactersPerToken: 4, tokensPerCharacter: 0.25, updatedAt: '2026-11-01T10:00:00.000Z' },
    message: { tokenType: 'message', description: 'Chat messages', baseRateMultiplier: 1.5, isActive: true, updatedAt: MESSAGE_SAVED_AT },
    storage: { tokenType: 'storage', description: 'Processed documents', baseRateMultiplier: 2, isActive: true, updatedAt: null },
    ...overrides,
  };
}

/** The GET and a PUT that records what it is sent; `save` answers it (by default: the body saved as is). */
function mockConfiguration(initial: TokenConversion = configuration(), save?: (body: SaveBody) => Response | Promise<Response>) {
  let current = initial;
  const saves: SaveBody[] = [];
  server.use(
    http.get('/api/admin/token-conversion', () => contractJson(tokenConversionSchema, current)),
    http.put('/api/admin/token-conversion', async ({ request }) => {
      const body = (await request.json()) as SaveBody;
      saves.push(body);
      await afterDedupWindow();
      if (save) return save(body);
      const savedAt = '2026-11-22T12:00:00.000Z';
      current = {
        conversion: { ...body.conversion, updatedAt: savedAt },
        message: { tokenType: 'message', ...body.message, updatedAt: savedAt },
        storage: { tokenType: 'storage', ...body.storage, updatedAt: savedAt },
      };
      return contractJson(tokenConversionSchema, current);
    }),
  );
  return {
    saves,
    replace: (next: TokenConversion) => {
      current = next;
    },
  };
}

interface SaveBody {
  conversion: { charactersPerToken: number; tokensPerCharacter: number };
  message: { description: string; baseRateMultiplier: number; isActive: boolean };
  storage: { description: string; baseRateMultiplier: number; isActive: boolean };
  expectedVersion?: string | null;
}

async function replaceValue({ user }: ScreenRender, field: HTMLElement, value: string) {
  await user.clear(field);
  if (value) await user.type(field, value);
}

describe('TokenConversionManager', () => {
  it('shows the saved rates and what 100 characters cost as a message', async () => {
    mockConfiguration();
    renderScreen(<TokenConversionManager />);

    expect(await screen.findByLabelText('Tokens per character')).toHaveValue(0.25);
    expect(screen.getByLabelText('Characters per token')).toHaveValue(4);
    // ⌈100 × 0.25 × 1.5⌉
    expect(screen.getByText('100 characters → 38 message tokens with the current multiplier.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save configuration' })).toBeDisabled();
  });

  it('keeps the two rates each other’s inverse and saves all three parts on the version it was read at', async () => {
    const { saves } = mockConfiguration();
    const screenRender = renderScreen(<TokenConversionManager />);

    await replaceValue(screenRender, await screen.findByLabelText('Tokens per character'), '0.5');

    expect(screen.getByLabelText('Characters per token')).toHaveValue(2);
    expect(screen.getByText('100 characters → 75 message tokens with the current multiplier.')).toBeInTheDocument();
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();

    await screenRender.user.click(screen.getByRole('button', { name: 'Save configuration' }));

    expect(await screen.findByText(MESSAGES.saved)).toBeInTheDocument();
    expect(saves).toEqual([
      {
        conversion: { charactersPerToken: 2, tokensPerCharacter: 0.5 },
        message: { description: 'Chat messages', baseRateMultiplier: 1.5, isActive: true },
        storage: { description: 'Processed documents', baseRateMultiplier: 2, isActive: true },
        expectedVersion: MESSAGE_SAVED_AT,
      },
    ]);
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save configuration' })).toBeDisabled();
  });

  it('sends the token types’ multipliers and switches, a blank multiplier as 1', async () => {
    const { saves } = mockConfiguration();
    const screenRender = renderScreen(<TokenConversionManager />);
    const { user } = screenRender;

    await user.click(await screen.findByRole('tab', { name: 'Token Types' }));
    const storage = screen.getByTestId('token-type-storage');
    await replaceValue(screenRender, within(storage).getByLabelText('Base rate multiplier'), '');
    expect(within(storage).getByText(/100 characters → 25 tokens\./)).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Message tokens active' }));
    await user.click(screen.getByRole('button', { name: 'Save configuration' }));

    expect(await screen.findByText(MESSAGES.saved)).toBeInTheDocument();
    expect(saves[0]?.message).toEqual({ description: 'Chat messages', baseRateMultiplier: 1.5, isActive: false });
    expect(saves[0]?.storage).toEqual({ description: 'Processed documents', baseRateMultiplier: 1, isActive: true });
  });

  it('refuses a multiplier below the minimum without asking the server', async () => {
    const { saves } = mockConfiguration();
    const screenRender = renderScreen(<TokenConversionManager />);

    await screenRender.user.click(await screen.findByRole('tab', { name: 'Token Types' }));
    await replaceValue(screenRender, within(screen.getByTestId('token-type-message')).getByLabelText('Base rate multiplier'), '0.05');
    await screenRender.user.click(screen.getByRole('button', { name: 'Save configuration' }));

    expect(await screen.findByText(MESSAGES.saveMessageFailed)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.multiplierMin)).toBeInTheDocument();
    expect(saves).toEqual([]);
  });

  it('refuses an empty rate without asking the server', async () => {
    const { saves } = mockConfiguration();
    const screenRender = renderScreen(<TokenConversionManager />);

    await replaceValue(screenRender, await screen.findByLabelText('Tokens per character'), '');
    expect(screen.getByText('100 characters → — message tokens with the current multiplier.')).toBeInTheDocument();
    await screenRender.user.click(screen.getByRole('button', { name: 'Save configuration' }));

    expect(await screen.findByText(MESSAGES.saveConversionFailed)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.ratesPositive)).toBeInTheDocument();
    expect(saves).toEqual([]);
  });

  it('shows another administrator’s save when the server refuses this one, and loads their values on request', async () => {
    const theirs = configuration({ conversion: { charactersPerToken: 2, tokensPerCharacter: 0.5, updatedAt: '2026-11-21T09:00:00.000Z' } });
    const mock = mockConfiguration(configuration(), () => {
      mock.replace(theirs);
      return apiError(409, 'CONFLICT', 'Another administrator saved the token conversion meanwhile.');
    });
    const screenRender = renderScreen(<TokenConversionManager />);

    await replaceValue(screenRender, await screen.findByLabelText('Tokens per character'), '0.2');
    await screenRender.user.click(screen.getByRole('button', { name: 'Save configuration' }));

    expect(await screen.findByText(MESSAGES.saveFailed)).toBeInTheDocument();
    expect(await screen.findByText(`Another administrator saved the token conversion at ${formatDateTime('2026-11-21T09:00:00.000Z')}`)).toBeInTheDocument();
    expect(screen.getByText(/Theirs: 0.5 tokens per character \(2 characters per token\)/)).toBeInTheDocument();
    expect(screen.getByLabelText('Tokens per character')).toHaveValue(0.2);

    await screenRender.user.click(screen.getByRole('button', { name: 'Load their values' }));

    expect(screen.getByLabelText('Tokens per character')).toHaveValue(0.5);
    expect(screen.queryByText(/Another administrator saved/)).not.toBeInTheDocument();
  });

  it('shows the error when the configuration cannot be loaded', async () => {
    server.use(http.get('/api/admin/token-conversion', () => apiError(500, 'INTERNAL_ERROR', 'The service is busy. Try again shortly.')));
    renderScreen(<TokenConversionManager />);

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.loadFailed);
    expect(screen.getAllByText('The service is busy. Try again shortly.').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Save configuration' })).not.toBeInTheDocument();
  });

  describe('calculator', () => {
    it('asks for text before it calculates anything', async () => {
      mockConfiguration();
      const calls: unknown[] = [];
      server.use(http.post('/api/admin/token-conversion/calculate', async ({ request }) => void calls.push(await request.json())));
      const { user } = renderScreen(<TokenConversionManager />);

      await user.click(await screen.findByRole('tab', { name: 'Calculator' }));
      await user.type(screen.getByLabelText('Test text'), '   ');
      await user.click(screen.getByRole('button', { name: 'Calculate tokens' }));

      expect(await screen.findByText(MESSAGES.enterTestText)).toBeInTheDocument();
      expect(calls).toEqual([]);
    });

    it('sends the text to the server’s meter and shows its figures', async () => {
      mockConfiguration();
      const calls: unknown[] = [];
      server.use(
        http.post('/api/admin/token-conversion/calculate', async ({ request }) => {
          calls.push(await request.json());
          return contractJson(calculateTokensResponseSchema, {
            characters: 1_234,
            tokensPerCharacter: 0.25,
            estimatedTokens: 309,
            message: { multiplier: 1.5, tokens: 463 },
            storage: { multiplier: 2, tokens: 618 },
          });
        }),
      );
      const { user } = renderScreen(<TokenConversionManager />);

      await user.click(await screen.findByRole('tab', { name: 'Calculator' }));
      await user.type(screen.getByLabelText('Test text'), 'How many tokens is this?');
      await user.click(screen.getByRole('button', { name: 'Calculate tokens' }));

      const result = await screen.findByTestId('calculator-result');
      expect(calls).toEqual([{ text: 'How many tokens is this?' }]);
      expect(within(result).getByText('1,234')).toBeInTheDocument();
      expect(within(result).getByText('309')).toBeInTheDocument();
      expect(within(result).getByText('⌈characters × 0.25⌉')).toBeInTheDocument();
      expect(within(result).getByText('463')).toBeInTheDocument();
      expect(within(result).getByText('× 1.5 message multiplier')).toBeInTheDocument();
      expect(within(result).getByText('618')).toBeInTheDocument();
    });

    it('warns that unsaved rates are not the ones it counts with', async () => {
      mockConfiguration();
      const screenRender = renderScreen(<TokenConversionManager />);

      await replaceValue(screenRender, await screen.findByLabelText('Tokens per character'), '0.5');
      await screenRender.user.click(screen.getByRole('tab', { name: 'Calculator' }));

      expect(screen.getByText(/save your changes first to try them here\./)).toBeInTheDocument();
    });

    it('says why a calculation failed', async () => {
      mockConfiguration();
      server.use(http.post('/api/admin/token-conversion/calculate', () => apiError(400, 'VALIDATION_ERROR', 'Test text must be at most 100,000 characters')));
      const { user } = renderScreen(<TokenConversionManager />);

      await user.click(await screen.findByRole('tab', { name: 'Calculator' }));
      await user.type(screen.getByLabelText('Test text'), 'Some text');
      await user.click(screen.getByRole('button', { name: 'Calculate tokens' }));

      expect(await screen.findByText(MESSAGES.calculateFailed)).toBeInTheDocument();
      expect(screen.getByText('Test text must be at most 100,000 characters')).toBeInTheDocument();
      expect(screen.queryByTestId('calculator-result')).not.toBeInTheDocument();
    });
  });
});

import { SYSTEM_CONFIGURATION_DEFAULTS } from '@parley/shared/constants';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/test/render';
import type { ConfigDraft } from '../utils/config-form';
import { IntegrationSettingsTab } from './integration-settings-tab';

const draft = (overrides: Partial<ConfigDraft>): ConfigDraft => ({ ...SYSTEM_CONFIGURATION_DEFAULTS, n8nWebhookBaseUrl: null, ...overrides });

describe('IntegrationSettingsTab', () => {
  it('shows the n8n base URL and its test in built-in mode too, so n8n can be tested before switching', () => {
    renderScreen(
      <IntegrationSettingsTab
        draft={draft({ processingMode: 'edge_functions', n8nWebhookBaseUrl: 'https://n8n.example.com/webhook' })}
        errors={{}}
        onChange={() => undefined}
      />,
    );
    expect(screen.getByLabelText('n8n webhook base URL')).toHaveValue('https://n8n.example.com/webhook');
    expect(screen.getByRole('button', { name: 'Test' })).toBeEnabled();
    expect(screen.getByText(/Used once you choose n8n integration/)).toBeInTheDocument();
  });

  it('says the URL is required in n8n mode', () => {
    renderScreen(<IntegrationSettingsTab draft={draft({ processingMode: 'n8n_integration' })} errors={{}} onChange={() => undefined} />);
    expect(screen.getByText(/Required in n8n mode/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Test' })).toBeDisabled();
  });
});

import { useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { renderScreen } from '@/test/render';
import { ResourceRowActions } from './resource-buttons';
import { ResourceStates } from './resource-states';
import { ResourceTable } from './resource-table';

interface Faq {
  id: string;
  question: string;
}

/** A list of FAQs read by `load`, in the four states. */
function FaqList({ load, toastId }: { load: () => Promise<Faq[]>; toastId?: string }) {
  const query = useQuery({ queryKey: ['faqs'], queryFn: load });
  return (
    <ResourceStates query={query} loading={<p>Loading FAQs</p>} loadFailedTitle="Failed to load FAQs" loadFailedToastId={toastId} empty={<p>No FAQs</p>}>
      {(faqs) => (
        <ResourceTable
          items={faqs}
          rowTestId="faq-row"
          columns={[
            { header: 'Question', cell: (faq) => faq.question },
            {
              header: 'Actions',
              cell: (faq) => (
                <ResourceRowActions
                  editLabel={`Edit ${faq.question}`}
                  onEdit={() => {}}
                  deleteLabel={`Delete ${faq.question}`}
                  onDelete={() => {}}
                  deleteBlocker={faq.id === 'pinned' ? 'A pinned FAQ stays.' : null}
                />
              ),
            },
          ]}
        />
      )}
    </ResourceStates>
  );
}

describe('ResourceStates', () => {
  it('shows the loading placeholder, then one row per item', async () => {
    renderScreen(
      <FaqList
        load={async () => [
          { id: 'a', question: 'Can I cancel?' },
          { id: 'b', question: 'Do you refund?' },
        ]}
      />,
    );
    expect(screen.getByText('Loading FAQs')).toBeInTheDocument();
    expect(await screen.findAllByTestId('faq-row')).toHaveLength(2);
    expect(screen.getByRole('columnheader', { name: 'Question' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Do you refund?' })).toBeEnabled();
  });

  it('says when there is nothing yet', async () => {
    renderScreen(<FaqList load={async () => []} />);
    expect(await screen.findByText('No FAQs')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows a failed load as an alert and, when asked, a toast; Retry loads the list', async () => {
    let calls = 0;
    const load = async () => {
      calls += 1;
      if (calls === 1) throw new ApiError({ status: 503, code: 'SERVICE_UNAVAILABLE', message: 'The service is busy, try again soon.' });
      return [{ id: 'a', question: 'Can I cancel?' }];
    };
    const { user } = renderScreen(<FaqList load={load} toastId="faqs-load" />);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load FAQs');
    expect(alert).toHaveTextContent('The service is busy, try again soon.');
    expect(await screen.findAllByText('Failed to load FAQs')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('faq-row')).toHaveLength(1);
  });

  it('disables the delete button of an item that cannot be deleted and says why', async () => {
    const { user } = renderScreen(<FaqList load={async () => [{ id: 'pinned', question: 'Is it free?' }]} />);

    const blocked = await screen.findByRole('button', { name: 'Delete Is it free? (not possible)' });
    expect(blocked).toBeDisabled();
    await user.hover(blocked.parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('A pinned FAQ stays.');
  });
});

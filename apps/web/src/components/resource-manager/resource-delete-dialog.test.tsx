import { useMutation } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { renderScreen } from '@/test/render';
import { ResourceDeleteDialog } from './resource-delete-dialog';

type DialogOptions = Pick<Parameters<typeof ResourceDeleteDialog>[0], 'failedMessage' | 'keepOpenOnError' | 'onDeleted'>;

/** The FAQ delete dialog over a real mutation whose request is `remove`; "Closed" once the dialog has closed itself. */
function DeleteFaq({ remove, ...options }: { remove: (id: string) => Promise<unknown> } & DialogOptions) {
  const mutation = useMutation({ mutationFn: remove });
  const [isOpen, setOpen] = useState(true);
  if (!isOpen) return <p>Closed</p>;
  return (
    <ResourceDeleteDialog
      title="Delete FAQ?"
      description="The FAQ disappears from the pricing page."
      confirmLabel="Delete FAQ"
      mutation={mutation}
      variables="faq-1"
      deletedMessage="FAQ deleted successfully"
      onClose={() => setOpen(false)}
      {...options}
    />
  );
}

const conflict = () => new ApiError({ status: 409, code: 'CONFLICT', message: 'The FAQ is in use' });

describe('ResourceDeleteDialog', () => {
  it('deletes the item it was given, says so and closes', async () => {
    const remove = vi.fn((_id: string) => Promise.resolve({ ok: true }));
    const onDeleted = vi.fn();
    const { user } = renderScreen(<DeleteFaq remove={remove} onDeleted={onDeleted} />);

    expect(screen.getByRole('alertdialog', { name: 'Delete FAQ?' })).toHaveTextContent('The FAQ disappears from the pricing page.');
    await user.click(screen.getByRole('button', { name: 'Delete FAQ' }));

    await screen.findByText('Closed');
    expect(await screen.findByText('FAQ deleted successfully')).toBeInTheDocument();
    expect(remove.mock.calls[0]?.[0]).toBe('faq-1');
    expect(onDeleted).toHaveBeenCalledTimes(1);
  });

  it('says why a deletion failed under the title "Error" and closes', async () => {
    const onDeleted = vi.fn();
    const { user } = renderScreen(<DeleteFaq remove={() => Promise.reject(conflict())} onDeleted={onDeleted} />);

    await user.click(screen.getByRole('button', { name: 'Delete FAQ' }));

    await screen.findByText('Closed');
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText('The FAQ is in use')).toBeInTheDocument();
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('puts the reason in the screen’s own sentence when given one', async () => {
    const { user } = renderScreen(<DeleteFaq remove={() => Promise.reject(conflict())} failedMessage={(reason) => `Failed to delete FAQ: ${reason}`} />);

    await user.click(screen.getByRole('button', { name: 'Delete FAQ' }));

    expect(await screen.findByText('Failed to delete FAQ: The FAQ is in use')).toBeInTheDocument();
  });

  it('with keepOpenOnError, cannot be closed while the request runs and stays open when it fails', async () => {
    let fail: (error: Error) => void = () => {};
    const remove = () => new Promise((_, reject) => (fail = reject));
    const { user } = renderScreen(<DeleteFaq remove={remove} failedMessage="Failed to delete FAQ" keepOpenOnError />);

    await user.click(screen.getByRole('button', { name: 'Delete FAQ' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /Delete FAQ/ })).toBeDisabled());
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();

    fail(conflict());
    expect(await screen.findByText('Failed to delete FAQ')).toBeInTheDocument();
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete FAQ' })).toBeEnabled();
    expect(screen.queryByText('Closed')).toBeNull();
  });
});

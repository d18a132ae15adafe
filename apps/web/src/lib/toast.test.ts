import { toast as sonnerToast } from 'sonner';
import { expect, it, vi } from 'vitest';
import { toast, toasterMounted } from './toast';

const titles = () => sonnerToast.getHistory().map((t) => ('title' in t ? String(t.title) : ''));

it('keeps toasts raised before the Toaster is mounted and shows them, in order, once it is', async () => {
  toast.success('Saved');
  toast.error('Could not send');
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(titles()).toEqual([]);

  toasterMounted(sonnerToast);
  await vi.waitFor(() => expect(titles()).toEqual(['Saved', 'Could not send']));
  toast('Plain');
  toast.info('Note');
  await vi.waitFor(() => expect(titles()).toEqual(['Saved', 'Could not send', 'Plain', 'Note']));
  expect(sonnerToast.getHistory().map((t) => ('type' in t ? t.type : undefined))).toEqual(['success', 'error', undefined, 'info']);
});

import { CheckIcon, CopyIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';

const COPIED_FOR_MS = 2000;

/** Copies `text` and says so for a moment; the accessible name stays `label` throughout. */
export function CopyButton({ text, label = 'Copy', variant = 'outline' }: { text: string; label?: string; variant?: 'outline' | 'default' | 'ghost' }) {
  const [isCopied, setCopied] = useState(false);
  useEffect(() => {
    if (!isCopied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => window.clearTimeout(timer);
  }, [isCopied]);

  return (
    <Button
      type="button"
      variant={variant}
      size="sm"
      aria-label={label}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text);
          setCopied(true);
          toast.success('Copied to the clipboard.');
        } catch {
          toast.error('Could not copy. Select the text and copy it by hand.');
        }
      }}
    >
      {isCopied ? <CheckIcon /> : <CopyIcon />}
      {isCopied ? 'Copied' : label}
    </Button>
  );
}

import { SearchIcon } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

interface SearchInputProps {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  /** What is searched, for screen readers ("Search users by e-mail or name"). */
  label: string;
  maxLength?: number;
  /** The wrapper's width (full width on small screens by default). */
  className?: string;
}

/** A search box with its magnifier, above a list that filters as the user types. */
export function SearchInput({ value, onChange, placeholder, label, maxLength, className }: SearchInputProps) {
  return (
    <div className={cn('relative w-full sm:max-w-sm', className)}>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
      <Input
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        aria-label={label}
        maxLength={maxLength}
        className="pl-9"
      />
    </div>
  );
}

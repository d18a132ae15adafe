import type { AdminRole } from '@parley/shared/access';
import { ADMIN_MESSAGES } from '@parley/shared/admin-console';
import { PROFILE_SEARCH_MAX } from '@parley/shared/contracts/admin-users';
import { CheckIcon, SearchIcon, UserPlusIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-error';
import { formatDate } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useCreateAdminUser } from '../api/create-admin-user';
import { useSearchProfiles, type ProfileMatch } from '../api/search-profiles';
import { RoleSelect } from './role-select';

/** Least privilege first: a new admin starts as support unless the system admin picks more (docs/decisions/README.md). */
const DEFAULT_ROLE: AdminRole = 'support';

/** Spec part 1 §2: search users by e-mail (Enter submits), pick one, choose a role. */
export function AddAdminUserDialog() {
  const [isOpen, setOpen] = useState(false);
  const [searchText, setSearchText] = useState('');
  const [submittedSearch, setSubmittedSearch] = useState('');
  const [selected, setSelected] = useState<ProfileMatch | null>(null);
  const [role, setRole] = useState<AdminRole>(DEFAULT_ROLE);
  const search = useSearchProfiles(submittedSearch);
  const create = useCreateAdminUser();

  const reset = () => {
    setSearchText('');
    setSubmittedSearch('');
    setSelected(null);
    setRole(DEFAULT_ROLE);
  };

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    // Spec §5: an empty or blank e-mail does nothing.
    if (!searchText.trim()) return;
    setSelected(null);
    setSubmittedSearch(searchText.trim());
  };

  const onCreate = () => {
    if (!selected) return;
    create.mutate(
      { userId: selected.id, role },
      {
        onSuccess: () => {
          toast.success(ADMIN_MESSAGES.adminUserCreated);
          reset();
          setOpen(false);
        },
        onError: (error) => toast.error(ADMIN_MESSAGES.adminUserCreateFailed(getErrorMessage(error))),
      },
    );
  };

  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => {
        setOpen(open);
        if (!open) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <UserPlusIcon />
          Add Admin User
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Add Admin User</DialogTitle>
          <DialogDescription>Find a registered user by e-mail, then choose the role they will hold.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSearch} className="grid gap-2">
          <Label htmlFor="admin-search-email">Search by e-mail</Label>
          <div className="flex gap-2">
            <Input
              id="admin-search-email"
              type="search"
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
              placeholder="name@example.com"
              autoComplete="off"
              maxLength={PROFILE_SEARCH_MAX}
            />
            <Button type="submit" variant="secondary" disabled={!searchText.trim()}>
              <SearchIcon />
              Search
            </Button>
          </div>
        </form>
        {submittedSearch && (
          <div className="grid gap-2">
            {search.isPending ? (
              <p className="flex items-center gap-2 text-sm text-muted-foreground">
                <Spinner /> Searching…
              </p>
            ) : search.isError ? (
              <p className="text-sm text-destructive">{getErrorMessage(search.error)}</p>
            ) : search.data.items.length === 0 ? (
              <p className="text-sm text-muted-foreground">No users match “{submittedSearch}”.</p>
            ) : (
              <ul className="grid max-h-56 gap-1 overflow-y-auto rounded-md border p-1" role="listbox" aria-label="Matching users">
                {search.data.items.map((profile) => {
                  const isSelected = selected?.id === profile.id;
                  return (
                    <li key={profile.id} role="option" aria-selected={isSelected}>
                      <button
                        type="button"
                        onClick={() => setSelected(profile)}
                        className={cn(
                          'flex w-full items-center justify-between gap-3 rounded-sm px-3 py-2 text-left text-sm hover:bg-accent',
                          isSelected && 'bg-accent font-medium',
                        )}
                      >
                        <span className="grid min-w-0">
                          <span className="truncate">{profile.email}</span>
                          <span className="text-xs text-muted-foreground">Joined {formatDate(profile.createdAt)}</span>
                        </span>
                        {isSelected && <CheckIcon className="size-4 shrink-0 text-brand" aria-hidden="true" />}
                      </button>
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
        )}
        <Field>
          <Label htmlFor="admin-new-role">Role</Label>
          <RoleSelect id="admin-new-role" value={role} onChange={setRole} />
        </Field>
        <DialogFooter>
          <Button variant="outline" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button onClick={onCreate} disabled={!selected || create.isPending}>
            {create.isPending && <Spinner />}
            {selected ? `Make ${selected.email} an admin` : 'Select a user'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

import { NEW_TOKEN_PACKAGE } from '@parley/shared/constants';
import { TOKEN_PACKAGE_MESSAGES as MESSAGES, tokenPackageBodySchema, type TokenPackage } from '@parley/shared/contracts/token-packages';
import { parseIntegerOr0 } from '@parley/shared/pricing';
import { PackageIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { useLoadErrorToast } from '@/hooks/use-load-error-toast';
import { toast } from '@/lib/toast';
import { ConfirmDialogContent } from '@/components/layout/confirm-dialog-content';
import { EmptyState } from '@/components/layout/empty-state';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { AlertDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { getErrorMessage } from '@/lib/api-error';
import { useDeleteTokenPackage } from '../api/delete-token-package';
import { useTokenPackages } from '../api/get-token-packages';
import { useSaveTokenPackage } from '../api/save-token-package';
import { TokenPackageRow, type PackageDraft } from './token-package-row';

const fromPackage = (pkg: TokenPackage): PackageDraft => ({
  key: pkg.id,
  id: pkg.id,
  name: pkg.name,
  tokens: String(pkg.tokens),
  priceCents: String(pkg.priceCents),
  isActive: pkg.isActive,
});

const sameAs = (draft: PackageDraft, pkg: TokenPackage) =>
  draft.name === pkg.name &&
  parseIntegerOr0(draft.tokens) === pkg.tokens &&
  parseIntegerOr0(draft.priceCents) === pkg.priceCents &&
  draft.isActive === pkg.isActive;

let newKey = 0;

/** Spec part 2 §2 "Token Package Management": editable rows with Add, Save and Delete, and the price per token. */
export function TokenPackagesManager() {
  const query = useTokenPackages();
  const save = useSaveTokenPackage();
  const remove = useDeleteTokenPackage();
  /** Edits of saved packages by id, and new packages not saved yet. */
  const [edits, setEdits] = useState<Record<string, PackageDraft>>({});
  const [added, setAdded] = useState<PackageDraft[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [deleting, setDeleting] = useState<TokenPackage | null>(null);
  const [savingKey, setSavingKey] = useState<string | null>(null);

  useLoadErrorToast(query, MESSAGES.loadFailed, 'token-packages-load');

  const addPackage = () => {
    newKey += 1;
    const key = `new-${newKey}`;
    setAdded((rows) => [
      ...rows,
      {
        key,
        id: null,
        name: NEW_TOKEN_PACKAGE.name,
        tokens: String(NEW_TOKEN_PACKAGE.tokens),
        priceCents: String(NEW_TOKEN_PACKAGE.priceCents),
        isActive: NEW_TOKEN_PACKAGE.isActive,
      },
    ]);
  };

  const setError = (key: string, message: string | null) => setErrors(({ [key]: _, ...rest }) => (message ? { ...rest, [key]: message } : rest));

  const saveRow = (draft: PackageDraft, saved: TokenPackage | null) => {
    const parsed = tokenPackageBodySchema.safeParse({
      name: draft.name,
      tokens: parseIntegerOr0(draft.tokens),
      priceCents: parseIntegerOr0(draft.priceCents),
      isActive: draft.isActive,
    });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? MESSAGES.saveFailed;
      setError(draft.key, message);
      toast.error(MESSAGES.saveFailed, { description: message });
      return;
    }
    setError(draft.key, null);
    setSavingKey(draft.key);
    save.mutate(
      { id: draft.id, body: saved ? { ...parsed.data, expectedUpdatedAt: saved.updatedAt } : parsed.data },
      {
        onSuccess: () => {
          toast.success(MESSAGES.saved);
          if (draft.id === null) setAdded((rows) => rows.filter((row) => row.key !== draft.key));
          else setEdits(({ [draft.key]: _, ...rest }) => rest);
        },
        onError: (error) => {
          setError(draft.key, getErrorMessage(error));
          toast.error(MESSAGES.saveFailed, { description: getErrorMessage(error) });
        },
        onSettled: () => setSavingKey(null),
      },
    );
  };

  const confirmDelete = (pkg: TokenPackage) =>
    remove.mutate(pkg.id, {
      onSuccess: () => {
        toast.success(MESSAGES.deleted);
        setEdits(({ [pkg.id]: _, ...rest }) => rest);
        setDeleting(null);
      },
      onError: (error) => {
        toast.error(MESSAGES.deleteFailed, { description: getErrorMessage(error) });
        setDeleting(null);
      },
    });

  let body;
  if (query.isPending) {
    body = <LoadingRows label="Loading token packages" rows={3} className="h-32 rounded-lg" containerClassName="gap-3" />;
  } else if (query.isError) {
    body = <LoadErrorAlert query={query} title={MESSAGES.loadFailed} />;
  } else if (query.data.length === 0 && added.length === 0) {
    body = (
      <EmptyState
        icon={PackageIcon}
        title="No token packages"
        description={MESSAGES.empty}
        action={
          <Button onClick={addPackage}>
            <PlusIcon />
            Add package
          </Button>
        }
      />
    );
  } else {
    const rows: { draft: PackageDraft; saved: TokenPackage | null }[] = [
      ...query.data.map((pkg) => ({ draft: edits[pkg.id] ?? fromPackage(pkg), saved: pkg })),
      ...added.map((draft) => ({ draft, saved: null })),
    ];
    body = (
      <ul className="grid gap-3" aria-label="Token packages">
        {rows.map(({ draft, saved }) => (
          <TokenPackageRow
            key={draft.key}
            draft={draft}
            isDirty={saved === null || !sameAs(draft, saved)}
            isSaving={savingKey === draft.key}
            error={errors[draft.key] ?? null}
            onChange={(next) =>
              saved ? setEdits((all) => ({ ...all, [saved.id]: next })) : setAdded((all) => all.map((row) => (row.key === next.key ? next : row)))
            }
            onSave={() => saveRow(draft, saved)}
            onDelete={() => (saved ? setDeleting(saved) : setAdded((all) => all.filter((row) => row.key !== draft.key)))}
          />
        ))}
      </ul>
    );
  }

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <PackageIcon className="size-4 text-muted-foreground" aria-hidden="true" />
          Packages
        </CardTitle>
        <CardDescription>
          {query.data
            ? `${query.data.length} package${query.data.length === 1 ? '' : 's'}, smallest first. Active packages priced above $0 are on sale on the pricing page; a price is 0 or at least the smallest card payment in the billing currency (50 cents in USD).`
            : 'Token bundles customers can buy on top of their plan.'}
        </CardDescription>
        <CardAction>
          <Button onClick={addPackage} disabled={!query.isSuccess}>
            <PlusIcon />
            Add
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent>{body}</CardContent>
      <AlertDialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        {deleting && (
          <ConfirmDialogContent
            title={`Delete ${deleting.name}?`}
            description="The package disappears from the pricing page and can no longer be bought."
            confirmLabel="Delete"
            isPending={remove.isPending}
            onConfirm={() => confirmDelete(deleting)}
          />
        )}
      </AlertDialog>
    </Card>
  );
}

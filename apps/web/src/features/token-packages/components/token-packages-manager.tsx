import { NEW_TOKEN_PACKAGE } from '@parley/shared/constants';
import { TOKEN_PACKAGE_MESSAGES as MESSAGES, tokenPackageBodySchema, type TokenPackage } from '@parley/shared/contracts/token-packages';
import { parseIntegerOr0 } from '@parley/shared/pricing';
import { PackageIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { EmptyState } from '@/components/layout/empty-state';
import { LoadingRows } from '@/components/layout/loading-rows';
import { ResourceCreateButton } from '@/components/resource-manager/resource-buttons';
import { ResourceCard } from '@/components/resource-manager/resource-card';
import { ResourceDeleteDialog } from '@/components/resource-manager/resource-delete-dialog';
import { ResourceStates } from '@/components/resource-manager/resource-states';
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

  const rowsOf = (packages: TokenPackage[]): { draft: PackageDraft; saved: TokenPackage | null }[] => [
    ...packages.map((pkg) => ({ draft: edits[pkg.id] ?? fromPackage(pkg), saved: pkg })),
    ...added.map((draft) => ({ draft, saved: null })),
  ];

  return (
    <>
      <ResourceCard
        icon={PackageIcon}
        title="Packages"
        description={
          query.data
            ? `${query.data.length} package${query.data.length === 1 ? '' : 's'}, smallest first. Active packages priced above $0 are on sale on the pricing page; a price is 0 or at least the smallest card payment in the billing currency (50 cents in USD).`
            : 'Token bundles customers can buy on top of their plan.'
        }
        action={<ResourceCreateButton label="Add" onClick={addPackage} disabled={!query.isSuccess} />}
      >
        <ResourceStates
          query={query}
          loading={<LoadingRows label="Loading token packages" rows={3} className="h-32 rounded-lg" containerClassName="gap-3" />}
          loadFailedTitle={MESSAGES.loadFailed}
          loadFailedToastId="token-packages-load"
          isEmpty={(packages) => packages.length === 0 && added.length === 0}
          empty={
            <EmptyState
              icon={PackageIcon}
              title="No token packages"
              description={MESSAGES.empty}
              action={<ResourceCreateButton label="Add package" onClick={addPackage} />}
            />
          }
        >
          {(packages) => (
            <ul className="grid gap-3" aria-label="Token packages">
              {rowsOf(packages).map(({ draft, saved }) => (
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
          )}
        </ResourceStates>
      </ResourceCard>
      {deleting && (
        <ResourceDeleteDialog
          title={`Delete ${deleting.name}?`}
          description="The package disappears from the pricing page and can no longer be bought."
          confirmLabel="Delete"
          mutation={remove}
          variables={deleting.id}
          deletedMessage={MESSAGES.deleted}
          failedMessage={MESSAGES.deleteFailed}
          onDeleted={() => setEdits(({ [deleting.id]: _, ...rest }) => rest)}
          onClose={() => setDeleting(null)}
        />
      )}
    </>
  );
}

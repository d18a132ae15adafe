import { SEARCH_DEBOUNCE_MS } from '@parley/shared/admin-console';
import type { ActionCategory, ActionTemplate } from '@parley/shared/contracts/ai-actions';
import { FolderCogIcon, PlusIcon, SearchXIcon, ZapIcon } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '@/components/layout/empty-state';
import { SearchInput } from '@/components/layout/search-input';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { Button } from '@/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useActionAnalytics } from '../api/get-action-analytics';
import { useActionCategories } from '../api/get-action-categories';
import { useActionTemplates } from '../api/get-action-templates';
import { ActionTemplateCard } from './action-template-card';
import { CategoryCards } from './category-cards';

const ALL = 'all';

interface ActionTemplatesTabProps {
  /** All categories, for names on the cards (inactive ones included). */
  allCategories: ActionCategory[];
  onCreate: () => void;
  onConfigure: (template: ActionTemplate) => void;
  onDelete: (template: ActionTemplate) => void;
  onManageCategories: () => void;
}

/** Spec §2 Action Templates tab: search, category filter, category cards with counts, the template cards. */
export function ActionTemplatesTab({ allCategories, onCreate, onConfigure, onDelete, onManageCategories }: ActionTemplatesTabProps) {
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  const [category, setCategory] = useState('');
  const templates = useActionTemplates({ search, category });
  const categories = useActionCategories();
  const analytics = useActionAnalytics();
  const uncategorizedCount = analytics.data?.byCategory.find((entry) => entry.categoryId === null)?.total ?? 0;
  const nameOf = (id: string | null) => (id ? (allCategories.find((c) => c.id === id)?.name ?? null) : null);
  const isFiltered = search.trim() !== '' || category !== '';

  return (
    <div className="grid gap-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <SearchInput value={searchText} onChange={setSearchText} placeholder="Search actions" label="Search action templates by name or description" />
        <Select value={category || ALL} onValueChange={(value) => setCategory(value === ALL ? '' : value)}>
          <SelectTrigger className="w-full sm:w-56" aria-label="Filter by category">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All categories</SelectItem>
            {(categories.data?.items ?? []).map((c) => (
              <SelectItem key={c.id} value={c.id}>
                {c.name}
              </SelectItem>
            ))}
            {uncategorizedCount > 0 && <SelectItem value="uncategorized">Uncategorized</SelectItem>}
          </SelectContent>
        </Select>
        {templates.isFetching && !templates.isPending && <Spinner className="text-muted-foreground" />}
        <Button variant="ghost" size="sm" className="sm:ml-auto" onClick={onManageCategories}>
          <FolderCogIcon />
          Manage categories
        </Button>
      </div>

      {categories.isError ? (
        <LoadErrorAlert query={categories} title="Categories could not be loaded" />
      ) : categories.isPending ? (
        <LoadingRows
          label="Loading categories"
          rows={4}
          className="h-16 rounded-xl"
          containerClassName="grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5"
        />
      ) : (
        <CategoryCards
          categories={categories.data.items}
          totalCount={analytics.data?.total}
          uncategorizedCount={uncategorizedCount}
          selected={category}
          onSelect={setCategory}
        />
      )}

      {templates.isPending ? (
        <LoadingRows label="Loading action templates" rows={3} className="h-52 rounded-xl" containerClassName="gap-4 md:grid-cols-2 xl:grid-cols-3" />
      ) : templates.isError ? (
        <LoadErrorAlert query={templates} title="Action templates could not be loaded" />
      ) : templates.data.items.length === 0 ? (
        isFiltered ? (
          <EmptyState
            icon={SearchXIcon}
            title="No actions match"
            description="Try other words, or show every category."
            action={
              <Button
                variant="outline"
                onClick={() => {
                  setSearchText('');
                  setCategory('');
                }}
              >
                Clear search and filter
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon={ZapIcon}
            title="No action templates yet"
            description="Actions let chatbots do things: call a webhook, collect data, notify someone or hand over to another system."
            action={
              <Button onClick={onCreate}>
                <PlusIcon />
                Create Action
              </Button>
            }
          />
        )
      ) : (
        <>
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {templates.data.items.map((template) => (
              <ActionTemplateCard
                key={template.id}
                template={template}
                categoryName={nameOf(template.categoryId)}
                onConfigure={() => onConfigure(template)}
                onDelete={() => onDelete(template)}
              />
            ))}
          </div>
          {templates.data.total > templates.data.items.length && (
            <p className="text-center text-sm text-muted-foreground">
              Showing the newest {templates.data.items.length} of {templates.data.total} actions. Search or choose a category to find the others.
            </p>
          )}
        </>
      )}
    </div>
  );
}

import { can, ORGANIZATION_PERMISSION_KEYS, ORGANIZATION_PERMISSIONS, ORGANIZATION_ROLES, type OrganizationRole } from '@parley/shared/access';
import { ORGANIZATION_ROLE_LABELS } from '@parley/shared/contracts/organizations';
import { CheckIcon, MinusIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

/**
 * What owners, admins and members may do: the shared table (ORGANIZATION_PERMISSIONS) the server enforces, drawn as
 * it is — one row a capability, a column a role. `highlight` marks the column of a role (the viewer's, or the one
 * being chosen in an invitation).
 */
export function RolePermissionsTable({ highlight = null, className }: { highlight?: OrganizationRole | null; className?: string }) {
  return (
    <div className={cn('overflow-x-auto rounded-md border', className)}>
      <table className="w-full text-sm" aria-label="What each role can do">
        <thead>
          <tr className="border-b bg-muted/40 text-left">
            <th scope="col" className="px-3 py-2 font-medium">
              Can…
            </th>
            {ORGANIZATION_ROLES.map((role) => (
              <th
                key={role}
                scope="col"
                className={cn('w-20 px-2 py-2 text-center font-medium', role === highlight && 'bg-brand/10 text-foreground')}
                aria-current={role === highlight ? 'true' : undefined}
              >
                {ORGANIZATION_ROLE_LABELS[role]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {ORGANIZATION_PERMISSION_KEYS.map((permission) => (
            <tr key={permission} className="border-b last:border-0" data-permission={permission}>
              <th scope="row" className="px-3 py-1.5 text-left font-normal">
                {ORGANIZATION_PERMISSIONS[permission].label}
              </th>
              {ORGANIZATION_ROLES.map((role) => {
                const allowed = can(role, permission);
                return (
                  <td key={role} className={cn('px-2 py-1.5 text-center', role === highlight && 'bg-brand/5')}>
                    {allowed ? (
                      <CheckIcon className="inline size-4 text-emerald-600 dark:text-emerald-400" aria-label="Yes" />
                    ) : (
                      <MinusIcon className="inline size-4 text-muted-foreground/60" aria-label="No" />
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

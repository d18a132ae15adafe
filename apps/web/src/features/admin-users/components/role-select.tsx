import { ADMIN_ROLE_LABELS, ADMIN_ROLES, type AdminRole } from '@parley/shared/access';
import { FieldDescription } from '@/components/ui/field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { ROLE_HINTS } from '../utils/role-hints';

export function RoleSelect({ id, value, onChange, disabled }: { id: string; value: AdminRole; onChange: (role: AdminRole) => void; disabled?: boolean }) {
  return (
    <>
      <Select value={value} onValueChange={(next) => onChange(next as AdminRole)} disabled={disabled}>
        <SelectTrigger id={id} className="w-full">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {ADMIN_ROLES.map((role) => (
            <SelectItem key={role} value={role}>
              {ADMIN_ROLE_LABELS[role]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <FieldDescription>{ROLE_HINTS[value]}</FieldDescription>
    </>
  );
}

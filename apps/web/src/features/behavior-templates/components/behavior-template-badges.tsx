import type { BehaviorTemplate } from '@parley/shared/contracts/behavior-templates';
import { StarIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

/** Spec §2: the Default and Active badges of a template card. */
export function BehaviorTemplateBadges({ template }: { template: Pick<BehaviorTemplate, 'isDefault' | 'isActive'> }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      {template.isDefault && (
        <Badge className="border-transparent bg-brand text-brand-foreground">
          <StarIcon aria-hidden="true" />
          Default
        </Badge>
      )}
      {template.isActive ? (
        <Badge variant="outline" className="border-success/30 bg-success/10 text-success">
          Active
        </Badge>
      ) : (
        <Badge variant="secondary">Inactive</Badge>
      )}
    </span>
  );
}

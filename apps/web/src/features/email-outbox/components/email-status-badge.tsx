import { EMAIL_STATUS_LABELS, type EmailStatus } from '@parley/shared/contracts/email-outbox';
import { Badge } from '@/components/ui/badge';

const VARIANTS: Record<EmailStatus, 'default' | 'secondary' | 'destructive' | 'outline'> = {
  sent: 'default',
  logged: 'secondary',
  pending: 'outline',
  failed: 'destructive',
};

export function EmailStatusBadge({ status }: { status: EmailStatus }) {
  return <Badge variant={VARIANTS[status]}>{EMAIL_STATUS_LABELS[status]}</Badge>;
}

import { paths } from '@/config/paths';
import { SecurityAuditView } from '@/features/security-audit/components/security-audit-view';

export default function SecurityAuditRoute() {
  return (
    <>
      <title>Security Audit · Parley admin</title>
      <SecurityAuditView activityPath={paths.adminActivity} />
    </>
  );
}

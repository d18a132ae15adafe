import { PageHeader } from '@/components/layout/page-header';
import { ArchitectureView } from '@/features/architecture/components/architecture-view';

/** /admin/architecture (developer; system_admin passes): the admin shell has checked the role before this renders. */
export default function ArchitectureRoute() {
  return (
    <div className="grid grid-cols-1 gap-6">
      <title>Admin System Architecture · Parley admin</title>
      <PageHeader
        title="Admin System Architecture"
        description="How Parley is built, as it is in this version. The data model is generated from the database schema when the app is built."
      />
      <ArchitectureView />
    </div>
  );
}

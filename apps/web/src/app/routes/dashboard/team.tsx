import { can } from '@parley/shared/access';
import type { Member } from '@parley/shared/contracts/organizations';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useMembers } from '@/features/organizations/api/get-members';
import { DangerZoneCard } from '@/features/organizations/components/danger-zone-card';
import { InvitationsCard } from '@/features/organizations/components/invitations-card';
import { InviteMemberDialog } from '@/features/organizations/components/invite-member-dialog';
import { OrganizationSettingsCard } from '@/features/organizations/components/organization-settings-card';
import { RoleBadge } from '@/features/organizations/components/role-badge';
import { RolePermissionsTable } from '@/features/organizations/components/role-permissions-table';
import { TeamActivityCard } from '@/features/organizations/components/team-activity-card';
import { TeamMembersCard } from '@/features/organizations/components/team-members-card';
import { TransferOwnershipDialog } from '@/features/organizations/components/transfer-ownership-dialog';

/** /dashboard/team: the organization's members, roles and invitations; leaving, handing over and deleting. */
export default function TeamRoute() {
  const { me, organization, refresh, switchOrganization } = useAuth();
  const navigate = useNavigate();
  const [transfer, setTransfer] = useState<{ isOpen: boolean; userId: string | null }>({ isOpen: false, userId: null });
  const members = useMembers(organization?.id ?? null);
  if (!organization) return null;

  const role = organization.role;
  const isManager = can(role, 'team.manage');
  const candidates = (members.data?.items ?? []).filter((member) => member.role !== 'owner');

  /** After leaving or deleting, the dashboard moves to another organization the user still belongs to. */
  const moveElsewhere = async () => {
    const next = me?.organizations.find((other) => other.id !== organization.id);
    if (next) switchOrganization(next.id);
    await refresh();
    void navigate(paths.dashboard, { replace: true });
  };

  return (
    <div className="space-y-6">
      <title>Team · Parley</title>
      <PageHeader
        title="Team"
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            <span>
              {organization.name}
              {organization.isPersonal ? ' (personal workspace)' : ''} · you are
            </span>
            <RoleBadge role={role} />
          </span>
        }
        actions={isManager ? <InviteMemberDialog organizationName={organization.name} /> : undefined}
      />
      <TeamMembersCard
        organizationId={organization.id}
        organizationName={organization.name}
        myRole={role}
        isPersonal={organization.isPersonal}
        onMakeOwner={(member: Member) => setTransfer({ isOpen: true, userId: member.userId })}
      />
      {isManager && <InvitationsCard organizationId={organization.id} />}
      {isManager && (
        <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
          <OrganizationSettingsCard name={organization.name} onRenamed={async () => void (await refresh())} />
          <TeamActivityCard organizationId={organization.id} />
        </div>
      )}
      <Card>
        <CardHeader>
          <CardTitle>What each role can do</CardTitle>
          <CardDescription>
            {isManager
              ? 'The same rules hold everywhere in Parley: controls a role may not use are hidden, and the server refuses them.'
              : 'Owners and admins invite people and change roles. As a member you use the chatbots: the test chat, the inbox and analytics.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <RolePermissionsTable highlight={role} />
        </CardContent>
      </Card>
      <DangerZoneCard
        myRole={role}
        isPersonal={organization.isPersonal}
        organizationName={organization.name}
        memberCount={members.data?.items.length ?? 1}
        onTransfer={() => setTransfer({ isOpen: true, userId: null })}
        onLeft={moveElsewhere}
        onDeleted={moveElsewhere}
      />
      {role === 'owner' && !organization.isPersonal && (
        <TransferOwnershipDialog
          isOpen={transfer.isOpen}
          onOpenChange={(isOpen) => setTransfer((current) => ({ isOpen, userId: isOpen ? current.userId : null }))}
          candidates={candidates}
          initialUserId={transfer.userId}
          organizationName={organization.name}
          onTransferred={async () => void (await refresh())}
        />
      )}
    </div>
  );
}

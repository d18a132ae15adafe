import { hasOrganizationRole, type OrganizationRole } from '@parley/shared/access';
import type { Member } from '@parley/shared/contracts/organizations';
import { UsersIcon } from 'lucide-react';
import { EmptyState } from '@/components/layout/empty-state';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate } from '@/lib/format';
import { useMembers } from '../api/get-members';
import { MemberActionsMenu, memberLabel } from './member-actions-menu';
import { RoleBadge } from './role-badge';

function MemberRow({
  member,
  myRole,
  isPersonal,
  organizationName,
  onMakeOwner,
}: {
  member: Member;
  myRole: OrganizationRole;
  isPersonal: boolean;
  organizationName: string;
  onMakeOwner: (member: Member) => void;
}) {
  const label = memberLabel(member);
  return (
    <li className="flex items-center gap-3 py-3" data-testid="team-member" data-email={member.email}>
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-muted text-sm font-medium" aria-hidden="true">
        {label.slice(0, 1).toUpperCase()}
      </span>
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="truncate text-sm font-medium">
          {label}
          {member.isYou && <span className="font-normal text-muted-foreground"> (you)</span>}
        </p>
        <p className="truncate text-xs text-muted-foreground">
          {member.name ? `${member.email} · ` : ''}Joined {formatDate(member.joinedAt)}
        </p>
      </div>
      <RoleBadge role={member.role} />
      {/* Owners and admins get a column of menus (empty where nothing can be done); members none. */}
      {hasOrganizationRole(myRole, 'admin') && (
        <div className="flex w-9 justify-end">
          <MemberActionsMenu member={member} myRole={myRole} isPersonal={isPersonal} organizationName={organizationName} onMakeOwner={onMakeOwner} />
        </div>
      )}
    </li>
  );
}

/** Everyone in the organization with their role and when they joined; managers get a menu per person. */
export function TeamMembersCard({
  organizationId,
  organizationName,
  myRole,
  isPersonal,
  action,
  onMakeOwner,
}: {
  organizationId: string;
  organizationName: string;
  myRole: OrganizationRole;
  isPersonal: boolean;
  action?: React.ReactNode;
  onMakeOwner: (member: Member) => void;
}) {
  const members = useMembers(organizationId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Members</CardTitle>
        <CardDescription>
          {members.data
            ? `${members.data.items.length} ${members.data.items.length === 1 ? 'person' : 'people'} in ${organizationName}.`
            : `People in ${organizationName}.`}
        </CardDescription>
        {action && <CardAction>{action}</CardAction>}
      </CardHeader>
      <CardContent>
        {members.isPending ? (
          <LoadingRows label="Loading members" rows={3} className="h-12 w-full" />
        ) : members.isError ? (
          <LoadErrorAlert query={members} title="Could not load the members" />
        ) : members.data.items.length === 0 ? (
          <EmptyState icon={UsersIcon} title="Nobody here yet" description="Invite your colleagues by e-mail." />
        ) : (
          <ul className="divide-y" aria-label="Members">
            {members.data.items.map((member) => (
              <MemberRow
                key={member.userId}
                member={member}
                myRole={myRole}
                isPersonal={isPersonal}
                organizationName={organizationName}
                onMakeOwner={onMakeOwner}
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

import { ORGANIZATION_ROLE_LABELS, type MembershipEvent } from '@parley/shared/contracts/organizations';

const role = (value: string | undefined) =>
  value && value in ORGANIZATION_ROLE_LABELS ? ORGANIZATION_ROLE_LABELS[value as keyof typeof ORGANIZATION_ROLE_LABELS].toLowerCase() : value;

/** One line for a membership change: "Ada invited grace@example.com as member". */
export function describeMembershipEvent(event: MembershipEvent): string {
  const actor = event.actorName ?? 'Someone';
  const { subject, details } = event;
  switch (event.action) {
    case 'organization_created':
      return `${actor} created the organization`;
    case 'organization_renamed':
      return `${actor} renamed the organization from “${details.from ?? ''}” to “${subject}”`;
    case 'invitation_sent':
      return `${actor} invited ${subject} as ${role(details.role)}`;
    case 'invitation_resent':
      return `${actor} sent the invitation to ${subject} again`;
    case 'invitation_revoked':
      return `${actor} withdrew the invitation to ${subject}`;
    case 'member_joined':
      return `${subject} joined as ${role(details.role)}`;
    case 'member_role_changed':
      return `${actor} changed ${subject} from ${role(details.from)} to ${role(details.to)}`;
    case 'member_removed':
      return `${actor} removed ${subject}`;
    case 'member_left':
      return `${subject} left the organization`;
    case 'ownership_transferred':
      return `${actor} made ${subject} the owner`;
    default:
      return `${actor}: ${event.action.replace(/_/g, ' ')} ${subject}`.trim();
  }
}

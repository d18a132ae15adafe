import { ORGANIZATION_ROLE_LABELS, type AssignableRole } from '@parley/shared/contracts/organizations';
import type { EmailMessage } from '../../providers/email/mailer';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The invitation e-mail: who invites whom to what, the link, and how long it works. */
export function invitationEmail(input: {
  to: string;
  organizationName: string;
  inviterName: string;
  role: AssignableRole;
  url: string;
  expiresInDays: number;
}): EmailMessage {
  const role = ORGANIZATION_ROLE_LABELS[input.role].toLowerCase();
  const intro = `${input.inviterName} invited you to join ${input.organizationName} on Parley as ${role === 'admin' ? 'an' : 'a'} ${role}.`;
  const validity = `The link works once and expires in ${input.expiresInDays} days. Sign up or sign in with ${input.to} to accept it. If you did not expect this invitation, ignore this message.`;
  return {
    kind: 'organization_invitation',
    to: input.to,
    subject: `${input.inviterName} invited you to ${input.organizationName} on Parley`,
    text: `Hi,\n\n${intro}\n\nAccept the invitation:\n\n${input.url}\n\n${validity}\n`,
    html: `<p>Hi,</p><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(input.url)}">Accept the invitation</a></p><p>${escapeHtml(validity)}</p>`,
  };
}

import { FORGOT_PASSWORD_PATH } from '@parley/shared/constants';
import type { EmailMessage } from './mailer';

/**
 * Account e-mails. All are transactional (about the account's own security): they are sent
 * whatever the notification preferences say.
 */

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const greetingOf = (name: string | null | undefined) => (name ? `Hi ${name},` : 'Hi,');

/** The link that makes the change: sent to the NEW address, so only its owner can confirm it. */
export function emailChangeVerificationEmail(to: string, name: string | null, url: string): EmailMessage {
  const greeting = greetingOf(name);
  return {
    kind: 'email_change_verification',
    to,
    subject: 'Confirm your new e-mail address for Parley',
    text: `${greeting}\n\nYou asked to use this address for your Parley account. Confirm it to make the change:\n\n${url}\n\nThe link is valid for 24 hours. Until you open it, your account keeps its current address. If you did not ask for this, ignore this message.\n`,
    html: `<p>${escapeHtml(greeting)}</p><p>You asked to use this address for your Parley account. Confirm it to make the change:</p><p><a href="${escapeHtml(url)}">Confirm new e-mail address</a></p><p>The link is valid for 24 hours. Until you open it, your account keeps its current address. If you did not ask for this, ignore this message.</p>`,
  };
}

/** Told to the OLD address once the change is made. */
export function emailChangedNotice(to: string, name: string | null, newEmail: string, publicUrl: string): EmailMessage {
  return {
    kind: 'email_changed_notice',
    to,
    subject: 'The e-mail address of your Parley account was changed',
    text: `${greetingOf(name)}\n\nThe e-mail address of your Parley account was changed from ${to} to ${newEmail}. From now on, sign in with the new address.\n\nIf you did not make this change, contact your Parley administrator at once (${publicUrl}).\n`,
  };
}

/**
 * Told after the password changes: from the settings page ('changed', other browsers signed out) or through a reset
 * link ('reset', every browser signed out).
 */
export function passwordChangedNotice(to: string, name: string | null, publicUrl: string, how: 'changed' | 'reset' = 'changed'): EmailMessage {
  const what =
    how === 'reset'
      ? 'The password of your Parley account was just reset with a link sent to this address, and every signed-in browser was signed out.'
      : 'The password of your Parley account was just changed, and every other signed-in browser was signed out.';
  return {
    kind: 'password_changed_notice',
    to,
    subject: how === 'reset' ? 'Your Parley password was reset' : 'Your Parley password was changed',
    text: `${greetingOf(name)}\n\n${what}\n\nIf you did not do this, choose a new password at ${publicUrl}${FORGOT_PASSWORD_PATH} (we send a link to this address) and contact your Parley administrator.\n`,
  };
}

export function deletionScheduledNotice(to: string, name: string | null, scheduledFor: Date, publicUrl: string): EmailMessage {
  const when = scheduledFor.toUTCString();
  return {
    kind: 'account_deletion_scheduled',
    to,
    subject: 'Your Parley account will be deleted',
    text: `${greetingOf(name)}\n\nYou asked to delete your Parley account. It will be deleted for good on ${when}, together with the organizations listed on the settings page as deleted with it.\n\nChanged your mind? Sign in before then at ${publicUrl}/auth and the deletion is cancelled.\n`,
  };
}

export function deletionCancelledNotice(to: string, name: string | null, reason: string): EmailMessage {
  return {
    kind: 'account_deletion_cancelled',
    to,
    subject: 'Your Parley account will not be deleted',
    text: `${greetingOf(name)}\n\nThe deletion of your Parley account was cancelled: ${reason}\n\nYour account and your organizations stay as they are.\n`,
  };
}

export function accountDeletedNotice(to: string, name: string | null): EmailMessage {
  return {
    kind: 'account_deleted',
    to,
    subject: 'Your Parley account was deleted',
    text: `${greetingOf(name)}\n\nYour Parley account was deleted, as you asked. This is the last message you get from us about it.\n`,
  };
}

import type { EmailMessage } from './mailer';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function verificationEmail(to: string, name: string, url: string): EmailMessage {
  const greeting = name ? `Hi ${name},` : 'Hi,';
  return {
    kind: 'email_verification',
    to,
    subject: 'Confirm your e-mail address for Parley',
    text: `${greeting}\n\nConfirm your e-mail address to finish setting up your Parley account:\n\n${url}\n\nThe link is valid for 24 hours. If you did not sign up, ignore this message.\n`,
    html: `<p>${escapeHtml(greeting)}</p><p>Confirm your e-mail address to finish setting up your Parley account:</p><p><a href="${escapeHtml(url)}">Confirm e-mail address</a></p><p>The link is valid for 24 hours. If you did not sign up, ignore this message.</p>`,
  };
}

/** The link of "Forgot password?": it opens the page that sets a new password, once, within the hour. */
export function passwordResetEmail(to: string, name: string, url: string): EmailMessage {
  const greeting = name ? `Hi ${name},` : 'Hi,';
  const closing =
    'The link is valid for 1 hour and works once. Setting a new password signs your account out everywhere. If you did not ask for this, ignore this message: your password stays as it is.';
  return {
    kind: 'password_reset',
    to,
    subject: 'Reset your Parley password',
    text: `${greeting}\n\nSomeone (we hope you) asked to reset the password of your Parley account. Choose a new password here:\n\n${url}\n\n${closing}\n`,
    html: `<p>${escapeHtml(greeting)}</p><p>Someone (we hope you) asked to reset the password of your Parley account. Choose a new password here:</p><p><a href="${escapeHtml(url)}">Choose a new password</a></p><p>${escapeHtml(closing)}</p>`,
  };
}

/**
 * To the owner of an address someone tried to sign up with again (OWASP: the sign-up answers as for a new address, and
 * the owner, not the caller, learns that the account exists).
 */
export function existingAccountSignUpEmail(to: string, name: string, signInUrl: string, resetUrl: string): EmailMessage {
  const greeting = name ? `Hi ${name},` : 'Hi,';
  const body = 'Someone tried to create a Parley account with this e-mail address, which already has one. No new account was made.';
  const advice = 'If it was you, sign in instead, or choose a new password if you forgot it. If it was not you, you can ignore this message: nothing changed.';
  return {
    kind: 'existing_account_sign_up',
    to,
    subject: 'Someone tried to sign up with your e-mail address',
    text: `${greeting}\n\n${body}\n\nSign in: ${signInUrl}\nForgot your password? ${resetUrl}\n\n${advice}\n`,
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p><p><a href="${escapeHtml(signInUrl)}">Sign in</a> · <a href="${escapeHtml(resetUrl)}">Forgot your password?</a></p><p>${escapeHtml(advice)}</p>`,
  };
}

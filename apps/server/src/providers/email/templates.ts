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

import { publicBaseUrl, type Config } from '../app/index.ts';

/** A rendered e-mail: subject, plain text and HTML alternative. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export const SETUP_PATH = '/account/setup';
export const RESET_PATH = '/account/reset';

/** An app link carrying a token query parameter, e.g. http://localhost:3000/account/setup?token=… */
export function tokenLink(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>, path: string, token: string): string {
  const url = new URL(`${publicBaseUrl(config)}${path}`);
  url.searchParams.set('token', token);
  return url.toString();
}

export const setupLink = (config: Pick<Config, 'PUBLIC_URL' | 'PORT'>, token: string): string =>
  tokenLink(config, SETUP_PATH, token);
export const resetLink = (config: Pick<Config, 'PUBLIC_URL' | 'PORT'>, token: string): string =>
  tokenLink(config, RESET_PATH, token);

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function htmlPage(paragraphs: string[], link: string, button: string): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  return [
    '<!doctype html>',
    '<html><body style="font-family: sans-serif; line-height: 1.5">',
    body,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(button)}</a></p>`,
    `<p style="color: #666; font-size: 12px">If the button does not work, copy this address into your browser:<br>${escapeHtml(link)}</p>`,
    '</body></html>',
  ].join('\n');
}

/** The invitation to a tenant or partner: "Set up your account", with the setup link (valid 3 days). */
export function invitationMail({
  link,
  inviterName,
  brandName,
}: {
  link: string;
  inviterName?: string;
  brandName?: string;
}): MailContent {
  const brand = brandName?.trim();
  const team = brand || 'Reclaim';
  const who = inviterName?.trim() ? `${inviterName.trim()} invited you` : 'You have been invited';
  const intro = brand ? `${who} to join ${brand} on Reclaim.` : `${who} to join Reclaim.`;
  const action = 'Set up your account with the link below. It is valid for 3 days.';
  return {
    subject: `Set up your account for ${team}`,
    text: `Hello,\n\n${intro}\n${action}\n\n${link}\n\nIf you did not expect this invitation, you can ignore this e-mail.\n`,
    html: htmlPage(['Hello,', intro, action], link, 'Set up your account'),
  };
}

/** The forgot-password page of the panel (no token: the user asks for a reset link there). */
export const forgotLink = (config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): string =>
  new URL(`${publicBaseUrl(config)}/forgot`).toString();

/**
 * After the signed-in user changed their password (Account → Security): when, that every other
 * session ended, and where to reset it if it was not them. Carries no secret.
 */
export function passwordChangedMail({ when, link }: { when: string; link: string }): MailContent {
  const intro = `The password of your Reclaim account was changed on ${when}. Every other session was signed out.`;
  const action = 'If it was not you, reset your password now with the link below.';
  return {
    subject: 'Your password was changed',
    text: `Hello,\n\n${intro}\n${action}\n\n${link}\n\nIf it was you, there is nothing to do.\n`,
    html: htmlPage(['Hello,', intro, action], link, 'Reset your password'),
  };
}

/** The password-reset mail with the reset link (valid 7 days). */
export function passwordResetMail({ link }: { link: string }): MailContent {
  const intro = 'Someone asked to reset the password of your Reclaim account.';
  const action = 'Choose a new password with the link below. It is valid for 7 days.';
  return {
    subject: 'Reset your password',
    text: `Hello,\n\n${intro}\n${action}\n\n${link}\n\nIf it was not you, ignore this e-mail: your password stays as it is.\n`,
    html: htmlPage(['Hello,', intro, action], link, 'Reset your password'),
  };
}

import { escapeHtml } from '../common/html-text.ts';

/**
 * The account mails Cognito sends (verification, resend, password reset), in the product's words. Cognito
 * replaces the code placeholder, which must appear exactly once; the HTML stays simple because mail clients
 * render little.
 */
export function accountMail(triggerSource: string, codeParameter: string, siteUrl: string): { subject: string; html: string } | null {
  const site = escapeHtml(siteUrl);
  const frame = (heading: string, lead: string, after: string) =>
    `<div style="font-family:Arial,sans-serif;max-width:520px;margin:auto;color:#0f172a">` +
    `<h1 style="font-size:20px;color:#1d4ed8">${heading}</h1><p>${lead}</p>` +
    `<p style="font-size:28px;font-weight:bold;letter-spacing:4px">${codeParameter}</p>` +
    `<p>${after}</p><p style="color:#64748b;font-size:12px">Creator News Hub &middot; <a href="${site}">${site}</a></p></div>`;
  switch (triggerSource) {
    case 'CustomMessage_SignUp':
    case 'CustomMessage_ResendCode':
      return {
        subject: 'Your Creator News Hub verification code',
        html: frame('Verify your e-mail', 'Welcome to Creator News Hub! Enter this code on the sign-up page to verify your account:', 'The code expires in 24 hours. If you did not sign up, ignore this e-mail.'),
      };
    case 'CustomMessage_ForgotPassword':
      return {
        subject: 'Reset your Creator News Hub password',
        html: frame('Reset your password', 'Enter this code on the sign-in page to choose a new password:', 'If you did not ask to reset your password, ignore this e-mail: your password stays as it is.'),
      };
    default:
      return null;
  }
}

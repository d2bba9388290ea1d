import { renderComposedIssue, type RenderedMail } from '#domain/newsletter/digest-mail.ts';
import { sendMail } from '#adapters/mail.ts';
import { config } from '#core/config.ts';
import type { LinkPayload } from '#domain/newsletter/newsletter.ts';
import { signLinkToken } from './link-tokens.ts';

/**
 * Newsletter mail as subscribers get it: rendered once with a placeholder for the unsubscribe link, then
 * sent to each address with its own signed link and the one-click List-Unsubscribe headers (RFC 8058).
 * The newsletter state machine's send step, the console's preview and its test send all go through here,
 * so what the editor previews and tests is what subscribers receive.
 */
export const UNSUBSCRIBE_PLACEHOLDER = '__UNSUBSCRIBE_URL__';

/** An issue composed in the console, in the newsletter layout, its unsubscribe link still a placeholder. */
export function composedIssueMail(issue: { subject: string; content: string }): RenderedMail {
  return renderComposedIssue({ ...issue, siteUrl: config.SITE_URL, unsubscribeUrl: UNSUBSCRIBE_PLACEHOLDER });
}

/** A rendered mail with a link in place of the placeholder (the preview shows the unsubscribe page's address). */
export function withUnsubscribeLink(mail: RenderedMail, url: string): RenderedMail {
  return { subject: mail.subject, html: mail.html.replaceAll(UNSUBSCRIBE_PLACEHOLDER, url), text: mail.text.replaceAll(UNSUBSCRIBE_PLACEHOLDER, url) };
}

/** Sends a rendered newsletter mail to one address, with that address's signed unsubscribe link. */
export function sendNewsletterMail(to: string, mail: RenderedMail, signingKey: string, tags: Record<string, string>): Promise<{ messageId: string }> {
  return sendListMail(to, mail, { purpose: 'unsubscribe', email: to }, signingKey, tags);
}

/**
 * Sends a rendered mail of a list (the newsletter, or the mail of what a reader follows) with its signed
 * unsubscribe link: the visible one opens the /unsubscribe page, the List-Unsubscribe one takes the mail
 * client's one-click POST; both reach POST /newsletter/unsubscribe, which reads the token's purpose.
 */
export function sendListMail(to: string, mail: RenderedMail, unsubscribe: Extract<LinkPayload, { purpose: 'unsubscribe' | 'follows-unsubscribe' }>, signingKey: string, tags: Record<string, string>): Promise<{ messageId: string }> {
  const token = encodeURIComponent(signLinkToken(unsubscribe, signingKey));
  const personal = withUnsubscribeLink(mail, `${config.SITE_URL}/unsubscribe?token=${token}`);
  return sendMail({
    to,
    ...personal,
    headers: {
      'List-Unsubscribe': `<${config.API_URL}/newsletter/unsubscribe?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    tags,
  });
}

import { escapeHtml } from './html-text.ts';

/**
 * The plain layout of the product's short transactional mails (confirmation, unsubscribe, receipt): a
 * heading, a paragraph of HTML the caller escaped, one button, a small footer. Digests have their own
 * blocks (domain/newsletter/digest-mail.ts).
 */
export function actionMail(heading: string, bodyHtml: string, action: { label: string; url: string }, footer: string): string {
  return (
    `<div style="font-family:Arial,sans-serif;max-width:560px;margin:auto;color:#0f172a">` +
    `<h1 style="font-size:20px;color:#1d4ed8">${escapeHtml(heading)}</h1><p>${bodyHtml}</p>` +
    `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#1d4ed8;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escapeHtml(action.label)}</a></p>` +
    `<p style="color:#64748b;font-size:12px">${footer}</p></div>`
  );
}

import { escapeHtml } from '../common/html-text.ts';
import { FREQUENCIES, type Frequency } from './newsletter.ts';
import type { DigestArticle } from './digest.ts';
import { contentParagraphs } from './newsletter-admin.ts';

/**
 * Newsletter mails (the digest and an issue composed in the console): each is one list of blocks, and two
 * renderers turn the same list into the HTML part (email-safe: nested presentation tables, inline styles,
 * every text escaped) and the plain-text part, so the two cannot say different things. This replaced
 * react-email, whose server renderer (react-dom) and HTML-to-text converter were 450 KB of the digest
 * Lambda for two templates, loaded at every cold start.
 */
export type MailBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'meta'; text: string }
  | { kind: 'story'; title: string; href: string; source: string; summary: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'footer'; siteUrl: string; unsubscribeUrl: string; /** Why the reader gets it and where to change that (the newsletter's by default). */ because?: { text: string; manageUrl: string } };

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

const STYLE = {
  body: 'background-color:#f8fafc;font-family:Arial,sans-serif;color:#0f172a',
  container: 'max-width:600px;margin:0 auto;padding:24px;background-color:#ffffff',
  heading: 'color:#1d4ed8;font-size:22px;margin:0 0 12px',
  storyTitle: 'font-size:18px;margin:16px 0 4px',
  link: 'color:#1d4ed8;text-decoration:none',
  meta: 'color:#64748b;font-size:12px;line-height:20px;margin:0 0 4px',
  text: 'font-size:14px;line-height:20px;margin:0 0 12px;white-space:pre-line',
  rule: 'width:100%;border:none;border-top:1px solid #e2e8f0;margin:24px 0 0',
  footer: 'color:#64748b;font-size:12px;line-height:20px;margin:16px 0',
};

const table = (style: string, inner: string) =>
  `<table role="presentation" width="100%" border="0" cellpadding="0" cellspacing="0" align="center"${style ? ` style="${style}"` : ''}><tbody><tr><td>${inner}</td></tr></tbody></table>`;
const link = (href: string, text: string) => `<a href="${escapeHtml(href)}" style="${STYLE.link}" target="_blank">${escapeHtml(text)}</a>`;
const siteLabel = (siteUrl: string) => siteUrl.replace(/^https?:\/\//, '');

function blockHtml(block: MailBlock): string {
  switch (block.kind) {
    case 'heading':
      return `<h1 style="${STYLE.heading}">${escapeHtml(block.text)}</h1>`;
    case 'meta':
      return `<p style="${STYLE.meta}">${escapeHtml(block.text)}</p>`;
    case 'story':
      return table('', `<h2 style="${STYLE.storyTitle}">${link(block.href, block.title)}</h2><p style="${STYLE.meta}">${escapeHtml(block.source)}</p><p style="${STYLE.text}">${escapeHtml(block.summary)}</p>`);
    case 'paragraph':
      return `<p style="${STYLE.text}">${escapeHtml(block.text)}</p>`;
    case 'footer':
      return (
        `<hr style="${STYLE.rule}"><p style="${STYLE.footer}">${block.because ? escapeHtml(block.because.text) : `You receive this because you subscribed at ${link(block.siteUrl, siteLabel(block.siteUrl))}.`} ` +
        `${link(block.because?.manageUrl ?? `${block.siteUrl}/newsletter`, 'Manage preferences')} · ${link(block.unsubscribeUrl, 'Unsubscribe')}</p>`
      );
  }
}

function blockText(block: MailBlock): string {
  switch (block.kind) {
    case 'heading':
      return `${block.text}\n${'='.repeat(Math.min(block.text.length, 60))}`;
    case 'meta':
    case 'paragraph':
      return block.text;
    case 'story':
      return `${block.title}\n${block.href}\n${block.source}\n${block.summary}`;
    case 'footer':
      return `${'-'.repeat(40)}\n${block.because?.text ?? `You receive this because you subscribed at ${siteLabel(block.siteUrl)} (${block.siteUrl}).`}\nManage preferences: ${block.because?.manageUrl ?? `${block.siteUrl}/newsletter`}\nUnsubscribe: ${block.unsubscribeUrl}`;
  }
}

/** The preview line mail clients show beside the subject, hidden in the body. */
const previewHtml = (preview: string) =>
  `<div style="display:none;overflow:hidden;line-height:1px;opacity:0;max-height:0;max-width:0">${escapeHtml(preview)}${'&#8199;&#65279;&#847;'.repeat(40)}</div>`;

export function renderMail(subject: string, preview: string, blocks: readonly MailBlock[]): RenderedMail {
  const html =
    '<!DOCTYPE html><html lang="en" dir="ltr"><head><meta http-equiv="Content-Type" content="text/html; charset=UTF-8"><meta name="x-apple-disable-message-reformatting">' +
    `<title>${escapeHtml(subject)}</title></head><body style="margin:0;${STYLE.body}">${previewHtml(preview)}` +
    table(STYLE.body, table(STYLE.container, blocks.map(blockHtml).join(''))) +
    '</body></html>';
  return { subject, html, text: `${blocks.map(blockText).join('\n\n')}\n` };
}

interface DigestProps {
  frequency: Frequency;
  stories: readonly DigestArticle[];
  /** The reader's topics (labels); none chosen means all topics. */
  topics: readonly string[];
  siteUrl: string;
  unsubscribeUrl: string;
}

export function renderDigest({ frequency, stories, topics, siteUrl, unsubscribeUrl }: DigestProps): RenderedMail {
  const label = FREQUENCIES.find((item) => item.value === frequency)?.label ?? 'Newsletter';
  return renderMail(`${label}: ${stories[0]?.title ?? 'this period in creator news'}`, stories[0]?.title ?? label, [
    { kind: 'heading', text: `Creator News Hub · ${label}` },
    { kind: 'meta', text: `Your topics: ${topics.length ? topics.join(', ') : 'all topics'}` },
    ...stories.map((story): MailBlock => ({ kind: 'story', title: story.title, href: `${siteUrl}/?article=${encodeURIComponent(story.id)}`, source: story.sourceName, summary: story.summary })),
    { kind: 'footer', siteUrl, unsubscribeUrl },
  ]);
}

interface FollowsDigestProps {
  frequency: 'daily' | 'weekly';
  /** Per followed topic (its name), its new stories, newest first (domain/reader/follows-digest.ts pickFollowedStories). */
  sections: ReadonlyArray<{ label: string; stories: readonly DigestArticle[] }>;
  siteUrl: string;
  unsubscribeUrl: string;
}

/** The mail of what a reader follows: one heading per followed topic, its new stories under it. */
export function renderFollowsDigest({ frequency, sections, siteUrl, unsubscribeUrl }: FollowsDigestProps): RenderedMail {
  const first = sections[0]?.stories[0]?.title ?? 'new stories on what you follow';
  const period = frequency === 'daily' ? 'today' : 'this week';
  return renderMail(`What you follow, ${period}: ${first}`, first, [
    { kind: 'heading', text: `Creator News Hub · What you follow` },
    ...sections.flatMap((section): MailBlock[] => [
      { kind: 'meta', text: `New on ${section.label}` },
      ...section.stories.map((story): MailBlock => ({ kind: 'story', title: story.title, href: `${siteUrl}/?article=${encodeURIComponent(story.id)}`, source: story.sourceName, summary: story.summary })),
    ]),
    { kind: 'footer', siteUrl, unsubscribeUrl, because: { text: `You receive this because you chose a ${frequency} mail of what you follow on your account.`, manageUrl: `${siteUrl}/dashboard#following` } },
  ]);
}

interface ComposedProps {
  subject: string;
  /** Plain text from the console (sanitised there); escaped here, paragraphs on blank lines. */
  content: string;
  siteUrl: string;
  unsubscribeUrl: string;
}

/** An issue an admin composed in the console, in the digest's layout and footer. */
export function renderComposedIssue({ subject, content, siteUrl, unsubscribeUrl }: ComposedProps): RenderedMail {
  return renderMail(subject, subject, [
    { kind: 'heading', text: `Creator News Hub · ${subject}` },
    ...contentParagraphs(content).map((text): MailBlock => ({ kind: 'paragraph', text })),
    { kind: 'footer', siteUrl, unsubscribeUrl },
  ]);
}

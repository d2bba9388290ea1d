import { escapeHtml } from '../common/html-text.ts';
import * as z from '../common/validation.ts';
import { singleLine, visibleText } from '../common/text.ts';
import { emailSchema, fullNameSchema } from './account.ts';

/** Contact form rules (reader spec section 5): all four fields required; the name and e-mail rules of sign-up apply. */
export const SUBJECT_MAX = 200;
export const MESSAGE_MAX = 5000;

export const contactMessageSchema = z.object({
  name: fullNameSchema,
  // An empty address is a missing field, told as the other fields are; a wrong one gets the sign-up wording.
  email: z.pipe(z.string().check(z.trim(), z.minLength(1, { message: 'Email is required', abort: true })), emailSchema),
  // The subject goes into the mails' Subject on one line (line breaks and control characters out), the message as
  // text with its line breaks (control characters and invisible marks out), as the newsletter's own are.
  subject: z.pipe(
    z.pipe(z.string(), z.transform(singleLine)),
    z.string().check(z.minLength(1, { message: 'Subject is required', abort: true }), z.maxLength(SUBJECT_MAX, 'Subject too long (max 200 characters)')),
  ),
  message: z.pipe(
    z.pipe(z.string(), z.transform((text) => visibleText(text, { multiline: true }))),
    z.string().check(z.minLength(1, { message: 'Message is required', abort: true }), z.maxLength(MESSAGE_MAX, 'Message too long (max 5000 characters)')),
  ),
});

export type ContactMessageInput = z.infer<typeof contactMessageSchema>;

export const CONTACT_SUCCESS_MESSAGE = "Thank you for reaching out. We'll get back to you soon.";

/**
 * How often one client, and one sender address, may write: a person writes a few messages an hour, a
 * script hundreds (each also sends two mails). The client limit is looser: many Indian mobile users share
 * one carrier address (CGNAT).
 */
export const CONTACT_LIMITS = {
  perClient: { limit: 20, windowSeconds: 3600 },
  perAddress: { limit: 3, windowSeconds: 3600 },
} as const;

const paragraphs = (text: string) => escapeHtml(text).replace(/\r?\n/g, '<br>');

/** The team's copy of a message: every field escaped (a sender's markup is shown, never run). */
export function contactTeamMail(input: ContactMessageInput, messageId: string) {
  return {
    subject: `Contact: ${input.subject}`,
    text: `From: ${input.name} <${input.email}>\nSubject: ${input.subject}\nMessage id: ${messageId}\n\n${input.message}\n`,
    html:
      `<p><strong>From:</strong> ${escapeHtml(input.name)} &lt;${escapeHtml(input.email)}&gt;<br><strong>Subject:</strong> ${escapeHtml(input.subject)}` +
      `<br><strong>Message id:</strong> ${escapeHtml(messageId)}</p><p>${paragraphs(input.message)}</p>`,
  };
}

/** The sender's acknowledgement (reader spec: replies within 24-48 hours). */
export function contactAcknowledgement(input: ContactMessageInput) {
  return {
    subject: 'We received your message - Creator News Hub',
    text: `Hi ${input.name},\n\nThank you for reaching out. We received your message "${input.subject}" and will reply within 24-48 hours.\nFor urgent media requests, write again with URGENT in the subject.\n\nCreator News Hub\n`,
    html:
      `<p>Hi ${escapeHtml(input.name)},</p><p>Thank you for reaching out. We received your message &ldquo;${escapeHtml(input.subject)}&rdquo; and will reply within 24-48 hours.` +
      ` For urgent media requests, write again with URGENT in the subject.</p><p>Creator News Hub</p>`,
  };
}

import { z } from 'zod';

/** Contact form rules (reader spec section 5): all four fields required; the name rules of sign-up apply. */
export const NAME_MAX = 100;
export const SUBJECT_MAX = 200;
export const MESSAGE_MAX = 5000;

export const contactMessageSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { message: 'Name is required', abort: true })
    .max(NAME_MAX, 'Name too long (max 100 characters)')
    .regex(/^[\p{L}\s.'-]+$/u, 'Name contains invalid characters'),
  email: z.string().trim().toLowerCase().max(254).email('Please enter a valid email address'),
  subject: z.string().trim().min(1, { message: 'Subject is required', abort: true }).max(SUBJECT_MAX, 'Subject too long (max 200 characters)'),
  message: z.string().trim().min(1, { message: 'Message is required', abort: true }).max(MESSAGE_MAX, 'Message too long (max 5000 characters)'),
});

export type ContactMessageInput = z.infer<typeof contactMessageSchema>;

export const CONTACT_SUCCESS_MESSAGE = "Thank you for reaching out. We'll get back to you soon.";

import * as z from '../common/validation.ts';

/**
 * Sign-up and sign-in rules (reader spec section 5), one schema for the auth page and the server. Cognito
 * enforces the same password policy, so the page's messages match its refusals.
 */
export const EMAIL_MAX = 254;
/** Cognito's pool is created with this policy too (lib/auth-settings.ts), so both refuse the same passwords. */
export const PASSWORD_POLICY = { minLength: 8, maxLength: 128 } as const;
export const NAME_MAX = 100;

/**
 * What a name may hold: letters with their combining marks (Devanagari, Tamil and other Indian scripts need
 * them, and the joiners U+200C/U+200D), emoji (pictographs, skin tones, flags, keycaps and the ZWJ sequences
 * they make), spaces and . ' -, with the typographic apostrophes ’ ‘ (what phones and Macs type for ' : "O’Neil").
 * Refused: control characters (tabs, new lines included), digits, markup and other symbols.
 */
export const NAME_PATTERN = /^(?:[\p{L}\p{M}\p{Extended_Pictographic}\p{Emoji_Modifier}\p{Regional_Indicator}\u{E0020}-\u{E007F}\p{Zs}.'\u2018\u2019-]|\u200C|\u200D)+$/u;

export const emailSchema = z.pipe(z.string().check(z.trim(), z.toLowerCase(), z.maxLength(EMAIL_MAX, 'Please enter a valid email address')), z.email('Please enter a valid email address'));

export const passwordSchema = z.string().check(z.minLength(PASSWORD_POLICY.minLength, 'Password must be at least 8 characters'), z.maxLength(PASSWORD_POLICY.maxLength, 'Password too long (max 128 characters)'), z.regex(/[a-z]/, 'Password must contain lowercase letters'), z.regex(/[A-Z]/, 'Password must contain uppercase letters'), z.regex(/[0-9]/, 'Password must contain numbers'));

export const fullNameSchema = z.string().check(z.trim(), z.minLength(1, { message: 'Name is required', abort: true }), z.maxLength(NAME_MAX, 'Name too long (max 100 characters)'),
  z.regex(NAME_PATTERN, 'Name contains invalid characters'));

export const signInSchema = z.object({ email: emailSchema, password: z.string().check(z.minLength(1, 'Please enter your password')) });
export const signUpSchema = z.object({ fullName: fullNameSchema, email: emailSchema, password: passwordSchema });
export const confirmationCodeSchema = z.string().check(z.trim(), z.regex(/^\d{6}$/, 'Enter the 6-digit code from the email'));

export type SignUpInput = z.infer<typeof signUpSchema>;

/** The first field error of each field, as a form shows them. */
export function fieldMessages(error: z.core.$ZodError): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    messages[field] ??= issue.message;
  }
  return messages;
}

/** The local mail inbox (aws-ses-v2-local), read as a reader would read their mail. */
export interface InboxMail {
  messageId: string;
  from: string;
  destination: { to: string[] };
  subject: string;
  body: { html?: string; text?: string };
  headers?: Array<{ name: string; value: string }>;
  at: number;
}

export async function mailsTo(mailUrl: string, address: string): Promise<InboxMail[]> {
  const response = await fetch(`${mailUrl}/store`);
  const { emails } = (await response.json()) as { emails: InboxMail[] };
  return emails.filter((mail) => mail.destination.to.some((to) => to.toLowerCase().includes(address.toLowerCase())));
}

/** The newest mail to the address whose subject matches, waiting up to `timeoutMs` for it. */
export async function waitForMail(mailUrl: string, address: string, subject: RegExp, timeoutMs = 10_000): Promise<InboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await mailsTo(mailUrl, address)).filter((mail) => subject.test(mail.subject)).at(-1);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No mail to ${address} matching ${subject} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The six-digit code of a verification or reset mail. */
export function codeIn(mail: InboxMail): string {
  const code = /\b(\d{6})\b/.exec(mail.body.html ?? mail.body.text ?? '')?.[1];
  if (!code) throw new Error(`No code in the mail "${mail.subject}"`);
  return code;
}

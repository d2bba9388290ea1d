import { randomUUID } from 'node:crypto';
import { donationReceiptMail } from '#domain/donations/donation-mail.ts';
import { sendMail } from '#adapters/mail.ts';
import { claimReceipt, recordReceiptSent, type DonationItem } from '#store/donations.ts';
import { config } from '#core/config.ts';

/** SES refused or failed the receipt (the claim and the mark are DynamoDB's, and throw their own errors). */
export class ReceiptNotSentError extends Error {
  constructor(readonly reason: unknown) {
    super(`Receipt not sent: ${reason instanceof Error ? reason.message : String(reason)}`);
    this.name = 'ReceiptNotSentError';
  }
}

/**
 * Mails a paid donation's receipt and records that it went out (the success page says so only then).
 * The sending is claimed first (claimReceipt), so two deliveries of one payment never both send, and a
 * sender killed between its claim and its "sent" mark is replaced once the claim lapses.
 * Throws when SES refuses or fails: the caller records the failure, and the donation-receipts stream
 * consumer sends it again. 'nothing-to-send' when there is none (no address, not paid, already sent);
 * 'claimed-elsewhere' while another sender holds it.
 *
 * SES takes no idempotency key: a sender killed after SES accepted the mail and before the mark is durable
 * cannot know it was sent, and its replacement sends it again (at least once, never lost; docs/faults.md).
 */
export async function sendDonationReceipt(donation: DonationItem): Promise<'sent' | 'nothing-to-send' | 'claimed-elsewhere'> {
  if (!donation.donorEmail || donation.status !== 'paid' || !donation.paidAt || !donation.razorpayPaymentId || donation.receiptSentAt) return 'nothing-to-send';
  if (!(await claimReceipt(donation, randomUUID()))) return 'claimed-elsewhere';
  try {
    await sendMail({
      to: donation.donorEmail,
      tags: { kind: 'donation-receipt' },
      ...donationReceiptMail({ ...donation, paidAt: donation.paidAt, razorpayPaymentId: donation.razorpayPaymentId }, config.SITE_URL),
    });
  } catch (error) {
    throw new ReceiptNotSentError(error);
  }
  // SES has it: a failure from here on is the mark's, and must not send it again at once.
  await recordReceiptSent(donation);
  return 'sent';
}

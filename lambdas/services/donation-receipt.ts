import { donationReceiptMail } from '#domain/donations/donation-mail.ts';
import { sendMail } from '#adapters/mail.ts';
import { recordReceiptSent, type DonationItem } from '#store/donations.ts';
import { config } from '#core/config.ts';

/**
 * Mails a paid donation's receipt and records that it went out (the success page says so only then).
 * Throws when SES refuses or fails: the caller records the failure, and the donation-receipts stream
 * consumer sends it again. False when there is nothing to send (no address, not paid, already sent).
 */
export async function sendDonationReceipt(donation: DonationItem): Promise<boolean> {
  if (!donation.donorEmail || donation.status !== 'paid' || !donation.paidAt || !donation.razorpayPaymentId || donation.receiptSentAt) return false;
  await sendMail({
    to: donation.donorEmail,
    tags: { kind: 'donation-receipt' },
    ...donationReceiptMail({ ...donation, paidAt: donation.paidAt, razorpayPaymentId: donation.razorpayPaymentId }, config.SITE_URL),
  });
  await recordReceiptSent(donation);
  return true;
}

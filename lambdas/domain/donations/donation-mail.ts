import { DONATION_TEXTS, formatRupees } from './donations.ts';
import { escapeHtml } from '../common/html-text.ts';
import { actionMail } from '../common/mail-layout.ts';

/** The receipt mailed once a payment is verified: amount, date, payment reference, the donor's message. */
export function donationReceiptMail(donation: { amount: number; paidAt: string; razorpayPaymentId: string; donorName?: string; message?: string }, siteUrl: string) {
  const amount = formatRupees(donation.amount);
  const date = new Intl.DateTimeFormat('en-IN', { dateStyle: 'long', timeZone: 'Asia/Kolkata' }).format(new Date(donation.paidAt));
  const greeting = donation.donorName ? `Dear ${donation.donorName},` : 'Dear supporter,';
  const lines = [`Amount: ${amount}`, `Date: ${date}`, 'Type: One-time donation', `Payment reference: ${donation.razorpayPaymentId}`, ...(donation.message ? [`Your message: ${donation.message}`] : [])];
  const footer = 'Keep this mail as your receipt. Payments are processed securely by Razorpay; we never see your card or UPI details.';
  return {
    subject: `Receipt for your ${amount} donation to Creator News Hub`,
    text: `${greeting}\n\n${DONATION_TEXTS.thankYou}\n\n${lines.join('\n')}\n\n${footer}\n\nCreator News Hub\n${siteUrl}\n`,
    html: actionMail(
      DONATION_TEXTS.thankYou,
      `${escapeHtml(greeting)}</p><p>${lines.map(escapeHtml).join('<br>')}`,
      { label: 'Read the latest creator news', url: siteUrl },
      escapeHtml(footer),
    ),
  };
}

import { describe, expect, it } from 'vitest';
import { donationReceiptMail } from '#domain/donations/donation-mail.ts';
import {
  donationAmountSchema,
  donationRequestSchema,
  formatRupees,
  goalPercent,
  supporterIdentity,
  supporterName,
} from '#domain/donations/donations.ts';
import { simulatedEvent } from '../../lib/local/mail-events.ts';
import { goalBand } from '#web/features/donate/components/GoalProgress.tsx';

const amountError = (value: unknown) => {
  const result = donationAmountSchema.safeParse(value);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('donation rules (reader spec sections 5 and 9)', () => {
  it('takes whole rupees from 1 to 50,000, in paise, with the spec\'s texts otherwise', () => {
    expect(donationAmountSchema.parse(100)).toBe(100);
    expect(donationAmountSchema.parse(5_000_000)).toBe(5_000_000);
    expect(donationAmountSchema.parse('25000')).toBe(25_000);
    for (const bad of [0, 99, -100, 1250, 100.5, 'abc', '', null, undefined, Number.NaN, '1e4', {}]) expect(amountError(bad), String(bad)).toBe('Please enter a valid donation amount');
    expect(amountError(5_000_100)).toBe('Maximum donation amount is ₹50,000');
  });

  it('drops the name of an anonymous gift when shown, and calls an unnamed one Supporter', () => {
    expect(supporterName({ isAnonymous: true, donorName: 'Asha' })).toBe('Anonymous Supporter');
    expect(supporterName({ donorName: '  ' })).toBe('Supporter');
    expect(supporterName({ donorName: 'Asha Rao' })).toBe('Asha Rao');
  });

  it('counts a supporter by e-mail, else by name, else the gift itself', () => {
    expect(supporterIdentity({ id: '1', donorEmail: 'A@Example.com', donorName: 'Asha' })).toBe(supporterIdentity({ id: '2', donorEmail: 'a@example.com' }));
    expect(supporterIdentity({ id: '1', donorName: 'Asha  Rao' })).toBe(supporterIdentity({ id: '2', donorName: 'asha rao' }));
    expect(supporterIdentity({ id: '1', donorName: 'Asha', isAnonymous: true })).not.toBe(supporterIdentity({ id: '2', donorName: 'Asha', isAnonymous: true }));
    expect(supporterIdentity({ id: '1' })).not.toBe(supporterIdentity({ id: '2' }));
  });

  it('computes the goal percent and its colour band, past 100 % too', () => {
    expect(goalPercent(0)).toBe(0);
    expect(goalPercent(250_000, 5_000)).toBe(50);
    expect(goalPercent(600_000, 5_000)).toBe(120);
    expect([0, 39, 40, 59, 60, 79, 80, 120].map(goalBand)).toEqual(['low', 'low', 'fair', 'fair', 'good', 'good', 'great', 'great']);
  });

  it('formats rupees the Indian way', () => {
    expect(formatRupees(25_000)).toBe('₹250');
    expect(formatRupees(12_345_650)).toBe('₹1,23,456.50');
  });

  it('reads the create-donation body, trimming and refusing what the form would refuse', () => {
    expect(donationRequestSchema.parse({ amount: 25_000, donor_name: '  Asha  ', donor_email: '', message: '  hi ' })).toMatchObject({
      amount: 25_000,
      currency: 'INR',
      donor_name: 'Asha',
      donor_email: undefined,
      message: 'hi',
      is_anonymous: false,
      donation_type: 'one-time',
    });
    expect(donationRequestSchema.safeParse({ amount: 25_000, message: 'x'.repeat(501) }).success).toBe(false);
    expect(donationRequestSchema.safeParse({ amount: 25_000, currency: 'USD' }).success).toBe(false);
    expect(donationRequestSchema.safeParse({ amount: 25_000, donation_type: 'monthly' }).success).toBe(false);
  });

  it('writes a receipt with both parts, the donor\'s words escaped', () => {
    const mail = donationReceiptMail({ amount: 25_000, paidAt: '2026-11-23T08:00:00Z', razorpayPaymentId: 'pay_X', donorName: '<b>Asha</b>', message: '<script>x</script>' }, 'https://news.example.in');
    expect(mail.subject).toBe('Receipt for your ₹250 donation to Creator News Hub');
    expect(mail.text).toContain('pay_X');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
  });
});

describe('the SES mailbox simulator, locally', () => {
  const mail = { messageId: 'm1', from: 'news@example.in', destination: { to: [] as string[] }, at: 1_795_000_000 };
  it('turns mail to the bounce and complaint addresses (with a +label) into SES events, and nothing else', () => {
    expect(simulatedEvent(mail, 'bounce+digest@simulator.amazonses.com')).toMatchObject({
      eventType: 'Bounce',
      payload: { bounce: { bounceType: 'Permanent', bouncedRecipients: [{ emailAddress: 'bounce+digest@simulator.amazonses.com' }] } },
    });
    expect(simulatedEvent(mail, 'complaint@simulator.amazonses.com')).toMatchObject({ eventType: 'Complaint' });
    expect(simulatedEvent(mail, 'success@simulator.amazonses.com')).toBeNull();
    expect(simulatedEvent(mail, 'bounce@example.com')).toBeNull();
  });
});

describe('text people type, as others see it', () => {
  it('drops control characters and direction overrides, keeps Indic joiners and line breaks where asked', async () => {
    const { visibleText } = await import('#domain/common/text.ts');
    expect(visibleText('Asha\u202Emoc.evil\u202C')).toBe('Ashamoc.evil');
    expect(visibleText('a\u0000b\u0007c\u200Bd\uFEFF')).toBe('a b cd');
    expect(visibleText('क्\u200Dष and 👩\u200D💻')).toBe('क्\u200Dष and 👩\u200D💻');
    expect(visibleText('line one\r\nline two', { multiline: true })).toBe('line one\nline two');
    expect(visibleText('line one\nline two')).toBe('line one line two');
    expect(visibleText('bad \uD800 surrogate')).toBe('bad \uFFFD surrogate');
    expect(donationRequestSchema.parse({ amount: 10_000, donor_name: '\u202EAdmin\u202C', message: 'hi\u0000there' })).toMatchObject({ donor_name: 'Admin', message: 'hithere' });
  });
});

describe('the mail-events handler', () => {
  it('skips notifications it cannot read instead of failing the batch (SNS would retry it for nothing)', async () => {
    const { handler } = await import('../../lambdas/triggers/mail-events.handler.ts');
    const record = (message: string) => ({ Sns: { Message: message, MessageId: 'm' } });
    await expect(handler({ Records: [record('not json'), record('{"eventType":"Delivery"}'), record('{"eventType":"Bounce","bounce":{"bounceType":"Transient","bouncedRecipients":[{"emailAddress":"a@example.com"}]}}')] } as never)).resolves.toEqual({ suppressed: 0 });
  });
});

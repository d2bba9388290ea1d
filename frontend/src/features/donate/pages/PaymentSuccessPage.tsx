import { Link, useSearchParams } from 'react-router-dom';
import { DONATION_TEXTS, formatRupees } from '#domain/donations/donations.ts';
import { useToast } from '#web/shared/ui/Toasts.tsx';
import { mailto, useContact } from '#web/shared/ui/contactEmail.ts';
import { useDonationByOrder } from '../api/donations.ts';
import { useDocumentTitle } from '#web/shared/ui/useDocumentTitle.ts';

const SHARE_TEXT = 'I just supported Creator News Hub, independent news on India\'s creator economy. Read it free at';

/**
 * /payment-success?order_id=&payment_id= (reader spec section 2). The donation is read from the server by
 * its order id; it says Completed only once the server has verified the payment with Razorpay.
 */
export default function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const orderId = params.get('order_id') ?? '';
  const toast = useToast();
  const donation = useDonationByOrder(orderId);
  const contact = useContact();
  useDocumentTitle('Thank You');

  const share = async () => {
    const text = `${SHARE_TEXT} ${window.location.origin}`;
    if (navigator.share) {
      try {
        await navigator.share({ title: 'Creator News Hub', text, url: window.location.origin });
        return;
      } catch {
        // Dismissed or unavailable: copy instead.
      }
    }
    await navigator.clipboard.writeText(text);
    toast('Copied', 'Sharing text copied to clipboard!');
  };

  if (!orderId || donation.isError || donation.data?.status === 'failed') {
    return (
      <main className="page payment-page">
        <div className="panel" role="alert">
          <h1>{DONATION_TEXTS.unableToVerify}</h1>
          <p>We could not find a verified payment for this link. If money left your account, write to {contact && <a href={mailto(contact)}>{contact.email}</a>} with your payment reference and we will sort it out.</p>
          <Link className="button" to="/donate">Back to Donate</Link>
        </div>
      </main>
    );
  }
  if (donation.isPending) {
    return (
      <main className="page payment-page">
        <div className="panel" aria-busy="true">
          <span className="spinner" aria-hidden="true" /> Confirming your payment...
        </div>
      </main>
    );
  }
  const data = donation.data;
  const completed = data.status === 'completed';
  return (
    <main className="page payment-page">
      <div className="panel thank-you">
        <h1>{completed ? DONATION_TEXTS.thankYou : 'Confirming your payment...'}</h1>
        {!completed && (
          <p role="status">
            {donation.isFetching ? <span className="spinner" aria-hidden="true" /> : null} Razorpay has not confirmed this payment to us yet. This page updates by itself; you can also{' '}
            <button type="button" className="link-button" onClick={() => void donation.refetch()}>
              check again
            </button>
            .
          </p>
        )}
        <section aria-labelledby="details-heading" className="donation-details">
          <h2 id="details-heading">Donation Details</h2>
          <dl>
            <dt>Amount</dt>
            <dd>{formatRupees(data.amount)}</dd>
            <dt>Date</dt>
            <dd>{new Intl.DateTimeFormat('en-IN', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Asia/Kolkata' }).format(new Date(data.paid_at ?? data.created_at))}</dd>
            <dt>Status</dt>
            <dd>
              <span className={completed ? 'status-badge completed' : 'status-badge pending'}>{completed ? 'Completed' : 'Pending'}</span>
            </dd>
            <dt>Type</dt>
            <dd>{data.donation_type === 'one-time' ? 'One-time donation' : data.donation_type}</dd>
            {data.message && (
              <>
                <dt>Message</dt>
                <dd>{data.message}</dd>
              </>
            )}
          </dl>
        </section>
        {completed && data.receipt_sent && <p>A receipt has been sent to your e-mail address.</p>}
        {completed && !data.receipt_sent && data.receipt_pending && <p>Your receipt is on its way to your e-mail address; it can take a few minutes.</p>}
        <section aria-labelledby="impact-heading-success">
          <h2 id="impact-heading-success">Your impact</h2>
          <p>Your gift keeps the feeds fetched, the stories classified and the newsletter going out, free for every reader.</p>
        </section>
        <div className="button-row">
          <Link className="button primary" to="/">
            Return Home
          </Link>
          <button type="button" onClick={() => void share()}>
            Share the Love
          </button>
        </div>
        <p className="small muted">
          Questions about your donation? <Link to="/contact">Contact us</Link>.
        </p>
      </div>
    </main>
  );
}

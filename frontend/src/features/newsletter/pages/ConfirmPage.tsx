import { Link, useSearchParams } from 'react-router-dom';
import { useConfirmation } from '../api/subscriptions.ts';
import { useDocumentTitle } from '#web/shared/ui/useDocumentTitle.ts';

/** /newsletter/confirm?token=...: the double opt-in link from the confirmation mail. */
export default function ConfirmPage() {
  const [params] = useSearchParams();
  useDocumentTitle('Confirm Subscription');
  const token = params.get('token') ?? '';
  const confirmation = useConfirmation(token);
  const failure = !token
    ? 'This link is invalid or has expired. Please subscribe again.'
    : confirmation.isError
      ? confirmation.error instanceof Error ? confirmation.error.message : 'Failed to subscribe. Please try again.'
      : null;
  const subscription = confirmation.data;
  return (
    <main className="page newsletter-page">
      <h1>Newsletter</h1>
      {!failure && !subscription && <p aria-busy="true">Confirming your subscription...</p>}
      {subscription && (
        <div className="notice success-card" role="status">
          <strong>Successfully subscribed to newsletter!</strong>
          <p>{subscription.email} will receive the {subscription.frequency} newsletter.</p>
          <Link to="/newsletter" className="button">
            Manage preferences
          </Link>
        </div>
      )}
      {failure && (
        <div className="notice error" role="alert">
          <strong>{failure}</strong>
          <p>
            <Link to="/newsletter">Subscribe again</Link>
          </p>
        </div>
      )}
    </main>
  );
}

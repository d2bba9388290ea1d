import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { confirmSubscription, type Subscription } from '../api/subscriptions.ts';
import { useDocumentTitle } from '../../../components/useDocumentTitle.ts';

/** /newsletter/confirm?token=...: the double opt-in link from the confirmation mail. */
export default function ConfirmPage() {
  const [params] = useSearchParams();
  useDocumentTitle('Confirm Subscription');
  const token = params.get('token') ?? '';
  const [state, setState] = useState<{ status: 'working' } | { status: 'done'; subscription: Subscription } | { status: 'failed'; message: string }>({ status: 'working' });
  useEffect(() => {
    if (!token) return setState({ status: 'failed', message: 'This link is invalid or has expired. Please subscribe again.' });
    confirmSubscription(token).then(
      (subscription) => setState({ status: 'done', subscription }),
      (error: unknown) => setState({ status: 'failed', message: error instanceof Error ? error.message : 'Failed to subscribe. Please try again.' }),
    );
  }, [token]);
  return (
    <main className="page newsletter-page">
      <h1>Newsletter</h1>
      {state.status === 'working' && <p aria-busy="true">Confirming your subscription...</p>}
      {state.status === 'done' && (
        <div className="notice success-card" role="status">
          <strong>Successfully subscribed to newsletter!</strong>
          <p>{state.subscription.email} will receive the {state.subscription.frequency} newsletter.</p>
          <Link to="/newsletter" className="button">
            Manage preferences
          </Link>
        </div>
      )}
      {state.status === 'failed' && (
        <div className="notice error" role="alert">
          <strong>{state.message}</strong>
          <p>
            <Link to="/newsletter">Subscribe again</Link>
          </p>
        </div>
      )}
    </main>
  );
}

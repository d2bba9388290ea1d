import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { FOLLOWS_DIGEST_UNSUBSCRIBED } from '#domain/reader/follows-digest.ts';
import { useToast } from '#web/shared/ui/Toasts.tsx';
import { requestSubscription, requestUnsubscribe, useLinkUnsubscribe } from '../api/subscriptions.ts';
import { useDocumentTitle } from '#web/shared/ui/useDocumentTitle.ts';

type State = 'form' | 'processing' | 'done' | 'requested';

/**
 * /unsubscribe (reader spec section 2): with a token it unsubscribes at once (a processing screen); without,
 * an e-mail form, whose owner then gets a link by mail. Afterwards: resubscribe or manage preferences.
 */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const toast = useToast();
  const linkUnsubscribe = useLinkUnsubscribe(token);
  const [requested, setRequested] = useState(false);
  const [email, setEmail] = useState('');
  const [typedAgain, setAgain] = useState<string | null>(null);
  const [formError, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useDocumentTitle('Unsubscribe');
  const state: State = requested ? 'requested' : linkUnsubscribe.isSuccess ? 'done' : token && linkUnsubscribe.isPending ? 'processing' : 'form';
  // The link of the mail of what a reader follows (docs/topics.md) turned that off, not the newsletter.
  const followsMail = state === 'done' && linkUnsubscribe.data?.message === FOLLOWS_DIGEST_UNSUBSCRIBED;
  const error = formError ?? (linkUnsubscribe.isError ? 'Failed to unsubscribe. Please try manual unsubscribe.' : null);
  // The address to resubscribe: what the reader typed, else the one the link unsubscribed.
  const again = typedAgain ?? linkUnsubscribe.data?.email ?? '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return setError('Please enter your email address');
    setBusy(true);
    try {
      await requestUnsubscribe(email.trim());
      setAgain(email.trim());
      setError(null);
      setRequested(true);
    } catch {
      setError('Failed to unsubscribe. Please check your email address.');
    } finally {
      setBusy(false);
    }
  };

  const resubscribe = async () => {
    if (!again.trim()) return toast('Error', 'Please enter your email address');
    try {
      await requestSubscription({ email: again.trim(), topics: [] });
      toast('Check your inbox', 'Please check your email to verify your subscription');
    } catch {
      toast('Error', 'Failed to resubscribe. Please try again.');
    }
  };

  return (
    <main className="page newsletter-page">
      <h1>Unsubscribe</h1>
      {state === 'processing' && <p aria-busy="true">Processing your unsubscribe request...</p>}
      {state === 'form' && (
        <form onSubmit={(event) => void submit(event)} noValidate className="panel">
          {error && (
            <p className="notice error" role="alert">
              {error}
            </p>
          )}
          <div className="field">
            <label htmlFor="unsub-email">Email</label>
            <input id="unsub-email" type="email" value={email} maxLength={254} autoComplete="email" onChange={(event) => setEmail(event.target.value)} />
          </div>
          <div className="button-row">
            <button type="submit" className="danger" disabled={!email.trim() || busy}>
              Unsubscribe
            </button>
            <Link to="/newsletter">Manage preferences</Link>
            <Link to="/">Return home</Link>
          </div>
        </form>
      )}
      {followsMail && (
        <div className="panel">
          <div className="notice success-card" role="status">
            <strong>{FOLLOWS_DIGEST_UNSUBSCRIBED}</strong>
            <p>You can turn it back on in the Following section of your account.</p>
          </div>
          <div className="button-row">
            <Link to="/dashboard#following" className="button">
              Your account
            </Link>
          </div>
        </div>
      )}
      {!followsMail && (state === 'done' || state === 'requested') && (
        <div className="panel">
          <div className="notice success-card" role="status">
            <strong>{state === 'done' ? 'Successfully unsubscribed from newsletter.' : 'Check your inbox'}</strong>
            <p>
              {state === 'done'
                ? 'You will receive no more newsletters. The change may take up to 24 hours.'
                : 'If this address is subscribed, we have sent it a link to confirm. The change may take up to 24 hours.'}
            </p>
          </div>
          <div className="field">
            <label htmlFor="resub-email">Changed your mind?</label>
            <input id="resub-email" type="email" value={again} maxLength={254} autoComplete="email" onChange={(event) => setAgain(event.target.value)} />
          </div>
          <div className="button-row">
            <button type="button" className="primary" onClick={() => void resubscribe()}>
              Resubscribe to Newsletter
            </button>
            <Link to="/newsletter" className="button">
              Manage Preferences
            </Link>
          </div>
        </div>
      )}
    </main>
  );
}

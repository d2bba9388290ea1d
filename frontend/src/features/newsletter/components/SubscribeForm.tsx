import { useEffect, useRef, useState, type FormEvent } from 'react';
import { DEFAULT_FREQUENCY, FREQUENCIES, TOPICS, type Frequency, type Topic } from '#domain/newsletter/newsletter.ts';
import { emailSchema } from '#domain/reader/account.ts';
import { useAuth } from '#web/shared/auth/AuthProvider.tsx';
import { useToast } from '#web/shared/ui/Toasts.tsx';
import { useTypedBeforeStart } from '#web/shared/ui/hydration.ts';
import { useSubmission } from '#web/shared/api/submission.ts';
import { requestSubscription, useMySubscription, useMySubscriptionChanges, useNewsletterOptions } from '../api/subscriptions.ts';

/**
 * The newsletter form (reader spec section 2): e-mail (the signed-in reader's own), frequency, topics.
 * A guest gets a confirmation mail; a signed-in reader (e-mail verified by Cognito) is subscribed at once and
 * sees Update Preferences and Unsubscribe. `compact` is the card on the guest's feed tab.
 */
export function SubscribeForm({ compact = false }: { compact?: boolean }) {
  const { status, user } = useAuth();
  const toast = useToast();
  const mine = useMySubscription();
  const options = useNewsletterOptions();
  const { save, leave } = useMySubscriptionChanges();
  const signedIn = status === 'signed-in';
  const [email, setEmail] = useState('');
  const emailField = useRef<HTMLInputElement>(null);
  useTypedBeforeStart(emailField, '', setEmail);
  const [frequency, setFrequency] = useState<Frequency>(DEFAULT_FREQUENCY);
  const [frequencyChosen, setFrequencyChosen] = useState(false);
  const [topics, setTopics] = useState<Topic[]>([]);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (user?.email) setEmail(user.email);
  }, [user?.email]);
  // The console's default frequency preselects, until the reader picks one or their subscription says otherwise.
  useEffect(() => {
    if (options.data && !frequencyChosen && !mine.data?.subscribed) setFrequency(options.data.defaultFrequency);
  }, [options.data, frequencyChosen, mine.data?.subscribed]);
  useEffect(() => {
    if (mine.data?.subscribed) {
      setFrequency(mine.data.frequency);
      setTopics(TOPICS.map((topic) => topic.value).filter((topic) => mine.data.topics.includes(topic)));
    }
  }, [mine.data]);

  const subscribed = signedIn && Boolean(mine.data?.subscribed);
  const toggle = (topic: Topic) => setTopics((current) => (current.includes(topic) ? current.filter((item) => item !== topic) : [...current, topic]));

  // One submission at a time, each with its Idempotency-Key (a double click subscribes once).
  const submission = useSubmission(async (request: { email: string; frequency: Frequency; topics: Topic[] }, idempotencyKey: string) => {
    if (signedIn) {
      try {
        await save.mutateAsync({ frequency: request.frequency, topics: request.topics, idempotencyKey });
        toast(subscribed ? 'Newsletter preferences updated' : 'Subscribed', subscribed ? 'Preferences updated successfully!' : 'Successfully subscribed to newsletter!');
      } catch {
        toast('Error', subscribed ? 'Failed to update preferences. Please try again.' : 'Failed to subscribe. Please try again.');
      }
      return;
    }
    try {
      await requestSubscription(request, idempotencyKey);
      setSentTo(request.email);
      toast('Check your inbox', 'Please check your email to verify your subscription');
    } catch (caught) {
      toast('Failed to subscribe to newsletter', caught instanceof Error && caught.message ? caught.message : 'Failed to subscribe. Please try again.');
    }
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (signedIn) return void submission.run({ email: '', frequency, topics });
    const parsed = emailSchema.safeParse(email);
    // Reader spec section 5: invalid input does nothing (the field says why).
    if (!parsed.success) return setError('Please enter a valid email address');
    setError(null);
    void submission.run({ email: parsed.data, frequency, topics });
  };

  if (sentTo) {
    return (
      <div className="notice success-card" role="status">
        <strong>Please check your email to verify your subscription</strong>
        <p>We sent a confirmation link to {sentTo}. Nothing is sent before you confirm.</p>
        <button
          type="button"
          onClick={() => {
            setSentTo(null);
            setEmail('');
          }}
        >
          Subscribe Another Email
        </button>
      </div>
    );
  }

  return (
    <form className={compact ? 'newsletter-form compact' : 'newsletter-form'} onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={compact ? 'nl-email-card' : 'nl-email'}>Email</label>
        <input
          ref={emailField}
          id={compact ? 'nl-email-card' : 'nl-email'}
          type="email"
          value={email}
          maxLength={254}
          autoComplete="email"
          readOnly={signedIn}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? 'nl-email-error' : undefined}
          onChange={(event) => setEmail(event.target.value)}
        />
        {error && (
          <p className="field-error" id="nl-email-error" role="alert">
            {error}
          </p>
        )}
      </div>
      {!compact && (
        <>
          <div className="field">
            <label htmlFor="nl-frequency">Frequency</label>
            <select id="nl-frequency" value={frequency} onChange={(event) => {
                setFrequencyChosen(true);
                setFrequency(event.target.value as Frequency);
              }}>
              {FREQUENCIES.map((item) => (
                <option key={item.value} value={item.value}>
                  {item.label}
                </option>
              ))}
            </select>
          </div>
          <fieldset className="topics">
            <legend>Topics (none chosen: all of them)</legend>
            {TOPICS.map((topic) => (
              <label key={topic.value} className="check">
                <input type="checkbox" checked={topics.includes(topic.value)} onChange={() => toggle(topic.value)} /> {topic.label}
              </label>
            ))}
          </fieldset>
        </>
      )}
      <div className="button-row">
        <button type="submit" className="primary" disabled={submission.pending || (signedIn && mine.isPending)}>
          {subscribed ? 'Update Preferences' : 'Subscribe to Newsletter'}
        </button>
        {subscribed && (
          <button
            type="button"
            className="danger"
            onClick={() =>
              leave.mutate(undefined, {
                onSuccess: () => toast('Unsubscribed', 'Successfully unsubscribed from newsletter.'),
                onError: () => toast('Failed to unsubscribe', 'Failed to unsubscribe. Please try again.'),
              })
            }
            disabled={leave.isPending}
          >
            Unsubscribe from Newsletter
          </button>
        )}
      </div>
    </form>
  );
}

import { FREQUENCIES } from '#domain/newsletter/newsletter.ts';
import { useNewsletterOptions } from '../api/subscriptions.ts';
import { SubscribeForm } from '../components/SubscribeForm.tsx';
import { useDocumentTitle } from '#web/shared/ui/useDocumentTitle.ts';

/** /newsletter (reader spec section 2). */
export default function NewsletterPage() {
  const options = useNewsletterOptions();
  useDocumentTitle('Newsletter');
  return (
    <main className="page newsletter-page">
      <h1>The Creator News Hub newsletter</h1>
      <p className="muted">Creator economy and influencer marketing news, India first, in your inbox. Double opt-in: nothing is sent before you confirm.</p>
      <div className="newsletter-layout">
        <section className="panel" aria-labelledby="nl-form-heading">
          <h2 id="nl-form-heading">Subscribe</h2>
          <SubscribeForm />
        </section>
        <section className="panel" aria-labelledby="nl-get-heading">
          <h2 id="nl-get-heading">What You'll Get</h2>
          <ul className="plain-list">
            {FREQUENCIES.map((frequency) => (
              <li key={frequency.value}>
                <strong>{frequency.label}</strong>
                {/* The daily promise names its time: the console's setting once loaded. */}
                <span>{options.data ? frequency.promise.replace('07:00', options.data.digestTimes.daily) : frequency.promise}</span>
              </li>
            ))}
          </ul>
          <p className="small muted">Every mail has a one-click unsubscribe link.</p>
        </section>
      </div>
    </main>
  );
}

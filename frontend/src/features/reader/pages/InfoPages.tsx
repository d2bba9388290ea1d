import { Link } from 'react-router-dom';
import { mailto, useContact, type Contact } from '#web/shared/ui/contactEmail.ts';
import { useDocumentTitle } from '#web/shared/ui/useDocumentTitle.ts';

export function AboutPage() {
  useDocumentTitle('About');
  return (
    <main className="page prose">
      <h1>About Creator News Hub</h1>
      <p>
        Creator News Hub collects news about influencer marketing and the creator economy, India first. We read publishers' feeds around the clock,
        score every story for relevance with a model trained on hand-labelled headlines, and link each card to the original article: the reporting
        belongs to its publisher.
      </p>
      <p>Editors review what the model is unsure about, and their decisions teach it. Politics, sport and other news outside our beat never reach the site.</p>
    </main>
  );
}

export function MissionPage() {
  useDocumentTitle('Our Mission');
  return (
    <main className="page prose">
      <h1>Our Mission</h1>
      <p>Creators, brands and agencies in India need one place to follow the business of influence: platform changes, brand deals, rules and research.</p>
      <p>
        We keep that place free to read. If it helps you, you can <Link to="/donate">support us</Link>, or <Link to="/contact">tell us</Link> what we
        should cover.
      </p>
    </main>
  );
}

/**
 * When the Privacy and Terms texts last changed (their Questions line, 28 November 2026): change it with the
 * text. A date read from the clock would claim the policy changed every day.
 */
export const POLICY_LAST_UPDATED = '2026-11-28';
const lastUpdated = new Date(`${POLICY_LAST_UPDATED}T00:00:00Z`).toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The legal pages end with the deployment's contact address and a link to its site (reader spec). */
function Questions({ contact }: { contact: Contact | undefined }) {
  return (
    <p>
      Questions:{' '}
      {contact && (
        <>
          <a href={mailto(contact)}>{contact.email}</a> · <a href={contact.siteUrl}>{contact.siteName}</a>
        </>
      )}
    </p>
  );
}

export function PrivacyPage() {
  useDocumentTitle('Privacy Policy');
  const contact = useContact();
  return (
    <main className="page prose">
      <h1>Privacy Policy</h1>
      <p>Last updated: {lastUpdated}</p>
      <h2>What we collect</h2>
      <ul>
        <li>Account creation: your e-mail address, name and password (stored by our sign-in service).</li>
        <li>Newsletter: your e-mail address, frequency and topics.</li>
        <li>Contact form: your name, e-mail address and message.</li>
        <li>Donations: amount, name (unless anonymous), e-mail address and message; card details stay with the payment provider.</li>
        <li>Bookmarks, likes and reading progress, when you are signed in.</li>
        <li>Automatically: IP address, browser, pages visited, referrer and device type.</li>
      </ul>
      <h2>Your rights</h2>
      <p>You can access, correct or delete your data, object to its use, take it with you (portability) and withdraw your consent at any time.</p>
      <h2>Where and under which law</h2>
      <p>We operate in India, our servers are in India, and this policy is governed by Indian law. The site is not meant for children under 13.</p>
      <Questions contact={contact} />
    </main>
  );
}

export function TermsPage() {
  useDocumentTitle('Terms of Service');
  const contact = useContact();
  return (
    <main className="page prose">
      <h1>Terms of Service</h1>
      <p>Last updated: {lastUpdated}</p>
      <p>Headlines and summaries link to their publishers, who own their articles. Use the site for personal, non-commercial reading.</p>
      <p>Donations are one-time and voluntary. These terms are governed by Indian law; the site is not meant for children under 13.</p>
      <Questions contact={contact} />
    </main>
  );
}

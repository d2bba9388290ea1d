import { useState } from 'react';
import { formatRupees, IMPACT_TIERS, RECENT_SUPPORTERS } from '#domain/donations/donations.ts';
import { ListError } from '#web/shared/ui/ListError.tsx';
import { mailto, useContact } from '#web/shared/ui/contactEmail.ts';
import { useDonationSummary } from '../api/donations.ts';
import { DonationForm } from '../components/DonationForm.tsx';
import { GoalProgress } from '../components/GoalProgress.tsx';
import { useDocumentTitle } from '#web/shared/ui/useDocumentTitle.ts';

const dateOf = (iso: string) => new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'Asia/Kolkata' }).format(new Date(iso));

/** /donate (reader spec section 2): the funding overview, or the donation form. */
export default function DonatePage() {
  const [giving, setGiving] = useState(false);
  const summary = useDonationSummary();
  const contact = useContact();
  useDocumentTitle('Support Us');

  return (
    <main className="page donate-page">
      <h1>Support Creator News Hub</h1>
      <p className="muted">An independent, free-to-read news site for India's creator economy. Reader donations keep the feeds, the classifier and the newsletter running.</p>
      {giving ? (
        <div className="donate-layout">
          <section className="panel">
            <button type="button" className="link-button" onClick={() => setGiving(false)}>
              ← Back to Funding Info
            </button>
            <DonationForm />
          </section>
          <ImpactTiers />
        </div>
      ) : (
        <>
          {summary.isPending && (
            <p className="panel" aria-busy="true">
              Loading funding figures...
            </p>
          )}
          {summary.isError && <ListError onRetry={() => void summary.refetch()} />}
          {summary.data && (
            <>
              <dl className="tiles donate-tiles">
                <div>
                  <dt>Total Raised</dt>
                  <dd>
                    <strong>{formatRupees(summary.data.totalRaised)}</strong>
                  </dd>
                </div>
                <div>
                  <dt>Amazing Supporters</dt>
                  <dd>
                    <strong>{summary.data.supporters}</strong>
                  </dd>
                </div>
                <div>
                  <dt>Monthly Goal</dt>
                  <dd>
                    <strong>{summary.data.goalPercent}%</strong>
                  </dd>
                </div>
              </dl>
              <section className="panel" aria-labelledby="goal-heading">
                <h2 id="goal-heading">This month</h2>
                <GoalProgress raised={summary.data.monthRaised} goal={summary.data.monthlyGoal} percent={summary.data.goalPercent} />
              </section>
            </>
          )}
          <div className="button-row donate-actions">
            <button type="button" className="button primary" onClick={() => setGiving(true)}>
              Make a Donation
            </button>
            <a className="button" href={contact && mailto(contact, 'Partnership with Creator News Hub')}>
              Partnerships
            </a>
          </div>
          <div className="donate-layout">
            <ImpactTiers />
            <section className="panel" aria-labelledby="supporters-heading">
              <h2 id="supporters-heading">Recent Supporters</h2>
              {summary.data && summary.data.recentSupporters.length === 0 && <p className="muted">No donations yet. Be the first to support us!</p>}
              {summary.data && summary.data.recentSupporters.length > 0 && (
                <ul className="plain-list supporters">
                  {summary.data.recentSupporters.slice(0, RECENT_SUPPORTERS).map((supporter) => (
                    <li key={`${supporter.date}-${supporter.name}`}>
                      <strong>
                        {supporter.name} · {formatRupees(supporter.amount)}
                      </strong>
                      {supporter.message && <q>{supporter.message}</q>}
                      {supporter.date && <span>{dateOf(supporter.date)}</span>}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
          <p className="small muted">
            Payments are processed securely by Razorpay (UPI, cards, net banking); a receipt is mailed when you give an e-mail address. Creator News Hub is not a registered charity, so donations
            are not tax-deductible.
          </p>
        </>
      )}
    </main>
  );
}

function ImpactTiers() {
  return (
    <section className="panel" aria-labelledby="impact-heading">
      <h2 id="impact-heading">Your impact</h2>
      <ul className="plain-list">
        {IMPACT_TIERS.map((tier) => (
          <li key={tier.rupees}>
            <strong>
              {formatRupees(tier.rupees * 100)}
              {tier.rupees === IMPACT_TIERS[IMPACT_TIERS.length - 1]?.rupees ? '+' : ''} · {tier.name}
            </strong>
            <span>{tier.impact}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

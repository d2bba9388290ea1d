import { Link } from 'react-router-dom';
import { useDonationSummary } from '../api/donations.ts';
import { GoalProgress } from './GoalProgress.tsx';
import { WidgetBody } from '#web/shared/ui/WidgetBody.tsx';

const compactRupees = (paise: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', notation: 'compact', maximumFractionDigits: 1 }).format(paise / 100);

/** The signed-in reader's revenue widget (reader spec section 2): this month's donations against the goal. */
export default function RevenueWidget() {
  const summary = useDonationSummary();
  return (
    <section className="widget" aria-labelledby="widget-revenue">
      <h2 id="widget-revenue">Community Support</h2>
      <WidgetBody query={summary}>
        {(data) => (
          <>
            <GoalProgress raised={data.monthRaised} goal={data.monthlyGoal} percent={data.goalPercent} compact />
            <p className="small muted">
              {compactRupees(data.totalRaised)} raised in all from {data.supporters} supporters. <Link to="/donate">Support us</Link>
            </p>
          </>
        )}
      </WidgetBody>
    </section>
  );
}

import { formatRupees } from '#domain/donations/donations.ts';

/** The bar's colour band (reader spec: colours change at 40, 60 and 80 percent). */
export function goalBand(percent: number): 'low' | 'fair' | 'good' | 'great' {
  if (percent >= 80) return 'great';
  if (percent >= 60) return 'good';
  if (percent >= 40) return 'fair';
  return 'low';
}

/** This month's donations against the goal, as the server computed them; the bar stops at 100 %. */
export function GoalProgress({ raised, goal, percent, compact = false }: { raised: number; goal: number; percent: number; compact?: boolean }) {
  const shown = Math.min(100, Math.max(0, percent));
  return (
    <div className={`goal-progress ${goalBand(percent)}${compact ? ' compact' : ''}`}>
      <p className="goal-figures">
        <strong>{formatRupees(raised)}</strong> raised of {formatRupees(goal)} goal
      </p>
      <div className="goal-bar" role="progressbar" aria-label="Monthly goal" aria-valuemin={0} aria-valuemax={100} aria-valuenow={shown} aria-valuetext={`${percent}% of the monthly goal`}>
        <span style={{ width: `${shown}%` }} />
      </div>
      {percent >= 100 ? (
        <p className="goal-done" role="status">
          🎉 Congratulations! We reached this month's goal. Thank you, supporters!
        </p>
      ) : (
        !compact && <p className="small muted">{percent}% of this month's goal, counted from the 1st (India time).</p>
      )}
    </div>
  );
}

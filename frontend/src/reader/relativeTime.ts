/** Reader spec section 4: Just now, h ago, d ago, w ago, then a date. */
export function relativeTime(iso: string, now = new Date()): string {
  const then = new Date(iso);
  const hours = (now.getTime() - then.getTime()) / 3_600_000;
  if (hours < 1) return 'Just now';
  if (hours < 24) return `${Math.floor(hours)}h ago`;
  const days = hours / 24;
  if (days < 7) return `${Math.floor(days)}d ago`;
  if (days < 28) return `${Math.floor(days / 7)}w ago`;
  return then.toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
}

/**
 * The one URL rule for every URL that comes from a feed or goes out in an output: an absolute http(s) URL,
 * resolved against `base` (the feed's address) when relative; anything else (javascript:, data:, file:,
 * mailto:, garbage, over 2,048 characters) is null.
 */
export function httpUrl(raw: unknown, base?: string): string | null {
  if (typeof raw !== 'string') return null;
  const value = raw.trim();
  if (!value || value.length > 2048) return null;
  try {
    const url = base ? new URL(value, base) : new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname ? url.toString() : null;
  } catch {
    return null;
  }
}

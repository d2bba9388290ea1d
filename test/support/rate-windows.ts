/**
 * Rate limits count in fixed windows aligned to the epoch (lambdas/store/rate-limits.ts). A test that
 * fills a window and expects the next request refused must not straddle a window's end, or the refused
 * request lands in a fresh window and is let through (seen at 00:00 in CI). This waits, when the current
 * window has fewer than `seconds` left, until the next one has begun.
 */
export async function withinOneWindow(windowSeconds: number, seconds: number): Promise<void> {
  const left = windowSeconds - ((Date.now() / 1000) % windowSeconds);
  if (left < seconds) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 250));
}

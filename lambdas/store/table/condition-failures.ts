/**
 * Whether a write failed only on its condition (the item was not as the write expected), however it was wrapped:
 * the SDK throws ConditionalCheckFailedException, ElectroDB wraps it in an error whose `cause` chain holds it.
 */
export function failedOnCondition(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const name = (current as { name?: string }).name ?? '';
    const message = (current as { message?: string }).message ?? '';
    if (name === 'ConditionalCheckFailedException' || /conditional request failed/i.test(message)) return true;
  }
  return false;
}

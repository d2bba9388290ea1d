/**
 * A list that failed to load (reader spec section 8: "Failed to fetch articles"), with Try Again when asking
 * again can succeed (no onRetry: the request itself was refused, and the message says why).
 */
export function ListError({ onRetry, message = 'Failed to fetch articles' }: { onRetry?: (() => void) | undefined; message?: string }) {
  return (
    <div role="alert" className="notice error">
      <strong>Error</strong> {message}
      {onRetry && (
        <>
          {' '}
          <button type="button" onClick={onRetry}>
            Try Again
          </button>
        </>
      )}
    </div>
  );
}

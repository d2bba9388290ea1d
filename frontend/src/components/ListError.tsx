/** A list that failed to load (reader spec section 8: "Failed to fetch articles"), with Try Again. */
export function ListError({ onRetry, message = 'Failed to fetch articles' }: { onRetry: () => void; message?: string }) {
  return (
    <div role="alert" className="notice error">
      <strong>Error</strong> {message}{' '}
      <button type="button" onClick={onRetry}>
        Try Again
      </button>
    </div>
  );
}

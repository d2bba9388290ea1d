import { Link } from 'react-router-dom';
import { useDocumentTitle } from '#web/shared/ui/useDocumentTitle.ts';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <main className="page not-found">
      <h1>404</h1>
      <p>Oops! Page not found.</p>
      <Link to="/">Return to Home</Link>
    </main>
  );
}

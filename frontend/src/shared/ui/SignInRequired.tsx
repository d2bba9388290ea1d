import { Link, useLocation } from 'react-router-dom';

/** What a guest sees on a signed-in page (reader spec section 2: the bookmarks page's card). */
export function SignInRequired({ what }: { what: string }) {
  const location = useLocation();
  return (
    <section className="notice sign-in-required" aria-labelledby="sign-in-required">
      <h2 id="sign-in-required">Sign In Required</h2>
      <p>Please sign in to {what}.</p>
      <Link to={`/auth?redirect=${encodeURIComponent(location.pathname + location.search)}`} className="button primary">
        Sign In
      </Link>
    </section>
  );
}

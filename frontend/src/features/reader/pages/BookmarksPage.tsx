import { useAuth } from '#web/shared/auth/AuthProvider.tsx';
import { BookmarksList } from '../components/BookmarksList.tsx';
import { SignInRequired } from '#web/shared/ui/SignInRequired.tsx';
import { useDocumentTitle } from '#web/shared/ui/useDocumentTitle.ts';

export default function BookmarksPage() {
  const { status } = useAuth();
  useDocumentTitle('Your Bookmarks');
  return (
    <main className="page">
      <h1>Your Bookmarks</h1>
      {status === 'loading' && <p aria-busy="true">Loading...</p>}
      {status === 'guest' && <SignInRequired what="see your bookmarks" />}
      {status === 'signed-in' && <BookmarksList />}
    </main>
  );
}

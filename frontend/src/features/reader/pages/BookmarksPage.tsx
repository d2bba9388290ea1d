import { useEffect } from 'react';
import { useAuth } from '../../../app/auth/AuthProvider.tsx';
import { BookmarksList } from '../components/BookmarksList.tsx';
import { SignInRequired } from '../../../components/SignInRequired.tsx';

export default function BookmarksPage() {
  const { status } = useAuth();
  useEffect(() => {
    document.title = 'Your Bookmarks · Creator News Hub';
  }, []);
  return (
    <main className="page">
      <h1>Your Bookmarks</h1>
      {status === 'loading' && <p aria-busy="true">Loading...</p>}
      {status === 'guest' && <SignInRequired what="see your bookmarks" />}
      {status === 'signed-in' && <BookmarksList />}
    </main>
  );
}

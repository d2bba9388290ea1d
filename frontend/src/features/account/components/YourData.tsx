import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '#web/shared/auth/AuthProvider.tsx';
import { useToast } from '#web/shared/ui/Toasts.tsx';
import { deleteMyAccount, exportMyData } from '../api/profile.ts';

/** The privacy page's rights of access, portability and deletion, one click each. */
export function YourData() {
  const { signOut } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    try {
      const data = await exportMyData();
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `creator-news-hub-data-${data.exportedAt.slice(0, 10)}.json`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch {
      toast('Error', 'Could not prepare your data. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      await deleteMyAccount();
      await signOut().catch(() => undefined);
      toast('Account deleted', 'Your account and all your data have been removed.');
      navigate('/', { replace: true });
    } catch {
      toast('Error', 'Could not delete your account. Please try again.');
      setBusy(false);
    }
  };

  return (
    <section className="your-data" aria-labelledby="your-data-heading">
      <h2 id="your-data-heading">Your data</h2>
      <p>Download everything we keep about you (profile, preferences, bookmarks, likes, reading history), or delete your account and all of it.</p>
      <div className="button-row">
        <button type="button" onClick={() => void download()} disabled={busy}>
          Download my data
        </button>
        {!confirming ? (
          <button type="button" className="danger" onClick={() => setConfirming(true)} disabled={busy}>
            Delete my account
          </button>
        ) : (
          <span className="confirm-delete" role="group" aria-label="Confirm account deletion">
            <strong>This cannot be undone.</strong>
            <button type="button" className="danger" onClick={() => void remove()} disabled={busy}>
              Yes, delete everything
            </button>
            <button type="button" onClick={() => setConfirming(false)} disabled={busy}>
              Cancel
            </button>
          </span>
        )}
      </div>
    </section>
  );
}

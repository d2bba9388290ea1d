import { useEffect, useState } from 'react';

/** Reader spec sections 4 and 9: shown 3 s after the browser offers install; a dismissal holds 7 days. */
export const INSTALL_PROMPT_DELAY_MS = 3000;
export const DISMISSAL_DAYS = 7;
const DISMISSED_KEY = 'installPromptDismissed';

interface InstallEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export function dismissedRecently(stored: string | null, now = new Date()): boolean {
  if (!stored) return false;
  const at = Date.parse(stored);
  return Number.isFinite(at) && now.getTime() - at < DISMISSAL_DAYS * 86_400_000;
}

function isStandalone(): boolean {
  return window.matchMedia?.('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;
}

const isIos = () => /iphone|ipad|ipod/i.test(navigator.userAgent);

export function InstallPrompt() {
  const [offer, setOffer] = useState<InstallEvent | null>(null);
  const [visible, setVisible] = useState<'install' | 'ios' | null>(null);

  useEffect(() => {
    if (isStandalone() || dismissedRecently(localStorage.getItem(DISMISSED_KEY))) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onOffer = (event: Event) => {
      event.preventDefault();
      setOffer(event as InstallEvent);
      timer = setTimeout(() => setVisible('install'), INSTALL_PROMPT_DELAY_MS);
    };
    const onInstalled = () => setVisible(null);
    // iOS never offers install: after the same delay it gets the Add to Home Screen steps instead.
    if (isIos()) timer = setTimeout(() => setVisible('ios'), INSTALL_PROMPT_DELAY_MS);
    window.addEventListener('beforeinstallprompt', onOffer);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      if (timer) clearTimeout(timer);
      window.removeEventListener('beforeinstallprompt', onOffer);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  if (!visible) return null;
  const dismiss = () => {
    localStorage.setItem(DISMISSED_KEY, new Date().toISOString());
    setVisible(null);
  };
  return (
    <div className="install-prompt" role="dialog" aria-label="Install Creator News Hub">
      <strong>Install Creator News Hub</strong>
      {visible === 'ios' ? (
        <p>To add this app to your home screen, tap the Share button, then Add to Home Screen.</p>
      ) : (
        <p>Read the news from your home screen, also offline.</p>
      )}
      <div className="install-actions">
        {visible === 'install' && offer && (
          <button type="button" className="primary" onClick={() => {
            void offer.prompt();
            void offer.userChoice.then(() => setVisible(null));
          }}>
            Install
          </button>
        )}
        <button type="button" onClick={dismiss}>
          Not now
        </button>
      </div>
    </div>
  );
}

import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

interface Toast {
  id: number;
  title: string;
  description: string;
}

const ToastContext = createContext<(title: string, description: string) => void>(() => undefined);

/** Reader spec: three toasts at once, 4 s each, bottom right. */
const MAX_TOASTS = 3;
const TOAST_MS = 4000;

/**
 * The open modal dialog the toasts belong in, if any. A modal dialog (the article dialog) sits in the
 * browser's top layer, above any z-index, and makes the rest of the page inert: toasts outside it would be
 * drawn under it and never reach a screen reader. Inside it they are above it and heard.
 */
const topmostModal = (): HTMLDialogElement | null => [...document.querySelectorAll('dialog')].filter((dialog) => dialog.matches(':modal')).at(-1) ?? null;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [host, setHost] = useState<HTMLDialogElement | null>(null);
  useEffect(() => {
    // A dialog closing takes its toasts along: they move back to the page.
    const onClose = () => setHost(topmostModal());
    document.addEventListener('close', onClose, true);
    return () => document.removeEventListener('close', onClose, true);
  }, []);
  const show = useCallback((title: string, description: string) => {
    setHost(topmostModal());
    const id = Date.now() + Math.random();
    setToasts((current) => [...current, { id, title, description }].slice(-MAX_TOASTS));
    setTimeout(() => setToasts((current) => current.filter((toast) => toast.id !== id)), TOAST_MS);
  }, []);
  return (
    <ToastContext.Provider value={show}>
      {children}
      {maybePortal(
        <div className="toasts" role="status" aria-live="polite">
          {toasts.map((toast) => (
            <div key={toast.id} className="toast">
              <strong>{toast.title}</strong>
              <span>{toast.description}</span>
            </div>
          ))}
        </div>,
        host,
      )}
    </ToastContext.Provider>
  );
}

const maybePortal = (element: ReactNode, host: HTMLElement | null) => (host ? createPortal(element, host) : element);

export const useToast = () => useContext(ToastContext);

/** What a guest is told for a signed-in feature (reader spec section 8), as [title, description]. */
export const GUEST_TOASTS = {
  bookmark: ['Sign in required', 'Please sign in to bookmark articles'],
  like: ['Login Required', 'Please log in to like articles.'],
  follow: ['Sign in required', 'Please sign in to follow topics, stories and publishers'],
} as const;

import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';

interface Toast {
  id: number;
  title: string;
  description: string;
}

const ToastContext = createContext<(title: string, description: string) => void>(() => undefined);

/** Reader spec: three toasts at once, 4 s each, bottom right. */
const MAX_TOASTS = 3;
const TOAST_MS = 4000;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const show = useCallback((title: string, description: string) => {
    const id = Date.now() + Math.random();
    setToasts((current) => [...current, { id, title, description }].slice(-MAX_TOASTS));
    setTimeout(() => setToasts((current) => current.filter((toast) => toast.id !== id)), TOAST_MS);
  }, []);
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div className="toasts" role="status" aria-live="polite">
        {toasts.map((toast) => (
          <div key={toast.id} className="toast">
            <strong>{toast.title}</strong>
            <span>{toast.description}</span>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export const useToast = () => useContext(ToastContext);

/** What a guest is told for a signed-in feature (reader spec section 8), as [title, description]. */
export const GUEST_TOASTS = {
  bookmark: ['Sign in required', 'Please sign in to bookmark articles'],
  like: ['Login Required', 'Please log in to like articles.'],
} as const;

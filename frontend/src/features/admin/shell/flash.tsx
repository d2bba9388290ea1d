import type { FlashbarProps } from '@cloudscape-design/components/flashbar';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { onQueryErrorToast } from '#web/shared/api/queryClient.ts';

export interface FlashMessage {
  type: 'success' | 'error' | 'info' | 'warning';
  /** The spec's toast title, e.g. "Update Failed". */
  header: string;
  content?: ReactNode;
}

interface FlashState {
  items: FlashbarProps.MessageDefinition[];
  notify(message: FlashMessage): void;
}

const FlashContext = createContext<FlashState>({ items: [], notify: () => undefined });

/**
 * The console's toasts as Cloudscape Flashbar messages (the shell shows `items` in AppLayout's
 * notifications): newest first, at most 5, each dismissible; successes and infos leave after 8 s.
 */
export function FlashProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<FlashbarProps.MessageDefinition[]>([]);
  const notify = useCallback((message: FlashMessage) => {
    const id = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const dismiss = () => setItems((current) => current.filter((item) => item.id !== id));
    setItems((current) => [
      { id, type: message.type, header: message.header, content: message.content, dismissible: true, dismissLabel: 'Dismiss message', onDismiss: dismiss },
      ...current.slice(0, 4),
    ]);
    if (message.type === 'success' || message.type === 'info') setTimeout(dismiss, 8000);
  }, []);
  // A console read that failed, toasted once by the query cache (its meta.errorToast): a subscription, no fetch.
  useEffect(() => onQueryErrorToast((content) => notify({ type: 'error', header: 'Error', content })), [notify]);
  const value = useMemo(() => ({ items, notify }), [items, notify]);
  return <FlashContext.Provider value={value}>{children}</FlashContext.Provider>;
}

/** `notify({ type: 'error', header: 'Update Failed', content: 'Could not update article status' })` */
export const useFlash = () => useContext(FlashContext);

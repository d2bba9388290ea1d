import { useEffect, useRef, useState } from 'react';

/**
 * A <details> menu that closes the way menus do: on Escape (focus back on its summary), on a click or tap
 * outside it, and when the caller closes it after a choice. Answers the ref for the element, whether it is
 * open, and close().
 */
export function useDismissableDetails() {
  const ref = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const onToggle = () => setOpen(details.open);
    details.addEventListener('toggle', onToggle);
    return () => details.removeEventListener('toggle', onToggle);
  }, []);

  useEffect(() => {
    const details = ref.current;
    if (!open || !details) return;
    const onPointer = (event: PointerEvent) => {
      if (!details.contains(event.target as Node)) details.open = false;
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      details.open = false;
      details.querySelector('summary')?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const close = () => {
    if (ref.current) ref.current.open = false;
  };
  return { ref, open, close };
}

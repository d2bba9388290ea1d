import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';

interface DialogFooterProps {
  onCancel: () => void;
  /** The confirming button's words. */
  label: ReactNode;
  /** Runs the action; or, with `submitId`, the button submits that form instead. */
  onConfirm?: () => void;
  submitId?: string;
  busy?: boolean;
  loadingText?: string;
  disabled?: boolean;
}

/** Every console dialog's footer: Cancel, then the confirming button, on the right; Cancel waits while it works. */
export function DialogFooter({ onCancel, label, onConfirm, submitId, busy = false, loadingText, disabled = false }: DialogFooterProps) {
  return (
    <Box float="right">
      <SpaceBetween direction="horizontal" size="xs">
        <Button variant="link" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant="primary"
          onClick={onConfirm}
          {...(submitId ? { form: submitId, formAction: 'submit' as const } : {})}
          loading={busy}
          loadingText={loadingText}
          disabled={disabled}
        >
          {label}
        </Button>
      </SpaceBetween>
    </Box>
  );
}

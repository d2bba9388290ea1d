import Box from '@cloudscape-design/components/box';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { Feed } from './api.ts';
import { DialogFooter } from '../../shell/DialogFooter.tsx';

/** Confirmation before a feed is deleted: it is no longer fetched; the articles it brought stay. */
export function DeleteFeedModal({ feed, deleting, onDismiss, onConfirm }: { feed: Feed; deleting: boolean; onDismiss(): void; onConfirm(): void }) {
  return (
    <Modal
      visible
      onDismiss={onDismiss}
      header="Delete feed"
      footer={<DialogFooter onCancel={onDismiss} busy={deleting} onConfirm={onConfirm} label="Delete" />}
    >
      <SpaceBetween size="s">
        <Box>
          Are you sure you want to delete <b>{feed.name}</b>? It will no longer be fetched. The articles it brought stay.
        </Box>
        <Box variant="small" color="text-body-secondary">
          <span style={{ overflowWrap: 'anywhere' }}>{feed.url}</span>
        </Box>
      </SpaceBetween>
    </Modal>
  );
}

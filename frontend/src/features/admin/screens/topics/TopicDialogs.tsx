import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState, type ReactNode } from 'react';
import { TOPIC_ID_PATTERN } from '#domain/topics/topic-links.ts';
import { TOPIC_NAME_MAX_CHARS } from '#domain/topics/topic-overrides.ts';
import { DialogFooter } from '../../shell/DialogFooter.tsx';
import type { TopicRow } from './api.ts';

interface DialogProps {
  topic: TopicRow;
  busy: boolean;
  onDismiss: () => void;
}

function Dialog({ header, formId, onSubmit, onDismiss, footer, children }: { header: string; formId: string; onSubmit: () => void; onDismiss: () => void; footer: ReactNode; children: ReactNode }) {
  return (
    <Modal visible header={header} onDismiss={onDismiss} footer={footer} closeAriaLabel="Close dialog">
      <form id={formId} onSubmit={(event) => { event.preventDefault(); onSubmit(); }}>
        <Form>{children}</Form>
      </form>
    </Modal>
  );
}

export function RenameTopicModal({ topic, busy, onDismiss, onSave }: DialogProps & { onSave: (name: string) => void }) {
  const [name, setName] = useState(topic.name);
  const tooLong = name.trim().length > TOPIC_NAME_MAX_CHARS;
  return (
    <Dialog header="Rename topic" formId="rename-topic" onSubmit={() => !tooLong && onSave(name.trim())} onDismiss={onDismiss} footer={<DialogFooter onCancel={onDismiss} busy={busy} label="Save name" submitId="rename-topic" disabled={tooLong} />}>
      <FormField
        label="Display name"
        description={`What readers see on cards, story pages and the topic's page. Leave it blank to use the catalogue's name, ${topic.catalogueName}.`}
        errorText={tooLong ? `At most ${TOPIC_NAME_MAX_CHARS} characters` : undefined}
        constraintText={`${name.trim().length}/${TOPIC_NAME_MAX_CHARS} characters`}
      >
        <Input value={name} onChange={({ detail }) => setName(detail.value)} ariaLabel="Display name" />
      </FormField>
    </Dialog>
  );
}

export function HideTopicModal({ topic, busy, onDismiss, onConfirm, hidden }: DialogProps & { hidden: boolean; onConfirm: () => void }) {
  return (
    <Dialog header={hidden ? 'Hide topic' : 'Show topic'} formId="topic-visibility" onSubmit={onConfirm} onDismiss={onDismiss} footer={<DialogFooter onCancel={onDismiss} busy={busy} label={hidden ? 'Hide' : 'Show'} submitId="topic-visibility" />}>
      {hidden ? (
        <Alert type="warning">
          Hide {topic.name}? Readers no longer see it on cards or story pages, its page answers "not found" and it cannot be followed. Its stories stay, and
          showing it again brings everything back.
        </Alert>
      ) : (
        <Box>Show {topic.name} again? Its page, its links on cards and following it come back.</Box>
      )}
    </Dialog>
  );
}

export function MergeTopicModal({ topic, busy, onDismiss, onMerge }: DialogProps & { onMerge: (into: string) => void }) {
  const [into, setInto] = useState('');
  const [tried, setTried] = useState(false);
  const wanted = into.trim().toLowerCase();
  const problem = !wanted ? 'Enter the id of the topic to merge into' : !TOPIC_ID_PATTERN.test(wanted) ? 'A topic id is lowercase words joined by hyphens, as in the Id column' : wanted === topic.id ? 'A topic cannot be merged into itself' : undefined;
  const submit = () => {
    setTried(true);
    if (!problem) onMerge(wanted);
  };
  return (
    <Dialog header="Merge topic" formId="merge-topic" onSubmit={submit} onDismiss={onDismiss} footer={<DialogFooter onCancel={onDismiss} busy={busy} label="Merge" submitId="merge-topic" />}>
      <SpaceBetween size="m">
        <Box>
          Merge {topic.name} into another topic: its stories show the other topic, its page sends readers there, its {topic.followers} followers follow the other
          topic instead, and new stories are tagged with the other topic.
        </Box>
        <FormField label="Merge into (topic id)" errorText={tried ? problem : undefined} description="Find the topic with the search above; its id is in the Id column.">
          <Input value={into} onChange={({ detail }) => setInto(detail.value)} ariaLabel="Topic id to merge into" placeholder="e.g. youtube" />
        </FormField>
      </SpaceBetween>
    </Dialog>
  );
}

export function UnmergeTopicModal({ topic, busy, onDismiss, onConfirm }: DialogProps & { onConfirm: () => void }) {
  return (
    <Dialog header="Undo merge" formId="unmerge-topic" onSubmit={onConfirm} onDismiss={onDismiss} footer={<DialogFooter onCancel={onDismiss} busy={busy} label="Undo merge" submitId="unmerge-topic" />}>
      <Box>
        Give {topic.name} its own page again? Followers moved to {topic.mergedInto?.name ?? 'the other topic'} stay there, and stories tagged during the merge keep the other topic.
      </Box>
    </Dialog>
  );
}

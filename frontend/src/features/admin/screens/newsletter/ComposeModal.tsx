import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { useState } from 'react';
import { errorText } from '../../shell/api.ts';
import type { StartedExecution } from '../../shell/executions.ts';
import { useFlash } from '../../shell/flash.tsx';
import { FREQUENCY_OPTIONS, sendIssue, type Frequency } from './api.ts';
import { DialogFooter } from '../../shell/DialogFooter.tsx';

export const COMPOSE_TEXTS = {
  fillBoth: 'Please fill in both subject and content',
  sendFailed: 'Failed to send newsletter. Please try again.',
} as const;

const ALL = { value: 'all', label: 'All confirmed subscribers' };

/** Compose dialog: subject, content (plain text, paragraphs on blank lines) and audience; sends on the server. */
export function ComposeModal({ visible, onDismiss, onStarted }: { visible: boolean; onDismiss: () => void; onStarted: (started: StartedExecution) => void }) {
  const { notify } = useFlash();
  const [subject, setSubject] = useState('');
  const [content, setContent] = useState('');
  const [audience, setAudience] = useState<{ value: string; label: string }>(ALL);
  const [sending, setSending] = useState(false);
  // Problems show inside the dialog: a toast would sit behind the modal's overlay, dimmed and unread.
  const [problem, setProblem] = useState<string | null>(null);

  const send = async () => {
    if (!subject.trim() || !content.trim()) {
      setProblem(COMPOSE_TEXTS.fillBoth);
      return;
    }
    setProblem(null);
    setSending(true);
    try {
      const started = await sendIssue({ subject, content, ...(audience.value !== 'all' ? { frequency: audience.value as Frequency } : {}) });
      notify({ type: 'info', header: 'Newsletter sending', content: `“${subject.trim()}” is on its way.` });
      setSubject('');
      setContent('');
      setAudience(ALL);
      onStarted(started);
    } catch (error) {
      setProblem(errorText(error, COMPOSE_TEXTS.sendFailed));
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      visible={visible}
      onDismiss={onDismiss}
      header="Compose newsletter"
      closeAriaLabel="Close dialog"
      size="large"
      footer={<DialogFooter onCancel={onDismiss} busy={sending} onConfirm={() => void send()} label="Send newsletter" />}
    >
      <form onSubmit={(event) => { event.preventDefault(); void send(); }}>
        <Form errorText={problem}>
          <SpaceBetween size="m">
            <FormField label="Subject">
              <Input value={subject} onChange={({ detail }) => setSubject(detail.value)} placeholder="This week in creator news" />
            </FormField>
            <FormField label="Content" description="Plain text; a blank line starts a new paragraph. It is sent in the newsletter layout with an unsubscribe link.">
              <Textarea value={content} onChange={({ detail }) => setContent(detail.value)} rows={10} />
            </FormField>
            <FormField label="Send to" description="Every confirmed subscriber (bounced or complained addresses never get mail), once each.">
              <Select selectedOption={audience} onChange={({ detail }) => setAudience(detail.selectedOption as typeof audience)} options={[ALL, ...FREQUENCY_OPTIONS.map((option) => ({ value: option.value, label: `${option.label} subscribers` }))]} />
            </FormField>
          </SpaceBetween>
        </Form>
      </form>
    </Modal>
  );
}

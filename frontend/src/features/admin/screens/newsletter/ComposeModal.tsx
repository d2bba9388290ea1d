import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import Tabs from '@cloudscape-design/components/tabs';
import Textarea from '@cloudscape-design/components/textarea';
import { useState } from 'react';
import { countOf } from '#domain/common/plural.ts';
import { ApiError } from '#web/shared/api/client.ts';
import { errorText } from '../../shell/api.ts';
import type { StartedExecution } from '../../shell/executions.ts';
import { useFlash } from '../../shell/flash.tsx';
import { fetchRecipientCount, FREQUENCY_OPTIONS, previewIssue, sendIssue, sendTestIssue, type ComposedIssue, type Frequency, type IssuePreview } from './api.ts';

export const COMPOSE_TEXTS = {
  fillBoth: 'Please fill in both subject and content',
  sendFailed: 'Failed to send newsletter. Please try again.',
  previewFailed: 'Failed to preview the newsletter',
  testFailed: 'Failed to send the test',
  countFailed: 'Failed to count the recipients',
} as const;

const ALL = { value: 'all', label: 'All confirmed subscribers' };
const AUDIENCES = [ALL, ...FREQUENCY_OPTIONS.map((option) => ({ value: option.value, label: `${option.label} subscribers` }))];

/** The count the server gave when Send was pressed, or the failure to get it. */
type Confirmation = { state: 'counting' } | { state: 'ready'; recipients: number } | { state: 'failed'; message: string };

/**
 * Compose dialog: subject, content (plain text, paragraphs on blank lines) and audience. Preview shows the
 * mail rendered by the server with the template the send uses; "Send a test to me" mails it to the signed-in
 * editor alone; "Send newsletter" first asks for confirmation, naming how many confirmed subscribers the
 * server counted, and the send carries that number (the server refuses it if it changed).
 */
export function ComposeModal({ visible, onDismiss, onStarted }: { visible: boolean; onDismiss: () => void; onStarted: (started: StartedExecution) => void }) {
  const { notify } = useFlash();
  const [subject, setSubject] = useState('');
  const [content, setContent] = useState('');
  const [audience, setAudience] = useState<{ value: string; label: string }>(ALL);
  const [tab, setTab] = useState('write');
  const [preview, setPreview] = useState<IssuePreview | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [testing, setTesting] = useState(false);
  const [testSent, setTestSent] = useState<string | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [sending, setSending] = useState(false);
  // Problems show inside the dialog: a toast would sit behind the modal's overlay, dimmed and unread.
  const [problem, setProblem] = useState<string | null>(null);
  const [confirmProblem, setConfirmProblem] = useState<string | null>(null);

  const issue = (): ComposedIssue => ({ subject, content, ...(audience.value !== 'all' ? { frequency: audience.value as Frequency } : {}) });
  const filled = () => {
    if (subject.trim() && content.trim()) return true;
    setProblem(COMPOSE_TEXTS.fillBoth);
    return false;
  };
  // Any change to the issue makes an earlier preview or test out of date.
  const edited = (apply: () => void) => {
    apply();
    setPreview(null);
    setTestSent(null);
  };

  const showPreview = async () => {
    setTab('preview');
    if (!filled()) return;
    setProblem(null);
    setPreviewing(true);
    try {
      setPreview(await previewIssue(issue()));
    } catch (error) {
      setProblem(errorText(error, COMPOSE_TEXTS.previewFailed));
    } finally {
      setPreviewing(false);
    }
  };

  const sendTest = async () => {
    if (!filled()) return;
    setProblem(null);
    setTesting(true);
    try {
      const sent = await sendTestIssue(issue());
      setTestSent(`A test was sent to ${sent.to} only, with the subject “${sent.subject}”. Subscribers received nothing.`);
    } catch (error) {
      setProblem(errorText(error, COMPOSE_TEXTS.testFailed));
    } finally {
      setTesting(false);
    }
  };

  const count = async () => {
    setConfirmation({ state: 'counting' });
    try {
      const answer = await fetchRecipientCount(issue().frequency);
      setConfirmation({ state: 'ready', recipients: answer.recipients });
    } catch (error) {
      setConfirmation({ state: 'failed', message: errorText(error, COMPOSE_TEXTS.countFailed) });
    }
  };

  const askToSend = () => {
    if (!filled()) return;
    setProblem(null);
    setConfirmProblem(null);
    void count();
  };

  const send = async () => {
    if (confirmation?.state !== 'ready' || confirmation.recipients === 0 || sending) return;
    setConfirmProblem(null);
    setSending(true);
    try {
      const started = await sendIssue({ ...issue(), recipients: confirmation.recipients });
      notify({ type: 'info', header: 'Newsletter sending', content: `“${subject.trim()}” is on its way to ${countOf(started.recipients, 'subscriber')}.` });
      setSubject('');
      setContent('');
      setAudience(ALL);
      setPreview(null);
      setTestSent(null);
      setTab('write');
      setConfirmation(null);
      onStarted(started);
    } catch (error) {
      setConfirmProblem(errorText(error, COMPOSE_TEXTS.sendFailed));
      // The count changed since the dialog opened: show the new one, to be confirmed again.
      if (error instanceof ApiError && error.status === 409) void count();
    } finally {
      setSending(false);
    }
  };

  const confirming = confirmation !== null;
  const recipients = confirmation?.state === 'ready' ? confirmation.recipients : null;

  return (
    <>
      <Modal
        visible={visible && !confirming}
        onDismiss={onDismiss}
        header="Compose newsletter"
        closeAriaLabel="Close dialog"
        size="large"
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button variant="link" onClick={onDismiss} disabled={testing}>
                Cancel
              </Button>
              <Button onClick={() => void sendTest()} loading={testing} loadingText="Sending test">
                Send a test to me
              </Button>
              <Button variant="primary" onClick={askToSend} disabled={testing}>
                Send newsletter
              </Button>
            </SpaceBetween>
          </Box>
        }
      >
        <form onSubmit={(event) => { event.preventDefault(); askToSend(); }}>
          <Form errorText={problem}>
            <SpaceBetween size="m">
              {testSent && (
                <Alert type="success" dismissible onDismiss={() => setTestSent(null)} header="Test sent">
                  {testSent}
                </Alert>
              )}
              <Tabs
                activeTabId={tab}
                onChange={({ detail }) => (detail.activeTabId === 'preview' ? void showPreview() : setTab(detail.activeTabId))}
                ariaLabel="Compose or preview"
                tabs={[
                  {
                    id: 'write',
                    label: 'Write',
                    content: (
                      <SpaceBetween size="m">
                        <FormField label="Subject">
                          <Input value={subject} onChange={({ detail }) => edited(() => setSubject(detail.value))} placeholder="This week in creator news" />
                        </FormField>
                        <FormField label="Content" description="Plain text; a blank line starts a new paragraph. It is sent in the newsletter layout with an unsubscribe link.">
                          <Textarea value={content} onChange={({ detail }) => edited(() => setContent(detail.value))} rows={10} />
                        </FormField>
                        <FormField label="Send to" description="Every confirmed subscriber (bounced or complained addresses never get mail), once each.">
                          <Select selectedOption={audience} onChange={({ detail }) => setAudience(detail.selectedOption as typeof audience)} options={AUDIENCES} />
                        </FormField>
                      </SpaceBetween>
                    ),
                  },
                  {
                    id: 'preview',
                    label: 'Preview',
                    content: previewing ? (
                      <Box textAlign="center" padding="l">
                        <Spinner /> Rendering the preview
                      </Box>
                    ) : preview && !confirming ? (
                      <SpaceBetween size="s">
                        <Box variant="small">As subscribers will receive it{preview.testRecipient ? `; “Send a test to me” mails it to ${preview.testRecipient} only` : ''}.</Box>
                        <div data-testid="nl-preview-subject">
                          <Box variant="awsui-key-label">Subject</Box>
                          <Box>{preview.subject}</Box>
                        </div>
                        {/* The server's HTML in an empty sandbox: no scripts, no same-origin access, no navigation. */}
                        <iframe title="Newsletter preview" sandbox="" srcDoc={preview.html} style={{ width: '100%', height: 460, border: '1px solid #c6c6cd', borderRadius: 8, background: '#f8fafc' }} />
                      </SpaceBetween>
                    ) : (
                      <Box textAlign="center" padding="l" color="text-body-secondary">
                        Write a subject and content to preview the mail.
                      </Box>
                    ),
                  },
                ]}
              />
            </SpaceBetween>
          </Form>
        </form>
      </Modal>
      <Modal
        visible={visible && confirming}
        onDismiss={() => !sending && setConfirmation(null)}
        header="Send this newsletter?"
        closeAriaLabel="Close confirmation"
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button variant="link" onClick={() => setConfirmation(null)} disabled={sending}>
                Cancel
              </Button>
              <Button variant="primary" onClick={() => void send()} loading={sending} loadingText="Sending" disabled={!recipients || sending}>
                {recipients ? `Send to ${countOf(recipients, 'subscriber')}` : 'Send'}
              </Button>
            </SpaceBetween>
          </Box>
        }
      >
        <SpaceBetween size="m">
          {confirmation?.state === 'counting' && (
            <Box>
              <Spinner /> Counting the confirmed subscribers
            </Box>
          )}
          {confirmation?.state === 'failed' && (
            <Alert type="error" action={<Button onClick={() => void count()}>Retry</Button>}>
              {confirmation.message}
            </Alert>
          )}
          {recipients === 0 && (
            <Alert type="warning" header="Nobody would receive it">
              {audience.value === 'all' ? 'There are no confirmed subscribers' : `No ${audience.label.toLowerCase()} are confirmed`}, so nothing will be sent.
            </Alert>
          )}
          {recipients !== null && recipients > 0 && (
            <Box data-testid="nl-confirm-count">
              “{subject.trim()}” will be sent to <b>{countOf(recipients, audience.value === 'all' ? 'confirmed subscriber' : `confirmed ${audience.label.replace(/ subscribers$/, '')} subscriber`)}</b>, once each. This cannot be undone.
            </Box>
          )}
          {testSent === null && recipients !== null && recipients > 0 && <Box variant="small" color="text-body-secondary">Tip: cancel and use “Send a test to me” to check it in your own inbox first.</Box>}
          {confirmProblem && <Alert type="error">{confirmProblem}</Alert>}
        </SpaceBetween>
      </Modal>
    </>
  );
}

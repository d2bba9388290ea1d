import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import RadioGroup from '@cloudscape-design/components/radio-group';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { checkFeedUrl, FEED_DEFAULT_PRIORITY, FEED_NAME_MAX, FEED_PRIORITY_MAX, FEED_PRIORITY_MIN } from '#domain/content/feed-sources.ts';
import { ApiError } from '#web/shared/api/client.ts';
import { errorText } from '../../shell/api.ts';
import { formatCount } from '../../shell/format.ts';
import type { Feed, FeedCheck, FeedInput } from './api.ts';
import { DialogFooter } from '../../shell/DialogFooter.tsx';

const PRIORITIES = Array.from({ length: FEED_PRIORITY_MAX - FEED_PRIORITY_MIN + 1 }, (_, index) => {
  const value = String(FEED_PRIORITY_MIN + index);
  return { value, label: value === '1' ? '1 (fetched first)' : value === String(FEED_PRIORITY_MAX) ? `${value} (fetched last)` : value };
});

type Errors = Partial<Record<'name' | 'url' | 'specialization', string>>;

/** The form's own checks, the same rules the server applies (the server checks again). */
function validate(values: FeedInput): Errors {
  const errors: Errors = {};
  if (!values.name.trim()) errors.name = 'Enter a name';
  else if (values.name.trim().length > FEED_NAME_MAX) errors.name = `At most ${FEED_NAME_MAX} characters`;
  if (!values.url.trim()) errors.url = 'Enter the feed URL';
  else {
    const checked = checkFeedUrl(values.url.trim());
    if (!checked.ok) errors.url = checked.reason;
  }
  if ((values.specialization ?? '').length > 500) errors.specialization = 'At most 500 characters';
  return errors;
}

export interface FeedFormModalProps {
  /** The feed being edited; null to add one. */
  feed: Feed | null;
  onDismiss(): void;
  /** Saves and answers the server's check of the address ("found N items"); throws with the reason it failed. */
  onSave(values: FeedInput): Promise<FeedCheck | undefined>;
}

/**
 * Add Feed / Edit feed. On save the server fetches and parses the address; the modal shows "Found N
 * items" (then Close) or the reason it failed, and stays open to correct it.
 */
export function FeedFormModal({ feed, onDismiss, onSave }: FeedFormModalProps) {
  const [values, setValues] = useState<FeedInput>({
    name: feed?.name ?? '',
    url: feed?.url ?? '',
    priority: feed?.priority ?? FEED_DEFAULT_PRIORITY,
    isIndian: feed?.isIndian ?? true,
    specialization: feed?.specialization ?? '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<Pick<FeedCheck, 'itemsFound' | 'feedTitle'> | null>(null);

  const set = <K extends keyof FeedInput>(key: K, value: FeedInput[K]) => {
    const next = { ...values, [key]: value };
    setValues(next);
    if (submitted) setErrors(validate(next));
  };

  const save = async () => {
    setSubmitted(true);
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    setFailure(null);
    try {
      const check = await onSave({
        name: values.name.trim(),
        url: values.url.trim(),
        priority: values.priority,
        isIndian: values.isIndian,
        ...(values.specialization?.trim() ? { specialization: values.specialization.trim() } : {}),
      });
      setSaved(check ?? { itemsFound: 0, feedTitle: null });
    } catch (error) {
      const fields = error instanceof ApiError ? error.fieldErrors : {};
      setErrors({ name: fields.name?.[0], url: fields.url?.[0], specialization: fields.specialization?.[0] });
      setFailure(errorText(error, 'The feed could not be saved'));
    } finally {
      setSaving(false);
    }
  };

  const title = feed ? `Edit ${feed.name}` : 'Add Feed';
  if (saved) {
    return (
      <Modal visible onDismiss={onDismiss} header={title} footer={<Box float="right"><Button variant="primary" onClick={onDismiss}>Close</Button></Box>}>
        <Alert type="success" header={`Found ${formatCount(saved.itemsFound)} item${saved.itemsFound === 1 ? '' : 's'}`}>
          {feed ? 'The feed was saved.' : 'The feed was added and is due now: the next ingest (or Fetch now) fetches its articles.'}
          {saved.feedTitle ? ` The feed calls itself “${saved.feedTitle}”.` : ''}
        </Alert>
      </Modal>
    );
  }

  return (
    <Modal
      visible
      onDismiss={saving ? () => undefined : onDismiss}
      header={title}
      footer={<DialogFooter onCancel={onDismiss} busy={saving} onConfirm={() => void save()} loadingText="Checking the feed" label={feed ? 'Save' : 'Add Feed'} />}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
        noValidate
      >
        <Form>
          <SpaceBetween size="m">
            {failure && (
              <Alert type="error" header="The feed was not saved">
                {failure}
              </Alert>
            )}
            <FormField label="Name" errorText={errors.name}>
              <Input value={values.name} onChange={({ detail }) => set('name', detail.value)} placeholder="Social Samosa" disabled={saving} />
            </FormField>
            <FormField label="Feed URL" description="The RSS or Atom address; it is fetched and read before it is saved." errorText={errors.url}>
              <Input value={values.url} type="url" inputMode="url" onChange={({ detail }) => set('url', detail.value)} placeholder="https://www.example.com/feed/" disabled={saving} />
            </FormField>
            <FormField label="Priority" description="Lower numbers are fetched first in each run.">
              <Select
                selectedOption={PRIORITIES.find((option) => option.value === String(values.priority)) ?? null}
                onChange={({ detail }) => set('priority', Number(detail.selectedOption.value))}
                options={PRIORITIES}
                disabled={saving}
              />
            </FormField>
            <FormField label="Market">
              <RadioGroup
                value={values.isIndian ? 'india' : 'global'}
                onChange={({ detail }) => set('isIndian', detail.value === 'india')}
                items={[
                  { value: 'india', label: 'India', description: 'An Indian publisher: its stories count as India-relevant' },
                  { value: 'global', label: 'Global' },
                ]}
              />
            </FormField>
            <FormField label={<span>About <i>- optional</i></span>} errorText={errors.specialization}>
              <Input value={values.specialization ?? ''} onChange={({ detail }) => set('specialization', detail.value)} placeholder="What this publisher covers" disabled={saving} />
            </FormField>
          </SpaceBetween>
        </Form>
      </form>
    </Modal>
  );
}

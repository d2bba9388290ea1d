import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { FREQUENCIES } from '#domain/newsletter/newsletter.ts';
import { ApiError } from '#web/shared/api/client.ts';
import { errorText } from '../../shell/api.ts';
import { useFlash } from '../../shell/flash.tsx';
import { formatDateTime } from '../../shell/format.ts';
import { ConsoleLoading } from '../../shell/guard.tsx';
import type { SettingsValues } from './api.ts';
import { statusColumns } from './tableConfig.tsx';
import { useSaveSettings, useSettings } from './useSettings.ts';

type Key = keyof SettingsValues;
type Draft = Record<Key, string>;

const NUMERIC: Key[] = ['publishRelevance', 'publishConfidence', 'reviewRelevance', 'monthlyGoalRupees', 'feedIntervalMinutes'];

interface FieldSpec {
  key: Key;
  label: string;
  description: string;
  type?: 'number' | 'time' | 'frequency';
}

/** One field of a section: its setting, label, help text and input kind. */
const field = (key: Key, label: string, description: string, type?: FieldSpec['type']): FieldSpec => ({ key, label, description, ...(type ? { type } : {}) });

const SECTIONS: Array<{ title: string; description: string; fields: FieldSpec[] }> = [
  { title: 'Classifier', description: 'How the classifier decides each new draft: publish, send to review, or reject.', fields: [
    field('publishRelevance', 'Publish relevance threshold', 'Relevance (1–100) at or above which a story is published without review.', 'number'),
    field('publishConfidence', 'Publish confidence threshold', 'Model confidence (0–1) also needed to publish without review.', 'number'),
    field('reviewRelevance', 'Review relevance threshold', 'Below this relevance a story is rejected; from it up to the publish threshold it goes to review.', 'number'),
  ] },
  { title: 'Donations', description: 'The goal the Donate page shows this month’s donations against.', fields: [
    field('monthlyGoalRupees', 'Monthly donation goal (₹)', 'Whole rupees, 1 to 1,00,00,000.', 'number'),
  ] },
  { title: 'Newsletter', description: 'When each digest goes out, India time (24-hour HH:MM; saving moves the schedules), and the frequency new subscribers start from.', fields: [
    field('dailyDigestTime', 'Daily Digest time', 'Every day.', 'time'),
    field('weeklyDigestTime', 'Weekly Roundup time', 'Mondays.', 'time'),
    field('monthlyDigestTime', 'Monthly Summary time', 'On the 1st.', 'time'),
    field('defaultFrequency', 'Default frequency', 'What the subscription form preselects.', 'frequency'),
  ] },
  { title: 'Feeds', description: 'Politeness towards publishers.', fields: [
    field('feedIntervalMinutes', 'Minimum minutes between fetches of one feed', '5 to 1440; a publisher may ask for longer (Cache-Control, Retry-After).', 'number'),
  ] },
];

const toDraft = (values: SettingsValues): Draft => Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value)])) as Draft;

function toValues(draft: Draft): SettingsValues {
  const entries = Object.entries(draft).map(([key, value]) => {
    if (!NUMERIC.includes(key as Key)) return [key, value.trim()];
    const trimmed = value.trim();
    // An empty or non-numeric entry goes as null: the server names the field.
    return [key, trimmed === '' || Number.isNaN(Number(trimmed)) ? null : Number(trimmed)];
  });
  return Object.fromEntries(entries) as SettingsValues;
}

export default function SettingsPage() {
  const { notify } = useFlash();
  const settings = useSettings();
  const save = useSaveSettings();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    if (settings.data) setDraft(toDraft(settings.data.values));
  }, [settings.data]);

  const changed = useMemo(() => Boolean(draft && settings.data && JSON.stringify(draft) !== JSON.stringify(toDraft(settings.data.values))), [draft, settings.data]);

  const header = (
    <Header variant="h1" description="The values the pipeline, the Donate page, the newsletter and the feed fetcher follow; every change is audited.">
      Settings
    </Header>
  );

  if (settings.isPending) return <ContentLayout header={header}><ConsoleLoading /></ContentLayout>;
  if (!settings.data || !draft) {
    return (
      <ContentLayout header={header}>
        <Alert type="error" header="Error" action={<Button onClick={() => void settings.refetch()}>Retry</Button>}>
          {errorText(settings.error, 'Failed to load system configuration data')}
        </Alert>
      </ContentLayout>
    );
  }
  const data = settings.data;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setFormError(null);
    save.mutate(
      { version: data.version, values: toValues(draft) },
      {
        onSuccess: () => notify({ type: 'success', header: 'Settings saved', content: 'The new values apply within a minute.' }),
        onError: (error) => {
          const fields = error instanceof ApiError ? error.fieldErrors : {};
          setErrors(Object.fromEntries(Object.entries(fields).map(([field, messages]) => [field, messages[0] ?? 'Invalid value'])));
          const message = errorText(error, 'Failed to save settings');
          if (!Object.keys(fields).length) setFormError(message);
          notify({ type: 'error', header: 'Settings not saved', content: Object.keys(fields).length ? 'Check the highlighted fields.' : message });
        },
      },
    );
  };

  const stale = save.error instanceof ApiError && save.error.status === 409;
  // A digest schedule not at its saved time (e.g. reset by a restart): saving puts it back.
  const drift = data.configurationStatus.some((item) => item.settingName.startsWith('Schedule ') && item.currentValue.slice(0, 5) !== item.recommendedValue.slice(0, 5));
  const warnings = data.configurationStatus.filter((item) => item.manualActionRequired).length;

  return (
    <ContentLayout header={header}>
      <SpaceBetween size="l">
        <form onSubmit={submit} noValidate>
          <Form
            errorText={formError ?? undefined}
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                {stale && (
                  <Button formAction="none" onClick={() => { save.reset(); setFormError(null); void settings.refetch().then((answer) => answer.data && setDraft(toDraft(answer.data.values))); }}>
                    Reload
                  </Button>
                )}
                <Button formAction="none" disabled={!changed || save.isPending} onClick={() => { setDraft(toDraft(data.values)); setErrors({}); setFormError(null); }}>
                  Reset
                </Button>
                <Button variant="primary" formAction="submit" disabled={!changed && !drift} loading={save.isPending} data-testid="settings-save">
                  Save
                </Button>
              </SpaceBetween>
            }
            secondaryActions={
              <Box variant="small" data-testid="settings-version">
                Version {data.version}
                {data.updatedAt ? ` · saved ${formatDateTime(data.updatedAt)}${data.updatedBy ? ` by ${data.updatedBy}` : ''}` : ' · defaults (never saved)'}
              </Box>
            }
          >
            <SpaceBetween size="l">
              {SECTIONS.map((section) => (
                <Container key={section.title} header={<Header variant="h2" description={section.description}>{section.title}</Header>}>
                  <ColumnLayout columns={section.fields.length > 1 ? 3 : 1} minColumnWidth={220}>
                    {section.fields.map((field) => (
                      <FormField
                        key={field.key}
                        label={field.label}
                        description={field.description}
                        errorText={errors[field.key]}
                        constraintText={`Default ${data.defaults[field.key]}`}
                      >
                        {field.type === 'frequency' ? (
                          <Select
                            selectedOption={FREQUENCIES.map(({ value, label }) => ({ value, label })).find((option) => option.value === draft[field.key]) ?? null}
                            options={FREQUENCIES.map(({ value, label }) => ({ value, label }))}
                            onChange={({ detail }) => setDraft({ ...draft, [field.key]: detail.selectedOption.value ?? '' })}
                            invalid={Boolean(errors[field.key])}
                            ariaLabel={field.label}
                            data-testid={`setting-${field.key}`}
                          />
                        ) : (
                        <Input
                          value={draft[field.key]}
                          inputMode={field.type === 'number' ? 'decimal' : 'text'}
                          placeholder={field.type === 'time' ? 'HH:MM' : undefined}
                          invalid={Boolean(errors[field.key])}
                          onChange={({ detail }) => setDraft({ ...draft, [field.key]: detail.value })}
                          data-testid={`setting-${field.key}`}
                          ariaLabel={field.label}
                        />
                        )}
                      </FormField>
                    ))}
                  </ColumnLayout>
                </Container>
              ))}
            </SpaceBetween>
          </Form>
        </form>
        <Table
          header={
            <Header variant="h2" counter={`(${data.configurationStatus.length})`} description="Checked now against the running system.">
              Configuration status
            </Header>
          }
          items={data.configurationStatus}
          columnDefinitions={statusColumns}
          variant="container"
          wrapLines
          empty={<Box textAlign="center">No configuration checks</Box>}
          data-testid="config-status"
        />
        {warnings > 0 && (
          <Alert type="warning" header="Manual action required">
            {warnings === 1 ? '1 configuration item needs' : `${warnings} configuration items need`} an operator’s action outside the console.
          </Alert>
        )}
      </SpaceBetween>
    </ContentLayout>
  );
}

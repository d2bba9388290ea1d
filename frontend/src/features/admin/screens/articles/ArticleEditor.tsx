import Alert from '@cloudscape-design/components/alert';
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
import Textarea from '@cloudscape-design/components/textarea';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { MANUAL_STATUSES, type ManualStatus } from '#domain/content/article-admin.ts';
import { CATEGORY_NAMES, CATEGORY_SLUGS, type CategorySlug } from '#domain/content/categories.ts';
import { isFallbackImage } from '#domain/content/images.ts';
import { ApiError } from '#web/shared/api/client.ts';
import { useSubmission } from '#web/shared/api/submission.ts';
import { errorText } from '../../shell/api.ts';
import { useFlash } from '../../shell/flash.tsx';
import { ConsoleLoading } from '../../shell/guard.tsx';
import type { ArticleDetail, ArticleInput } from './api.ts';
import { STATUS_LABELS } from './tableConfig.tsx';
import { useArticle, useSaveArticle } from './useArticles.ts';

export const ARTICLES_PATH = '/admin/content/articles';

interface Draft {
  title: string;
  sourceUrl: string;
  sourceName: string;
  summary: string;
  content: string;
  category: CategorySlug;
  tags: string;
  author: string;
  imageUrl: string;
  status: ManualStatus;
}

const EMPTY: Draft = { title: '', sourceUrl: '', sourceName: '', summary: '', content: '', category: 'general', tags: '', author: '', imageUrl: '', status: 'draft' };

function draftOf(article: ArticleDetail): Draft {
  return {
    title: article.title,
    sourceUrl: article.sourceUrl,
    sourceName: article.sourceName,
    summary: article.summary,
    content: article.content,
    category: article.category,
    tags: article.tags.join(', '),
    author: article.author ?? '',
    // The site's stand-in picture is no publisher's image: the field stays empty (and an empty field keeps it).
    imageUrl: isFallbackImage(article.imageUrl) ? '' : (article.imageUrl ?? ''),
    status: article.status === 'purged' ? 'archived' : article.status,
  };
}

function inputOf(draft: Draft): ArticleInput {
  return {
    title: draft.title,
    sourceUrl: draft.sourceUrl,
    ...(draft.sourceName.trim() ? { sourceName: draft.sourceName } : {}),
    summary: draft.summary,
    content: draft.content,
    category: draft.category,
    tags: draft.tags
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean),
    author: draft.author,
    imageUrl: draft.imageUrl,
    status: draft.status,
  };
}

const categoryOptions = CATEGORY_SLUGS.map((slug) => ({ value: slug, label: CATEGORY_NAMES[slug] }));
const statusOptions = MANUAL_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }));

/** Add Article (/new) and Edit (/:id/edit): a Cloudscape Form, field errors from the server's fieldErrors. */
export function ArticleEditor() {
  const { id = null } = useParams();
  const navigate = useNavigate();
  const flash = useFlash();
  const existing = useArticle(id);
  const save = useSaveArticle(id);
  // One submission at a time, each with its Idempotency-Key: a double click on Save changes saves once.
  const submission = useSubmission(async (input: ArticleInput, idempotencyKey: string) => {
    setFormError(null);
    try {
      const saved = await save.mutateAsync({ ...input, idempotencyKey });
      flash.notify({ type: 'success', header: id ? 'Article updated' : 'Article added', content: saved.title });
      navigate(ARTICLES_PATH);
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.fieldErrors : {};
      const fields = Object.fromEntries(Object.entries(fieldErrors).map(([field, messages]) => [field, messages[0] ?? 'Invalid value']));
      setErrors(fields);
      // Field errors show on their fields; the form says only what they do not (a 409 names its field too).
      setFormError(Object.keys(fields).length ? `${errorText(error, 'Could not save the article').replace(/^Invalid body:.*/, 'Some fields need a change')}.` : errorText(error, 'Could not save the article'));
    }
  });
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    if (existing.data) setDraft(draftOf(existing.data));
  }, [existing.data]);

  if (id && existing.isPending) return <ConsoleLoading />;
  if (id && existing.isError) {
    return (
      <ContentLayout header={<Header variant="h1">Edit Article</Header>}>
        <Alert type="error" header="Could not load the article" action={<Button onClick={() => void existing.refetch()}>Retry</Button>}>
          {errorText(existing.error, 'Failed to load the article')}
        </Alert>
      </ContentLayout>
    );
  }

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors((current) => {
      const { [key]: _dropped, ...rest } = current;
      return rest;
    });
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    void submission.run(inputOf(draft));
  };

  const field = (key: keyof Draft, label: string, control: React.ReactNode, description?: string) => (
    <FormField label={label} description={description} errorText={errors[key]} stretch>
      {control}
    </FormField>
  );
  const text = (key: Exclude<keyof Draft, 'category' | 'status'>, label: string, options: { type?: 'text' | 'url'; description?: string; placeholder?: string } = {}) =>
    field(
      key,
      label,
      <Input value={draft[key]} type={options.type ?? 'text'} placeholder={options.placeholder} onChange={(e) => set(key, e.detail.value)} invalid={Boolean(errors[key])} ariaLabel={label} />,
      options.description,
    );

  return (
    <ContentLayout header={<Header variant="h1" description={id ? 'Changes are audited. A status change moves the article counts.' : 'The article gets its URL and title hashes, so a feed never adds it twice.'}>{id ? 'Edit Article' : 'Add Article'}</Header>}>
      {/* The server checks every field and its messages show on them (a browser's own check would stop the save silently). */}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Form
          errorText={formError}
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button formAction="none" variant="link" onClick={() => navigate(ARTICLES_PATH)}>
                Cancel
              </Button>
              <Button variant="primary" loading={submission.pending}>
                {id ? 'Save changes' : 'Add Article'}
              </Button>
            </SpaceBetween>
          }
        >
          <Container header={<Header variant="h2">Article</Header>}>
            <SpaceBetween size="l">
              {text('title', 'Title', { description: '5 to 300 characters.' })}
              <ColumnLayout columns={2}>
                {text('sourceUrl', 'Source URL', { type: 'url', placeholder: 'https://publisher.example/story' })}
                {text('sourceName', 'Source name', { description: 'Defaults to the URL host.' })}
              </ColumnLayout>
              <ColumnLayout columns={2}>
                {field(
                  'category',
                  'Category',
                  <Select
                    selectedOption={categoryOptions.find((option) => option.value === draft.category) ?? null}
                    options={categoryOptions}
                    onChange={(e) => set('category', e.detail.selectedOption.value as CategorySlug)}
                    invalid={Boolean(errors.category)}
                  />,
                )}
                {field(
                  'status',
                  'Status',
                  <Select
                    selectedOption={statusOptions.find((option) => option.value === draft.status) ?? null}
                    options={statusOptions}
                    onChange={(e) => set('status', e.detail.selectedOption.value as ManualStatus)}
                    invalid={Boolean(errors.status)}
                  />,
                )}
              </ColumnLayout>
              {field(
                'summary',
                'Summary',
                <Textarea value={draft.summary} rows={3} onChange={(e) => set('summary', e.detail.value)} invalid={Boolean(errors.summary)} ariaLabel="Summary" />,
                'Plain text. Left empty, it is made from the content.',
              )}
              {field(
                'content',
                'Content',
                <Textarea value={draft.content} rows={8} onChange={(e) => set('content', e.detail.value)} invalid={Boolean(errors.content)} ariaLabel="Content" />,
                'HTML is sanitised as feed content is: text formatting, links and images only.',
              )}
              <ColumnLayout columns={2}>
                {text('author', 'Author')}
                {text('tags', 'Tags', { description: 'Comma-separated, at most 10.' })}
              </ColumnLayout>
              {text('imageUrl', 'Image URL', { type: 'url' })}
            </SpaceBetween>
          </Container>
        </Form>
      </form>
    </ContentLayout>
  );
}

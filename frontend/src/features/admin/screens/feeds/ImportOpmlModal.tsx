import { countOf } from '#domain/common/plural.ts';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FileUpload from '@cloudscape-design/components/file-upload';
import FormField from '@cloudscape-design/components/form-field';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useState } from 'react';
import { errorText } from '../../shell/api.ts';
import { formatCount } from '../../shell/format.ts';
import type { ImportResult } from './api.ts';

/** The server's limit (domain/content/opml.ts OPML_MAX_BYTES); checked here first so a huge file is not sent. */
const MAX_BYTES = 1_000_000;


/** Import OPML: choose a file, send it, and show what was added, skipped and refused. */
export function ImportOpmlModal({ onDismiss, onImport }: { onDismiss(): void; onImport(opml: string): Promise<ImportResult> }) {
  const [files, setFiles] = useState<File[]>([]);
  const [importing, setImporting] = useState(false);
  const [fileError, setFileError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);

  const run = async () => {
    const [file] = files;
    if (!file) return setFileError('Choose an OPML file');
    if (file.size > MAX_BYTES) return setFileError('The OPML file is larger than 1 MB');
    setImporting(true);
    setFailure(null);
    try {
      setResult(await onImport(await file.text()));
    } catch (error) {
      setFailure(errorText(error, 'The OPML file could not be imported'));
    } finally {
      setImporting(false);
    }
  };

  return (
    <Modal
      visible
      onDismiss={importing ? () => undefined : onDismiss}
      header="Import OPML"
      footer={
        <Box float="right">
          {result ? (
            <Button variant="primary" onClick={onDismiss}>
              Close
            </Button>
          ) : (
            <SpaceBetween direction="horizontal" size="xs">
              <Button variant="link" onClick={onDismiss} disabled={importing}>
                Cancel
              </Button>
              <Button variant="primary" onClick={() => void run()} loading={importing} disabled={!files.length}>
                Import
              </Button>
            </SpaceBetween>
          )}
        </Box>
      }
    >
      {result ? (
        <SpaceBetween size="m">
          <Alert type={result.added ? 'success' : 'info'} header={`${countOf(result.added, 'feed')} added`}>
            <span data-testid="opml-import-result">
              Added {formatCount(result.added)}, skipped {formatCount(result.skipped)} already in the list
              {result.invalid.length ? `, refused ${formatCount(result.invalid.length)}` : ''}. New feeds are due now: the next ingest fetches them.
            </span>
          </Alert>
          {result.invalid.length > 0 && (
            <Table
              variant="embedded"
              header={<Box variant="h3">Refused outlines</Box>}
              items={result.invalid}
              wrapLines
              columnDefinitions={[
                { id: 'url', header: 'Address', cell: (item) => <span style={{ overflowWrap: 'anywhere' }}>{item.url}</span> },
                { id: 'reason', header: 'Reason', cell: (item) => item.reason },
              ]}
            />
          )}
        </SpaceBetween>
      ) : (
        <SpaceBetween size="m">
          {failure && (
            <Alert type="error" header="Import failed">
              {failure}
            </Alert>
          )}
          <FormField
            label="OPML file"
            description="Feeds whose address is already in the list are skipped; nothing is removed."
            constraintText="OPML 1.0 or 2.0, up to 1 MB and 2,000 outlines"
            errorText={fileError}
          >
            <FileUpload
              value={files}
              onChange={({ detail }) => {
                setFiles(detail.value);
                setFileError(undefined);
                setFailure(null);
              }}
              accept=".opml,.xml,text/x-opml,text/xml,application/xml"
              showFileSize
              i18nStrings={{
                uploadButtonText: () => 'Choose file',
                dropzoneText: () => 'Drop the OPML file here',
                removeFileAriaLabel: () => 'Remove file',
                errorIconAriaLabel: 'Error',
              }}
            />
          </FormField>
        </SpaceBetween>
      )}
    </Modal>
  );
}

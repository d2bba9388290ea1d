import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';
import { errorText } from '../../shell/api.ts';

/** A pipeline table with no rows: the server's error with Retry when the read failed, else what is empty and why. */
export function TableEmpty({ query, failedText, title, children }: {
  query: { isError: boolean; error: unknown; refetch: () => unknown };
  failedText: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <Box textAlign="center" color="inherit">
      {query.isError ? (
        <SpaceBetween size="xs">
          <Box variant="p" color="text-status-error">
            {errorText(query.error, failedText)}
          </Box>
          <Button onClick={() => void query.refetch()}>Retry</Button>
        </SpaceBetween>
      ) : (
        <>
          <b>{title}</b>
          {children ? (
            <Box variant="p" color="inherit">
              {children}
            </Box>
          ) : null}
        </>
      )}
    </Box>
  );
}

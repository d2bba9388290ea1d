import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';

/** A console screen's title with its description and a row of action buttons. */
export function PageHeader({ description, actions, children }: { description: string; actions: ReactNode; children: ReactNode }) {
  return (
    <Header
      variant="h1"
      description={description}
      actions={
        <SpaceBetween direction="horizontal" size="xs">
          {actions}
        </SpaceBetween>
      }
    >
      {children}
    </Header>
  );
}

import type { ReactNode } from 'react';

/** A side widget's body for one query: "Loading...", the error line, then what the data shows. */
export function WidgetBody<T>({ query, children }: { query: { isPending: boolean; isError: boolean; data: T | undefined }; children: (data: T) => ReactNode }) {
  return (
    <>
      {query.isPending && <p aria-busy="true">Loading...</p>}
      {query.isError && <p className="widget-error">Unable to load data</p>}
      {query.data !== undefined && children(query.data)}
    </>
  );
}

import vm from 'node:vm';
import { SITE_ROUTING_CODE } from '#domain/reader/site-routes.ts';

/** A query string as CloudFront Functions hands it over: one field per name, `multiValue` when it repeats. */
type EdgeQueryString = Record<string, { value: string; multiValue?: Array<{ value: string }> }>;

export type EdgeAnswer =
  | { kind: 'origin'; uri: string }
  | { kind: 'generated'; statusCode: number; headers: Record<string, string>; body: string };

function edgeQueryString(search: URLSearchParams): EdgeQueryString {
  const fields: EdgeQueryString = {};
  for (const name of new Set(search.keys())) {
    const values = search.getAll(name);
    fields[name] = values.length > 1 ? { value: values[0] as string, multiValue: values.map((value) => ({ value })) } : { value: values[0] as string };
  }
  return fields;
}

/**
 * The site's viewer-request function (the string CloudFront runs), run here in a fresh context of its own with
 * an event of CloudFront's shape: what the deployed edge decides for a path, the local site decides alike.
 */
export function edgeRouter(code: string = SITE_ROUTING_CODE): (pathname: string, search: URLSearchParams) => EdgeAnswer {
  const context = vm.createContext({});
  vm.runInContext(code, context, { filename: 'site-routing.js' });
  const handler = context.handler as (event: unknown) => { uri?: string; statusCode?: number; headers?: Record<string, { value: string }>; body?: { data: string } };
  return (pathname, search) => {
    const result = handler({ version: '1.0', context: { eventType: 'viewer-request' }, viewer: { ip: '127.0.0.1' }, request: { method: 'GET', uri: pathname, querystring: edgeQueryString(search), headers: {}, cookies: {} } });
    if (typeof result.statusCode === 'number') {
      const headers = Object.fromEntries(Object.entries(result.headers ?? {}).map(([name, header]) => [name, header.value]));
      return { kind: 'generated', statusCode: result.statusCode, headers, body: result.body?.data ?? '' };
    }
    return { kind: 'origin', uri: result.uri ?? pathname };
  };
}

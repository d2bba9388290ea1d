import { describe, expect, it } from 'vitest';
import type { HttpEvent } from '#platform/auth.ts';
import { clientAddress, clientKey } from '#platform/rate-limit.ts';
import { apiAddress } from '#web/shared/api/config.ts';

const TOKEN = 'edge-token-of-this-deployment-0123456789';
const request = (headers: Record<string, string>, sourceIp = '130.176.10.20') => ({ headers, requestContext: { http: { sourceIp } } }) as unknown as HttpEvent;

describe("the reader's address behind CloudFront", () => {
  it("is the viewer address CloudFront's function wrote when the edge token comes with it (IPv4 and IPv6)", () => {
    expect(clientAddress(request({ 'x-origin-verify': TOKEN, 'x-viewer-address': '203.0.113.7' }), TOKEN)).toBe('203.0.113.7');
    expect(clientAddress(request({ 'x-origin-verify': TOKEN, 'x-viewer-address': '2001:db8::1' }), TOKEN)).toBe('2001:db8::1');
  });

  it('is the connection address when the token is missing or wrong, so a direct caller cannot choose its address', () => {
    expect(clientAddress(request({ 'x-viewer-address': '203.0.113.7' }), TOKEN)).toBe('130.176.10.20');
    expect(clientAddress(request({ 'x-origin-verify': 'guess', 'x-viewer-address': '203.0.113.7' }), TOKEN)).toBe('130.176.10.20');
    expect(clientAddress(request({ 'x-origin-verify': TOKEN }), TOKEN)).toBe('130.176.10.20');
    // Locally there is no edge: the header is ignored whatever it says.
    expect(clientAddress(request({ 'x-origin-verify': TOKEN, 'x-viewer-address': '203.0.113.7' }), undefined)).toBe('130.176.10.20');
  });

  it('a forged viewer address moves no limit: without the deployment token, callers are keyed on the connection', () => {
    const one = request({ 'x-origin-verify': 'x', 'x-viewer-address': '203.0.113.7' });
    const other = request({ 'x-origin-verify': 'x', 'x-viewer-address': '198.51.100.9' });
    expect(clientKey(one)).toBe(clientKey(other));
  });
});

describe('API addresses in the browser', () => {
  it('append the path to a base that has a path of its own (CloudFront serves the API at /api)', () => {
    expect(apiAddress('https://d1.cloudfront.net/api', '/articles').href).toBe('https://d1.cloudfront.net/api/articles');
    expect(apiAddress('https://d1.cloudfront.net/api/', 'share/a1').href).toBe('https://d1.cloudfront.net/api/share/a1');
    expect(apiAddress('http://127.0.0.1:3001', '/admin/analytics/report?days=7').href).toBe('http://127.0.0.1:3001/admin/analytics/report?days=7');
  });
});

describe('direct calls on the API address', () => {
  /** The donations area with every described route answering 200, as a deployed function runs it. */
  async function donationsArea() {
    const { areaHandler, route } = await import('#platform/router.ts');
    const { routesOf, routeKey, stack } = await import('../../lib/stack-description.ts');
    return areaHandler('donations', Object.fromEntries(routesOf(stack, 'donations').map((described) => [routeKey(described), route({}, async () => ({ ok: true }))])));
  }
  const summaryRequest = (headers: Record<string, string>) =>
    ({ version: '2.0', routeKey: 'GET /donations/summary', rawPath: '/donations/summary', headers, requestContext: { http: { method: 'GET', path: '/donations/summary', sourceIp: '198.51.100.1' } }, isBase64Encoded: false }) as unknown as HttpEvent;

  it('are refused with 403 on a deployment (edge token set) unless CloudFront sent its token; locally nothing changes', async () => {
    const { config } = await import('#core/config.ts');
    const { DIRECT_CALL_MESSAGE } = await import('#platform/router.ts');
    const handler = await donationsArea();
    const call = async (headers: Record<string, string>) => (await handler(summaryRequest(headers), {} as never)) as { statusCode: number; body: string };
    const local = config.EDGE_ORIGIN_TOKEN;
    try {
      (config as { EDGE_ORIGIN_TOKEN?: string }).EDGE_ORIGIN_TOKEN = TOKEN;
      expect(await call({})).toMatchObject({ statusCode: 403, body: JSON.stringify({ message: DIRECT_CALL_MESSAGE }) });
      expect((await call({ 'x-origin-verify': 'a-guess-of-the-token' })).statusCode).toBe(403);
      expect((await call({ 'x-origin-verify': TOKEN })).statusCode).toBe(200);
    } finally {
      (config as { EDGE_ORIGIN_TOKEN?: string }).EDGE_ORIGIN_TOKEN = local;
    }
    expect((await call({})).statusCode).toBe(200);
  });
});

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EDGE_ORIGIN_HEADER, VIEWER_ADDRESS_HEADER } from '../../lib/stack-description.ts';
import { local } from '../support/aws.ts';
import { mailsTo, waitForMail } from '../support/inbox.ts';

/**
 * The API answers only through the edge (docs/decisions/api-only-through-cloudfront.md). On AWS, API Gateway
 * refuses a connection to the API's origin name without CloudFront's client certificate (mutual TLS) before
 * any route or function; locally the site's /api proxy is the edge and the gateway's own port refuses, the
 * same way, whatever did not come through it.
 */

const contactMessage = (email: string, marker: string) => ({ name: 'Edge Tester', email, subject: `Edge check ${marker}`, message: `Marker ${marker}.` });

function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

describe('the API, only through the edge', () => {
  it('refuses a message posted to the gateway\'s own port with API Gateway\'s 403 before any function ran (no mail, nothing sent), and takes the same message through the site\'s /api', async () => {
    const email = `edge-${randomUUID().slice(0, 8)}@example.com`;
    const direct = contactMessage(email, `direct-${randomUUID()}`);

    // GIVEN a valid contact message sent straight to the gateway, around the edge
    const refused = await post(`${local().urls.gateway}/contact`, direct);
    // THEN it is refused as API Gateway refuses a connection without CloudFront's certificate: its bare
    // "Forbidden", not the functions' own 403 for a call without the edge token (which would mean one ran)
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: 'Forbidden' });
    // AND no function ran: the contact handler mails the team and the sender before it answers, and nothing came
    expect(await mailsTo(local().urls.mail, email)).toEqual([]);

    // WHEN the same sender posts through the site's /api, as the contact form does
    const accepted = await post(`${local().urls.api}/contact`, contactMessage(email, 'through-the-edge'));
    // THEN the function runs: 201 and the acknowledgement arrives
    expect(accepted.status).toBe(201);
    await waitForMail(local().urls.mail, email, /We received your message/);
    // AND only that one message ever reached the handler: one acknowledgement, and no mail at all carries the refused one
    expect(await mailsTo(local().urls.mail, email)).toHaveLength(1);
    const { emails } = (await (await fetch(`${local().urls.mail}/store`)).json()) as { emails: Array<{ subject: string }> };
    expect(emails.filter((mail) => mail.subject.includes(direct.subject))).toEqual([]);
  });

  it('refuses before routing and before the JWT check: an unknown path, a signed-in route without a token and a CORS preflight all get the 403', async () => {
    const gateway = local().urls.gateway;
    for (const [method, path] of [['GET', '/no-such-route'], ['GET', '/me'], ['GET', '/articles?limit=1'], ['OPTIONS', '/contact']] as const) {
      const response = await fetch(`${gateway}${path}`, { method });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(await response.json(), `${method} ${path}`).toEqual({ message: 'Forbidden' });
    }
    // Through the edge the same requests reach routing: 404 for no route, the authorizer's 401, the list itself
    expect((await fetch(`${local().urls.api}/no-such-route`)).status).toBe(404);
    expect((await fetch(`${local().urls.api}/me`)).status).toBe(401);
    expect((await fetch(`${local().urls.api}/articles?limit=1`)).status).toBe(200);
  });

  it('takes no guessed credential at the gateway, and the edge writes its own over whatever a reader sends', async () => {
    const forged = { [EDGE_ORIGIN_HEADER]: 'a-guess-at-the-edge-credential', [VIEWER_ADDRESS_HEADER]: '203.0.113.7' };
    const direct = await fetch(`${local().urls.gateway}/articles?limit=1`, { headers: forged });
    expect(direct.status).toBe(403);
    expect(await direct.json()).toEqual({ message: 'Forbidden' });
    const throughEdge = await fetch(`${local().urls.api}/articles?limit=1`, { headers: forged });
    expect(throughEdge.status).toBe(200);
  });
});

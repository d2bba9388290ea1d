import { describe, expect, it } from 'vitest';
import { local, signedInUser, useLocalAws } from '../support/aws.ts';

/** Through the local API gateway, with tokens cognito-local issued: the path a browser takes. */
async function ping(token?: string) {
  const response = await fetch(`${local().urls.api}/admin/ping`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: response.status, body: (await response.json()) as { message?: string; ok?: boolean; role?: string; articlesByStatus?: Record<string, number> } };
}

describe('GET /admin/ping', () => {
  it('answers a guest 401', async () => {
    expect(await ping()).toEqual({ status: 401, body: { message: 'Unauthorized' } });
  });

  it('answers a forged or foreign token 401', async () => {
    const { idToken } = await signedInUser(['admin']);
    const [header, payload] = idToken.split('.');
    expect((await ping(`${header}.${payload}.invalidsignature`)).status).toBe(401);
  });

  it('answers a signed-in reader 403 with the spec text', async () => {
    const { idToken } = await signedInUser();
    expect(await ping(idToken)).toEqual({ status: 403, body: { message: 'Access denied. Admin privileges required.' } });
  });

  it('answers a moderator 403 too', async () => {
    const { idToken } = await signedInUser(['moderator']);
    expect((await ping(idToken)).status).toBe(403);
  });

  it('answers an admin 200 with article counts that match the articles in the table', async () => {
    const { idToken } = await signedInUser(['admin']);
    const { status, body } = await ping(idToken);
    expect(status).toBe(200);
    expect(body.ok).toBe(true);
    expect(body.role).toBe('admin');
    // Counters are kept in the writes; count the articles themselves, status by status, to check them.
    useLocalAws();
    const { listArticlesByStatus } = await import('#store/article-lists.ts');
    const counted: Record<string, number> = {};
    for (const articleStatus of ['draft', 'published', 'rejected', 'archived', 'purged'] as const) {
      let cursor: string | null = null;
      let total = 0;
      do {
        const page = await listArticlesByStatus(articleStatus, { limit: 100, cursor });
        total += page.items.filter((item) => !item.isDuplicate).length;
        cursor = page.cursor;
      } while (cursor);
      if (total > 0) counted[articleStatus] = total;
    }
    const nonZero = Object.fromEntries(Object.entries(body.articlesByStatus ?? {}).filter(([, value]) => value !== 0));
    expect(nonZero).toEqual(counted);
    // The first ingest published fixture articles.
    expect(counted.published).toBeGreaterThan(0);
  });

  it('lets the admin account created on first start sign in', async () => {
    const { urls, admin } = local();
    const response = await fetch(urls.userPool.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
      body: JSON.stringify({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: urls.userPool.userPoolClientId, AuthParameters: { USERNAME: admin.email, PASSWORD: admin.password } }),
    });
    const result = (await response.json()) as { AuthenticationResult?: { IdToken: string } };
    const token = result.AuthenticationResult?.IdToken;
    expect(token).toBeTruthy();
    expect((await ping(token)).status).toBe(200);
  });
});

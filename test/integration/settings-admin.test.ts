import { randomUUID } from 'node:crypto';
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedUser } from '../../lib/local/cognito.ts';
import { localSettings } from '../../lib/local/settings.ts';
import { api, local, signedInUser, signedUpReader, useLocalAws } from '../support/aws.ts';
import { testArticle } from '../support/articles.ts';
import { callApi } from '../support/console.ts';
import { waitForMail } from '../support/inbox.ts';
import type { ApiAnswer } from '#http/answers.ts';
import type { ErrorAnswer } from '#platform/router.ts';

/**
 * Settings and Security through the local gateway: one versioned, validated, audited
 * settings item that the handlers read (classifier decision, donation goal, digest schedules), and the
 * sign-in counts the user pool's triggers record (PreAuthentication run by the local Cognito wrapper,
 * PostAuthentication by cognito-local itself).
 */

type Settings = ApiAnswer<'GET /admin/settings'>;
type Values = Settings['values'];
type Security = ApiAnswer<'GET /admin/security'>;

let admin: string;
let adminEmail: string;
let moderator: string;
let reader: string;

beforeAll(async () => {
  useLocalAws();
  const adminUser = await signedInUser(['admin']);
  admin = adminUser.idToken;
  adminEmail = adminUser.email;
  [moderator, reader] = (await Promise.all([signedInUser(['moderator']), signedInUser()])).map((user) => user.idToken) as [string, string];
});

async function settings(): Promise<Settings> {
  const answer = await callApi<Settings>(admin, 'GET', '/admin/settings');
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

async function save(change: Partial<Values>): Promise<Settings> {
  const current = await settings();
  const answer = await callApi<Settings>(admin, 'PUT', '/admin/settings', { version: current.version, ...current.values, ...change });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

async function scheduleExpression(name: string): Promise<string> {
  const raw = (await (await fetch(`${local().urls.scheduler}/schedules/${name}?groupName=creator-news-hub`)).json()) as { ScheduleExpression: string };
  return raw.ScheduleExpression;
}

// Later files in the same run see the shipped behaviour again (and the described schedules).
afterAll(async () => {
  const current = await settings();
  await callApi(admin, 'PUT', '/admin/settings', { version: current.version, ...current.defaults });
});

describe('settings and security routes: who may call them', () => {
  it.each([
    ['GET', '/admin/settings'],
    ['PUT', '/admin/settings'],
    ['GET', '/admin/security?days=7'],
  ])('%s %s: guest 401, reader 403, moderator 403, admin 200', async (method, path) => {
    const body = method === 'PUT' ? { ...(await settings()).values, version: (await settings()).version } : undefined;
    expect((await callApi(undefined, method, path, body)).status).toBe(401);
    expect((await callApi(reader, method, path, body)).status).toBe(403);
    expect((await callApi(moderator, method, path, body)).status).toBe(403);
    expect((await callApi(admin, method, path, body)).status).toBe(200);
  });
});

describe('settings', () => {
  it('answers the values with their version and a configuration status computed from real state', async () => {
    const body = await settings();
    expect(Object.keys(body.values).sort()).toEqual(Object.keys(body.defaults).sort());
    const names = body.configurationStatus.map((row) => row.settingName);
    expect(names).toEqual(expect.arrayContaining(['Publish relevance threshold', 'Point-in-time recovery', 'SES sending', 'Schedule newsletter-daily']));
    // DynamoDB Local has no point-in-time recovery: reported as such, not invented.
    expect(body.configurationStatus.find((row) => row.settingName === 'Point-in-time recovery')).toMatchObject({ currentValue: 'Not available (DynamoDB Local)', status: 'warning' });
    for (const row of body.configurationStatus) expect(['ok', 'warning']).toContain(row.status);
  });

  it('refuses bad values with 400 naming the field, and a stale version with 409', async () => {
    const current = await settings();
    const cases: Array<[Partial<Values>, string]> = [
      [{ monthlyGoalRupees: 0 }, 'monthlyGoalRupees'],
      [{ monthlyGoalRupees: 10_000_001 }, 'monthlyGoalRupees'],
      [{ dailyDigestTime: '25:00' }, 'dailyDigestTime'],
      [{ reviewRelevance: 80, publishRelevance: 70 }, 'reviewRelevance'],
      [{ publishConfidence: 2 }, 'publishConfidence'],
    ];
    for (const [change, field] of cases) {
      const answer = await callApi<ErrorAnswer>(admin, 'PUT', '/admin/settings', { version: current.version, ...current.values, ...change });
      expect(answer.status, JSON.stringify(change)).toBe(400);
      expect(Object.keys(answer.body.fieldErrors ?? {})).toEqual([field]);
    }
    const saved = await save({ feedIntervalMinutes: current.values.feedIntervalMinutes + 5 });
    expect(saved.version).toBe(current.version + 1);
    const stale = await callApi<ErrorAnswer>(admin, 'PUT', '/admin/settings', { version: current.version, ...current.values, feedIntervalMinutes: 45 });
    expect(stale).toMatchObject({ status: 409, body: { message: 'Settings were changed by someone else; reload' } });
    expect((await settings()).values.feedIntervalMinutes).toBe(current.values.feedIntervalMinutes + 5);
  });

  it('audits each save with only the changed keys before and after', async () => {
    const before = (await settings()).values.monthlyGoalRupees;
    await save({ monthlyGoalRupees: before + 1234 });
    const { listAudit } = await import('#store/audit.ts');
    const [entry] = (await listAudit({ target: 'settings', limit: 1 })).items;
    expect(entry).toMatchObject({ action: 'settings.update', actorEmail: adminEmail, before: { monthlyGoalRupees: before }, after: { monthlyGoalRupees: before + 1234 } });
  });

  it('a changed goal shows in GET /donations/summary', async () => {
    await save({ monthlyGoalRupees: 12_345 });
    const summary = await api('GET', '/donations/summary');
    expect(summary.status).toBe(200);
    expect(summary.body).toMatchObject({ monthlyGoal: 1_234_500 });
  });

  it('a changed default frequency is what the public form starts from and what a request without one gets', async () => {
    await save({ defaultFrequency: 'monthly', dailyDigestTime: '06:45' });
    const options = await api('GET', '/newsletter/options');
    expect(options).toMatchObject({ status: 200, body: { defaultFrequency: 'monthly', digestTimes: { daily: '06:45' } } });
    const email = `default-frequency-${Date.now()}@example.com`;
    expect((await api('POST', '/newsletter/subscriptions', undefined, { email, topics: [] })).status).toBe(202);
    const mail = await waitForMail(local().urls.mail, email, /Confirm your Creator News Hub newsletter/);
    const token = decodeURIComponent(/\/newsletter\/confirm\?token=([^"\s]+)/.exec(mail.body.text ?? '')?.[1] ?? '');
    const confirmed = await api('POST', '/newsletter/confirmations', undefined, { token });
    expect(confirmed).toMatchObject({ status: 200, body: { email, subscribed: true, frequency: 'monthly' } });
    // A frequency the form sends is kept; a bad one is refused, never replaced by the default.
    expect((await api('POST', '/newsletter/subscriptions', undefined, { email: `x-${email}`, frequency: 'hourly', topics: [] })).status).toBe(400);
    expect((await callApi(admin, 'PUT', '/admin/settings', { version: (await settings()).version, ...(await settings()).values, defaultFrequency: 'hourly' })).status).toBe(400);
    await save({ defaultFrequency: 'weekly', dailyDigestTime: '07:00' });
  });

  it('a changed digest time moves the schedule (India time, days kept) and the status follows', async () => {
    expect(await scheduleExpression('newsletter-weekly')).toBe('cron(0 7 ? * MON *)');
    await save({ weeklyDigestTime: '18:30' });
    expect(await scheduleExpression('newsletter-weekly')).toBe('cron(30 18 ? * MON *)');
    const row = (await settings()).configurationStatus.find((item) => item.settingName === 'Schedule newsletter-weekly');
    expect(row).toMatchObject({ currentValue: '18:30 India time, enabled', status: 'ok' });
    await save({ weeklyDigestTime: '07:00' });
    expect(await scheduleExpression('newsletter-weekly')).toBe('cron(0 7 ? * MON *)');
  });

  it('reports a schedule moved behind its back, and the next save puts it back', async () => {
    const url = `${local().urls.scheduler}/schedules/newsletter-monthly?groupName=creator-news-hub`;
    const described = (await (await fetch(url)).json()) as Record<string, unknown>;
    const moved = await fetch(`${local().urls.scheduler}/schedules/newsletter-monthly`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...described, ScheduleExpression: 'cron(15 9 1 * ? *)' }),
    });
    expect(moved.status).toBe(200);
    const current = await settings();
    expect(current.configurationStatus.find((item) => item.settingName === 'Schedule newsletter-monthly')).toMatchObject({ currentValue: '09:15 India time, enabled', status: 'warning', manualActionRequired: true });
    const again = await callApi<Settings>(admin, 'PUT', '/admin/settings', { version: current.version, ...current.values });
    expect(again.status).toBe(200);
    expect(again.body.version).toBe(current.version);
    expect(await scheduleExpression('newsletter-monthly')).toBe('cron(0 7 1 * ? *)');
  });

  it('a changed threshold changes the decision the classifier step makes', async () => {
    const { createArticle, getArticle } = await import('#store/articles.ts');
    const { classifyDrafts, currentModel } = await import('../../lambdas/pipeline/classify-drafts.ts');
    const { forgetSettings } = await import('#store/settings.ts');
    const { classify } = await import('#domain/classifier/classify.ts');
    const { decide } = await import('#domain/classifier/decision.ts');
    // The model the classifier step uses: the shipped one, or the one a retrain in another test file adopted.
    const { model } = await currentModel();
    const title = `Local council approves new parking rules for the city centre ${randomUUID().slice(0, 6)}`;
    const summary = 'The council voted on parking.';
    const scored = classify(model, { title, summary, indianSource: false });
    // At the shipped thresholds this story is not published (relevance below the publish threshold)...
    expect(decide(scored).outcome).not.toBe('publish');
    expect(scored.relevanceScore).toBeGreaterThan(1);
    // ...with the publish threshold at its relevance and confidence, the classifier step publishes it.
    await save({ publishRelevance: scored.relevanceScore, publishConfidence: Math.min(scored.mlConfidenceScore, 0.65), reviewRelevance: Math.min(30, scored.relevanceScore - 1) });
    forgetSettings();
    const draft = testArticle({ title, summary, status: 'draft', adminStatus: 'unclassified', relevanceScore: undefined, mlConfidenceScore: undefined });
    await createArticle(draft);
    for (let round = 0; round < 20 && (await getArticle(draft.id))?.adminStatus === 'unclassified'; round += 1) await classifyDrafts(100);
    const classified = await getArticle(draft.id);
    expect(classified).toMatchObject({ status: 'published', adminStatus: 'auto_approved' });
    await save({ publishRelevance: 60, publishConfidence: 0.65, reviewRelevance: 30 });
  });
});

describe('security', () => {
  it('counts sign-in attempts and failures per account from the user pool triggers', async () => {
    const { urls, portBase } = local();
    const email = `signin-${randomUUID().slice(0, 8)}@test.local`;
    const password = 'Reader-Pass-2026';
    const sub = await createConfirmedUser(localSettings({ CNH_PORT_BASE: String(portBase) }), urls.userPool, email, password);
    const client = new CognitoIdentityProviderClient({ endpoint: urls.userPool.endpoint, region: 'ap-south-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    const signIn = (secret: string) => client.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: urls.userPool.userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD: secret } }));
    await expect(signIn('Wrong-Pass-2026')).rejects.toThrow();
    await expect(signIn('Wrong-Pass-2027')).rejects.toThrow();
    expect((await signIn(password)).AuthenticationResult?.IdToken).toBeTruthy();

    const answer = await callApi<Security>(admin, 'GET', '/admin/security?days=1');
    expect(answer.status).toBe(200);
    const row = answer.body.signInFailures.find((item) => item.email === email);
    expect(row).toMatchObject({ userId: sub, attempts: 3, successes: 1, failures: 2 });
    expect(Date.parse(row?.lastAttemptAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it('lists role changes and suspensions from the audit log, and refuses a bad period', async () => {
    const target = await signedUpReader('Role Target');
    const { decodeJwt } = await import('jose');
    const userId = String(decodeJwt(target.idToken).sub);
    const changed = await callApi(admin, 'PUT', `/admin/users/${userId}/role`, { role: 'moderator' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const answer = await callApi<Security>(admin, 'GET', '/admin/security?days=7');
    expect(answer.body.roleChanges.find((entry) => entry.target === userId)).toMatchObject({ action: 'user.role', actor: adminEmail, targetEmail: target.email, before: { role: 'user' }, after: { role: 'moderator' } });
    expect(answer.body.roleChanges.every((entry) => ['user.role', 'user.suspend', 'user.enable'].includes(entry.action))).toBe(true);
    expect((await callApi(admin, 'GET', '/admin/security?days=5')).status).toBe(400);
  });
});

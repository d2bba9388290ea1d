import { describe, expect, it } from 'vitest';
import { authorize, callerOf, parseGroupsClaim, roleOf, type HttpEvent } from '#platform/auth.ts';
import { ACCESS_MESSAGES, HttpError } from '#core/errors.ts';

function eventWithClaims(claims?: Record<string, string>): HttpEvent {
  return {
    requestContext: { ...(claims ? { authorizer: { jwt: { claims, scopes: [] } } } : {}) },
  } as unknown as HttpEvent;
}

function statusOf(action: () => void): { status: number; message: string } | null {
  try {
    action();
    return null;
  } catch (error) {
    if (error instanceof HttpError) return { status: error.statusCode, message: error.message };
    throw error;
  }
}

describe('groups claim', () => {
  it('reads the flattened form API Gateway produces', () => {
    expect(parseGroupsClaim('[admin moderator]')).toEqual(['admin', 'moderator']);
    expect(parseGroupsClaim('[moderator]')).toEqual(['moderator']);
  });

  it('reads arrays, single names and nothing', () => {
    expect(parseGroupsClaim(['admin'])).toEqual(['admin']);
    expect(parseGroupsClaim('admin')).toEqual(['admin']);
    expect(parseGroupsClaim(undefined)).toEqual([]);
    expect(parseGroupsClaim('')).toEqual([]);
  });

  it('takes the highest role and defaults to user', () => {
    expect(roleOf(['moderator', 'admin'])).toBe('admin');
    expect(roleOf(['moderator'])).toBe('moderator');
    expect(roleOf([])).toBe('user');
  });
});

describe('callerOf', () => {
  it('is null for a guest', () => {
    expect(callerOf(eventWithClaims())).toBeNull();
  });

  it('reads sub, user name, email, name and role from verified claims', () => {
    const caller = callerOf(eventWithClaims({ sub: 'u-1', email: 'a@b.in', email_verified: 'true', 'cognito:groups': '[moderator]' }));
    expect(caller).toEqual({ userId: 'u-1', username: 'u-1', email: 'a@b.in', emailVerified: true, name: undefined, role: 'moderator', groups: ['moderator'] });
    const named = callerOf(eventWithClaims({ sub: 'u-2', 'cognito:username': 'asha@b.in', name: 'Asha' }));
    expect(named).toMatchObject({ userId: 'u-2', username: 'asha@b.in', name: 'Asha', role: 'user', emailVerified: false });
  });

  it('reads an address as proved only when the token says so (an admin\'s change leaves it unproved)', () => {
    expect(callerOf(eventWithClaims({ sub: 'u', email: 'a@b.in', email_verified: 'false' }))?.emailVerified).toBe(false);
    expect(callerOf(eventWithClaims({ sub: 'u', email: 'a@b.in', email_verified: true as unknown as string }))?.emailVerified).toBe(true);
  });
});

describe('authorize', () => {
  const user = { userId: 'u', username: 'u', email: undefined, emailVerified: false, name: undefined, role: 'user' as const, groups: [] };
  const moderator = { ...user, role: 'moderator' as const, groups: ['moderator'] };
  const admin = { ...user, role: 'admin' as const, groups: ['admin'] };

  it('lets anyone through a public route', () => {
    expect(statusOf(() => authorize('public', null))).toBeNull();
  });

  it('asks a guest to sign in on every other level', () => {
    for (const level of ['user', 'moderator', 'admin'] as const) {
      expect(statusOf(() => authorize(level, null))).toEqual({ status: 401, message: ACCESS_MESSAGES.signInRequired });
    }
  });

  it('answers 403 with the spec texts for a missing role', () => {
    expect(statusOf(() => authorize('admin', user))).toEqual({ status: 403, message: 'Access denied. Admin privileges required.' });
    expect(statusOf(() => authorize('admin', moderator))).toEqual({ status: 403, message: 'Access denied. Admin privileges required.' });
    expect(statusOf(() => authorize('moderator', user))).toEqual({
      status: 403,
      message: 'Access denied. Moderator or admin privileges required.',
    });
  });

  it('lets the right roles in', () => {
    expect(statusOf(() => authorize('moderator', moderator))).toBeNull();
    expect(statusOf(() => authorize('moderator', admin))).toBeNull();
    expect(statusOf(() => authorize('admin', admin))).toBeNull();
    expect(statusOf(() => authorize('user', user))).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { isActiveUser, isSelfDemotion, matchesUserSearch, recentSince, suspensionNotice } from '#domain/operations/user-admin.ts';

describe('user management rules', () => {
  it('matches a part of the full name or the e-mail, whatever the case', () => {
    const profile = { fullName: 'Asha Reader', email: 'Asha.R@Example.com' };
    expect(matchesUserSearch(profile, 'sha rea')).toBe(true);
    expect(matchesUserSearch(profile, 'EXAMPLE.COM')).toBe(true);
    expect(matchesUserSearch(profile, 'bob')).toBe(false);
    expect(matchesUserSearch(profile, '  ')).toBe(true);
    expect(matchesUserSearch({ email: 'x@y.z' }, 'x@')).toBe(true);
  });

  it('counts the last 7 days as recent and suspended accounts as not active', () => {
    expect(recentSince(new Date('2026-11-23T12:00:00.000Z'))).toBe('2026-11-16T12:00:00.000Z');
    expect(isActiveUser({})).toBe(true);
    expect(isActiveUser({ suspended: false })).toBe(true);
    expect(isActiveUser({ suspended: true })).toBe(false);
  });

  it('words the suspension notice as the spec does and refuses only self-demotion', () => {
    expect(suspensionNotice()).toEqual({ title: 'Account Suspension Notice', type: 'warning', message: 'Your account has been temporarily suspended. Please contact support for more information.' });
    expect(suspensionNotice('Spam').message).toMatch(/Reason: Spam$/);
    expect(isSelfDemotion('a', 'a', 'moderator')).toBe(true);
    expect(isSelfDemotion('a', 'a', 'admin')).toBe(false);
    expect(isSelfDemotion('a', 'b', 'user')).toBe(false);
  });
});

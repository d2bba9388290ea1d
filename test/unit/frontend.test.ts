import { describe, expect, it } from 'vitest';
import { contactDomain } from '../../frontend/src/reader/contactEmail.ts';
import { relativeTime } from '#domain/badges.ts';

describe('contact address domain', () => {
  it('follows the product domain the site is served on, else the default', () => {
    expect(contactDomain('creatornewshub.com')).toBe('creatornewshub.com');
    expect(contactDomain('www.creatornewshub.com')).toBe('creatornewshub.com');
    expect(contactDomain('d1234.cloudfront.net')).toBe('creatornewshub.in');
    expect(contactDomain('localhost')).toBe('creatornewshub.in');
  });
});

describe('relative time', () => {
  const now = new Date('2026-11-22T12:00:00.000Z');
  it('says Just now, h ago, d ago, w ago, then a date', () => {
    expect(relativeTime('2026-11-22T11:30:00.000Z', now)).toBe('Just now');
    expect(relativeTime('2026-11-22T07:00:00.000Z', now)).toBe('5h ago');
    expect(relativeTime('2026-11-19T12:00:00.000Z', now)).toBe('3d ago');
    expect(relativeTime('2026-11-08T12:00:00.000Z', now)).toBe('2w ago');
    expect(relativeTime('2026-09-01T12:00:00.000Z', now)).toMatch(/2026/);
  });
});

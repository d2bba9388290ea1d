import { describe, expect, it } from 'vitest';
import { loadConfig } from '#core/config.ts';

/** The other settings the stack gives every function (lambda-config.test.ts checks that each is required). */
const STACK_ENV = {
  TABLE_NAME: 'table',
  SITE_URL: 'https://news.example.in',
  API_URL: 'https://news.example.in/api',
  MAIL_FROM: 'Creator News Hub <news@example.in>',
  CONTACT_TEAM_EMAIL: 'hello@example.in',
};

describe('CLIENT_KEY_SALT', () => {
  it('is required on Lambda, where a salt readable in the source would make client hashes guessable', () => {
    expect(() => loadConfig({ TABLE_NAME: 'table', AWS_LAMBDA_FUNCTION_NAME: 'creator-news-hub-articles' })).toThrow(
      'CLIENT_KEY_SALT: required on Lambda (the stack sets it from its ClientKeySalt secret)',
    );
  });

  it('is the one the stack gives on Lambda', () => {
    expect(loadConfig({ ...STACK_ENV, AWS_LAMBDA_FUNCTION_NAME: 'fn', CLIENT_KEY_SALT: 'from-the-secret-123' }).CLIENT_KEY_SALT).toBe('from-the-secret-123');
  });

  it('has a local default off Lambda (the local runtime and the tests)', () => {
    expect(loadConfig({ TABLE_NAME: 'table' }).CLIENT_KEY_SALT).toMatch(/local/);
  });
});

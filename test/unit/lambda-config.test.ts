import { describe, expect, it } from 'vitest';
import { loadConfig } from '#core/config.ts';

/** What the stack gives every function (lib/app-stack.ts, lib/constructs/functions.ts), with example.* names (RFC 2606). */
const STACK_ENV = {
  TABLE_NAME: 'table',
  AWS_LAMBDA_FUNCTION_NAME: 'creator-news-hub-articles',
  SITE_URL: 'https://news.example.in',
  API_URL: 'https://news.example.in/api/',
  MAIL_FROM: 'Creator News Hub <news@example.in>',
  CONTACT_TEAM_EMAIL: 'hello@example.in',
  CLIENT_KEY_SALT: 'from-the-secret-123',
};

describe('the deployment\'s own addresses', () => {
  it('are the ones the stack gives on Lambda (no trailing slash on the two addresses)', () => {
    const config = loadConfig(STACK_ENV);
    expect([config.SITE_URL, config.API_URL, config.MAIL_FROM, config.CONTACT_TEAM_EMAIL]).toEqual([
      'https://news.example.in',
      'https://news.example.in/api',
      'Creator News Hub <news@example.in>',
      'hello@example.in',
    ]);
  });

  it.each(['SITE_URL', 'API_URL', 'MAIL_FROM', 'CONTACT_TEAM_EMAIL'] as const)('%s is required on Lambda, with where the stack sets it', (name) => {
    const env: Record<string, string> = { ...STACK_ENV };
    delete env[name];
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration: ${name}: required on Lambda \\(the stack sets it `));
  });

  it('names every missing one at once', () => {
    expect(() => loadConfig({ TABLE_NAME: 'table', AWS_LAMBDA_FUNCTION_NAME: 'fn' })).toThrow(/SITE_URL: .*; API_URL: .*; MAIL_FROM: .*; CONTACT_TEAM_EMAIL: .*; CLIENT_KEY_SALT: /);
  });

  it('off Lambda default to the local runtime\'s, under no one\'s domain', () => {
    const config = loadConfig({ TABLE_NAME: 'table' });
    expect([config.SITE_URL, config.API_URL, config.MAIL_FROM, config.CONTACT_TEAM_EMAIL]).toEqual([
      'http://localhost:4700',
      'http://localhost:4700/api',
      'Creator News Hub <news@creatornewshub.local>',
      'hello@creatornewshub.local',
    ]);
  });
});

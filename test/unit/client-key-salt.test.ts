import { describe, expect, it } from 'vitest';
import { loadConfig } from '#shared/core/config.ts';

describe('CLIENT_KEY_SALT', () => {
  it('is required on Lambda, where a salt readable in the source would make client hashes guessable', () => {
    expect(() => loadConfig({ TABLE_NAME: 'table', AWS_LAMBDA_FUNCTION_NAME: 'creator-news-hub-articles' })).toThrow(
      'CLIENT_KEY_SALT: required on Lambda (the stack sets it from its ClientKeySalt secret)',
    );
  });

  it('is the one the stack gives on Lambda', () => {
    expect(loadConfig({ TABLE_NAME: 'table', AWS_LAMBDA_FUNCTION_NAME: 'fn', CLIENT_KEY_SALT: 'from-the-secret-123' }).CLIENT_KEY_SALT).toBe('from-the-secret-123');
  });

  it('has a local default off Lambda (the local runtime and the tests)', () => {
    expect(loadConfig({ TABLE_NAME: 'table' }).CLIENT_KEY_SALT).toMatch(/local/);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { areaHandler, route, toErrorResponse } from '#platform/router.ts';
import { badRequest, GENERIC_ERROR_MESSAGE } from '#core/errors.ts';

describe('error mapping', () => {
  it('shows an HttpError as it is', () => {
    const response = toErrorResponse(badRequest('Please enter a valid donation amount', { fieldErrors: { amount: ['too small'] } }));
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body ?? '')).toEqual({ message: 'Please enter a valid donation amount', fieldErrors: { amount: ['too small'] } });
  });

  it('never leaks an internal message, and logs it instead', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const response = toErrorResponse(new Error('ConditionalCheckFailed on pk=article#123 in table prod'));
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('article#123'));
    logged.mockRestore();
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('article#123');
    expect(JSON.parse(response.body ?? '')).toEqual({ message: GENERIC_ERROR_MESSAGE });
  });
});

describe('areaHandler', () => {
  it('refuses at cold start a router that does not match the description', () => {
    expect(() => areaHandler('admin', {})).toThrow(/routes without handler \[GET \/admin\/ping, /);
    expect(() =>
      areaHandler('admin', {
        'GET /admin/ping': route({}, async () => ({})),
        'GET /admin/secret': route({}, async () => ({})),
      }),
    ).toThrow(/handlers without route \[GET \/admin\/secret\]/);
  });
});

import { describe, expect, it } from 'vitest';
import { AppError, coerceError, isAppError, type ErrorKind } from '../../src/app/index.ts';

describe('AppError', () => {
  it.each<[ErrorKind, number, number]>([
    ['invalid_input', 400, 1],
    ['not_found', 404, 1],
    ['conflict', 409, 1],
    ['unauthorized', 401, 1],
    ['forbidden', 403, 1],
    ['upstream', 502, 1],
    ['internal', 500, 2],
  ])('%s answers HTTP %i and exits %i', (kind, httpStatus, exitCode) => {
    const error = new AppError(kind, 'what the user reads');
    expect(error.httpStatus).toBe(httpStatus);
    expect(error.exitCode).toBe(exitCode);
  });

  it('carries the message, code, details and cause it was given', () => {
    const cause = new Error('socket hang up');
    const error = new AppError('upstream', 'Shopify did not answer.', {
      code: 'shopify_timeout',
      details: { shop: 'northwind' },
      cause,
    });
    expect(error).toBeInstanceOf(Error);
    expect(isAppError(error)).toBe(true);
    expect([error.name, error.kind, error.message, error.code]).toEqual([
      'AppError',
      'upstream',
      'Shopify did not answer.',
      'shopify_timeout',
    ]);
    expect(error.details).toEqual({ shop: 'northwind' });
    expect(error.cause).toBe(cause);
  });

  it('is not confused with a plain Error', () => {
    expect(isAppError(new Error('plain'))).toBe(false);
    expect(isAppError({ kind: 'not_found', message: 'looks like one' })).toBe(false);
  });
});

describe('coerceError', () => {
  it('keeps an Error as it is', () => {
    const original = new TypeError('boom');
    expect(coerceError(original)).toBe(original);
    const app = new AppError('conflict', 'taken');
    expect(coerceError(app)).toBe(app);
  });

  it('wraps a string as the message', () => {
    const error = coerceError('disk full');
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe('disk full');
  });

  const circular: Record<string, unknown> = { id: 1 };
  circular.self = circular;

  it.each<[string, unknown, string]>([
    ['an object', { code: 42, reason: 'nope' }, 'Non-error thrown: {"code":42,"reason":"nope"}'],
    ['a number', 404, 'Non-error thrown: 404'],
    ['null', null, 'Non-error thrown: null'],
    ['undefined', undefined, 'Non-error thrown: undefined'],
    ['a circular object', circular, 'Non-error thrown: [object Object]'],
  ])('wraps %s, keeping it as the cause', (_label, thrown, message) => {
    const error = coerceError(thrown);
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe(message);
    expect(error.cause).toBe(thrown);
  });
});

import { ApiError } from '@caravanserai/api';
import { describe, expect, it } from 'vitest';
import { describeFailure } from './failure-text';

const providerError = (reason: string) =>
  new ApiError(502, { detail: 'Error fetching response from AI.', reason, code: 'provider_error' });

describe('describeFailure', () => {
  it.each([
    [
      'HTTP 401: Incorrect API key provided',
      'The provider refused the API key of the well "Night Owl".',
      'API key',
    ],
    ['HTTP 403: Forbidden', 'The provider refused the API key of the well "Night Owl".', 'API key'],
    [
      'HTTP 404: model not found',
      'The provider of the well "Night Owl" found no such model or address.',
      'model name',
    ],
    ['HTTP 429: Rate limit reached', 'is limiting requests', 'billing'],
    ['The provider did not answer within 120 s.', 'did not answer in time', 'retry'],
    ['Cannot connect to API: connect ECONNREFUSED 127.0.0.1:9', 'could not be reached', 'provider address'],
    ["The provider's answer passed 16 MB.", "passed this server's size limit", 'shorter'],
    ['HTTP 500: the upstream model exploded', 'had an error on its side', 'status page'],
    ['HTTP 400: context_length_exceeded', 'refused the request', 'Memory off'],
  ])('explains %j in words, names the well and what to check', (reason, what, check) => {
    const sut = describeFailure(providerError(reason), 'Night Owl');
    expect(sut.what).toContain(what);
    expect(sut.check).toContain(check);
    // The raw reason stays available for the details line.
    expect(sut.details).toBe(reason);
  });

  it('falls back to a plain sentence, keeping an unknown reason as the details', () => {
    const sut = describeFailure(providerError('Something odd (EWHATEVER)'), null);
    expect(sut.what).toBe('The well could not answer.');
    expect(sut.details).toBe('Something odd (EWHATEVER)');
  });

  it('decides by code, not by status or message', () => {
    expect(describeFailure(new ApiError(409, { detail: 'Salted.', code: 'salted' }), 'W').what).toContain(
      'salted',
    );
    expect(describeFailure(new ApiError(429, { detail: 'Slow down.', code: 'throttled' }), 'W').what).toBe(
      'Too many requests to this server.',
    );
    expect(
      describeFailure(new ApiError(401, { detail: 'x', code: 'not_authenticated' }), 'W').check,
    ).toContain('Log in');
  });

  it("gives the server's own words for refusals it explains, such as a logbook without a well", () => {
    const noWell = new ApiError(400, {
      wellid: ['This logbook has no well: attach one in its settings or name one.'],
    });
    expect(describeFailure(noWell, null).what).toBe(
      'This logbook has no well: attach one in its settings or name one.',
    );
    const quota = new ApiError(403, {
      detail: 'Monthly query quota of 100 reached in caravan "Acme".',
      code: 'quota_exceeded',
    });
    expect(describeFailure(quota, 'W').what).toBe('Monthly query quota of 100 reached in caravan "Acme".');
  });

  it('says when this server itself could not be reached', () => {
    const sut = describeFailure(new TypeError('Failed to fetch'), 'W');
    expect(sut.what).toBe('This server could not be reached.');
    expect(sut.details).toBe('Failed to fetch');
  });
});

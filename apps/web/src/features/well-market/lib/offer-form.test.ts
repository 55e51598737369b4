import { ApiError } from '@caravanserai/api';
import { describe, expect, it } from 'vitest';
import { missingIn, NEW_OFFER, offerBody, offerErrors, parseModels } from './offer-form';

const values = { ...NEW_OFFER, wellid: 'w1', description: '  For my caravan.  ', price: 2.5, cap: 5000 };

describe('offerBody', () => {
  it('turns dollars per million tokens into cents, with payments on', () => {
    expect(offerBody(values, true)).toEqual({
      wellid: 'w1',
      description: 'For my caravan.',
      price_per_million_tokens: 250,
      monthly_token_cap_per_renter: 5000,
      allowed_models: [],
    });
    expect(offerBody({ ...values, price: 0.1 + 0.2 }, true).price_per_million_tokens).toBe(30);
    expect(offerBody({ ...values, price: '' }, true).price_per_million_tokens).toBe(0);
  });

  it('makes every offer free while payments are off, whatever was typed', () => {
    expect(offerBody(values, false).price_per_million_tokens).toBe(0);
  });

  it('reads the models separated by commas or spaces', () => {
    expect(parseModels(' openai/gpt-4o-mini, anthropic/*  mistral/large ,')).toEqual([
      'openai/gpt-4o-mini',
      'anthropic/*',
      'mistral/large',
    ]);
    expect(offerBody({ ...values, models: 'openai/*' }, false).allowed_models).toEqual(['openai/*']);
  });
});

describe('missingIn', () => {
  it('asks for a well and a cap before anything is sent', () => {
    expect(missingIn({ ...NEW_OFFER, cap: '' })).toEqual({
      wellid: 'Choose one of your wells.',
      cap: 'Say how many tokens one renter may use a month.',
    });
    expect(missingIn(values)).toEqual({});
  });
});

describe('offerErrors', () => {
  it('puts each server message under its field, one model’s under Allowed models', () => {
    const sut = offerErrors(
      new ApiError(400, {
        price_per_million_tokens: ['Payments are off on this server: only free offers (0) can be made.'],
        monthly_token_cap_per_renter: ['Ensure this value is greater than or equal to 1.'],
        'allowed_models.1': ['Name models as provider/model, or provider/* for all of one provider.'],
        non_field_errors: ['Something else.'],
      }),
    );
    expect(sut).toEqual({
      fields: {
        price: 'Payments are off on this server: only free offers (0) can be made.',
        cap: 'Ensure this value is greater than or equal to 1.',
        models: 'Name models as provider/model, or provider/* for all of one provider.',
      },
      other: ['Something else.'],
    });
  });

  it('shows a refusal with no fields above the buttons', () => {
    expect(offerErrors(new ApiError(404, { detail: 'Not found.', code: 'not_found' }))).toEqual({
      fields: {},
      other: ['Not found.'],
    });
  });
});

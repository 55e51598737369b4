import { describe, expect, it } from 'vitest';
import { FormError, parseForm } from './form';

describe('parseForm', () => {
  it('reads nested keys, indexed and appended arrays, as the SDKs write them', () => {
    const form = parseForm(
      'customer=cus_1&items[0][price]=price_a&items[0][quantity]=1&expand[]=latest_invoice&expand[]=customer' +
        '&invoice_settings[default_payment_method]=pm_1&metadata[note]=a+b%26c',
    );
    expect(form).toEqual({
      customer: 'cus_1',
      items: [{ price: 'price_a', quantity: '1' }],
      expand: ['latest_invoice', 'customer'],
      invoice_settings: { default_payment_method: 'pm_1' },
      metadata: { note: 'a b&c' },
    });
  });

  it('accepts encoded brackets and orders indexed items by their index', () => {
    expect(parseForm('expand%5B1%5D=b&expand%5B0%5D=a')).toEqual({ expand: ['a', 'b'] });
  });

  it('keeps an empty value, which clears a field', () => {
    expect(parseForm('description=&x')).toEqual({ description: '', x: '' });
  });

  it('refuses conflicting, malformed and too deeply nested keys', () => {
    for (const bad of ['a=1&a[b]=2', 'a[b]=2&a=1', 'a[b=1', '[a]=1', 'a=%E0%A4%A', `a${'[x]'.repeat(9)}=1`]) {
      expect(() => parseForm(bad), bad).toThrow(FormError);
    }
  });
});

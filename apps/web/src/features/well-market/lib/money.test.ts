import { describe, expect, it } from 'vitest';
import { centsOf, dollarsText, monthText, priceText, tokensText } from './money';

describe('the market’s figures', () => {
  it('shows a price of nothing as Free, and any other in dollars per million tokens', () => {
    expect(priceText(0)).toBe('Free');
    expect(priceText(50)).toBe('$0.50 per million tokens');
    expect(priceText(123456)).toBe('$1,234.56 per million tokens');
  });

  it('reads typed dollars as whole cents', () => {
    expect(centsOf(2.5)).toBe(250);
    expect(centsOf('1.005')).toBe(101);
    expect(centsOf('')).toBe(0);
  });

  it('writes amounts, counts and months for people', () => {
    expect(dollarsText(1999)).toBe('$19.99');
    expect(tokensText(100000)).toBe('100,000');
    expect(monthText('2026-03')).toBe('March 2026');
  });
});

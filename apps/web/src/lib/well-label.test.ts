import { describe, expect, it } from 'vitest';
import { wellLabel } from './well-label';

describe('wellLabel', () => {
  it('names the user’s own well by its title alone', () => {
    expect(wellLabel({ title: 'Camel Well' })).toBe('Camel Well');
  });

  it('says whose a rented well is, and which caravan shares a shared one', () => {
    const rental = { rental_id: 'r1', offer_id: 'o1', owner: { username: 'amina' } };
    expect(wellLabel({ title: 'Camel Well', rental })).toBe('Camel Well (rented from amina)');
    const caravan = { caravan_id: 'c1', name: 'Silk Road' };
    expect(wellLabel({ title: 'Camel Well', caravan })).toBe('Camel Well (shared by Silk Road)');
  });
});

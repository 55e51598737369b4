/** What ending or withdrawing does, asked before it is done. */
export const END_RENTAL_CONFIRM =
  'The well leaves your wells, and logbooks on it will need another well to answer. You can rent it again while it is offered.';
export const END_LENDING_CONFIRM =
  'The renter can no longer query through your well. They can rent it again while it is offered.';
export const WITHDRAW_OFFER_CONFIRM =
  'The offer leaves the market and every rental of it ends at once: renters can no longer query through your well.';

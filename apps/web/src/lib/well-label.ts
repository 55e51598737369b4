import type { Well } from '@caravanserai/api';

/**
 * A well as the well pickers name it: its title, and for a well that is not the user's own, whose
 * it is: "Camel Well (rented from amina)", "Camel Well (shared by Silk Road)".
 */
export function wellLabel(well: Pick<Well, 'title' | 'caravan' | 'rental'>): string {
  if (well.rental) return `${well.title} (rented from ${well.rental.owner.username})`;
  if (well.caravan) return `${well.title} (shared by ${well.caravan.name})`;
  return well.title;
}

/** The audit log's actions in words. */
const ACTIONS: Record<string, string> = {
  'caravan.create': 'Created the caravan',
  'caravan.rename': 'Renamed the caravan',
  'member.invite': 'Invited',
  'member.join': 'Joined',
  'invite.decline': 'Declined the invite',
  'member.leave': 'Left',
  'member.remove': 'Removed',
  'member.role': 'Changed the role of',
  'well.share': 'Shared a well',
  'well.unshare': 'Unshared a well',
  'policy.update': 'Changed the policy',
};

/** A moment as `YYYY-MM-DD HH:MM` (UTC). */
export const when = (iso: string) => iso.replace('T', ' ').slice(0, 16);

/** A detail the server wrote as JSON (the new policy) as words; any other detail as it is. */
export function detailText(detail: string): string {
  if (!detail.startsWith('{')) return detail;
  try {
    const value: unknown = JSON.parse(detail);
    if (typeof value !== 'object' || value === null) return detail;
    return Object.entries(value)
      .map(([key, field]) => {
        const shown = Array.isArray(field)
          ? field.length
            ? field.join(', ')
            : 'all'
          : field === null
            ? 'no cap'
            : String(field);
        return `${key.replaceAll('_', ' ')}: ${shown}`;
      })
      .join('; ');
  } catch {
    return detail;
  }
}

/** An action in words; one this page does not know yet, as the server names it. */
export function actionText(action: string): string {
  return ACTIONS[action] ?? action;
}

import { z } from 'zod';

/**
 * Validation messages in the wording DRF clients know ("This field is required."), so the
 * server's 400 bodies read the same whichever schema produced them.
 */
const TYPE_NAMES: Record<string, string> = {
  string: 'Not a valid string.',
  number: 'A valid number is required.',
  int: 'A valid integer is required.',
  boolean: 'Must be a valid boolean.',
  object: 'Invalid data. Expected a dictionary.',
  array: 'Expected a list of items.',
};

z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type') {
      if (issue.input === undefined) return 'This field is required.';
      if (issue.input === null) return 'This field may not be null.';
      return TYPE_NAMES[issue.expected] ?? `Expected ${issue.expected}.`;
    }
    if (issue.code === 'unrecognized_keys') return `Unknown field: ${issue.keys.join(', ')}.`;
    return undefined;
  },
});

import { z } from 'zod';

const USERNAME = /^[\w.@+-]+$/;

export const Registration = z.object({
  username: z
    .string()
    .trim()
    .min(1, 'This field may not be blank.')
    .max(150, 'Ensure this field has no more than 150 characters.')
    .regex(
      USERNAME,
      'Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters.',
    ),
  email: z
    .union([z.literal(''), z.string().trim().max(254).email('Enter a valid email address.')])
    .optional(),
  password1: z.string().min(1, 'This field may not be blank.').max(4096),
  password2: z.string().min(1, 'This field may not be blank.').max(4096),
});
export type Registration = z.infer<typeof Registration>;

export const Login = z.object({
  username: z.string().trim().min(1, 'This field may not be blank.').max(150),
  password: z.string().min(1, 'This field may not be blank.').max(4096),
});
export type Login = z.infer<typeof Login>;

export const TokenResponse = z.object({ key: z.string() });
export type TokenResponse = z.infer<typeof TokenResponse>;

export const CurrentUser = z.object({ pk: z.number(), username: z.string(), email: z.string() });
export type CurrentUser = z.infer<typeof CurrentUser>;

export const UserUpdate = z.object({
  email: z
    .union([z.literal(''), z.string().trim().max(254).email('Enter a valid email address.')])
    .optional(),
  location: z.string().trim().max(100, 'Ensure this field has no more than 100 characters.').optional(),
});
export type UserUpdate = z.infer<typeof UserUpdate>;

export const PublicProfile = z.object({
  username: z.string(),
  role: z.string(),
  location: z.string(),
  anon_view: z.boolean(),
  stripe_customer_id: z.string().nullable().optional(),
});
export type PublicProfile = z.infer<typeof PublicProfile>;

import { z } from 'zod';
import { Counter } from './common.js';

const Color = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Enter a colour as #rrggbb.');

export const MapperProfile = z.object({
  id: z.string(),
  /** The owner's user pk. */
  owner: z.number().int(),
  cursor_blink: z.boolean(),
  font_size: z.number().int(),
  right_click_paste: z.boolean(),
  background_color: z.string(),
  foreground_color: z.string(),
  rows: z.number().int(),
  cols: z.number().int(),
});
export type MapperProfile = z.infer<typeof MapperProfile>;

export const MAPPER_PROFILE_DEFAULTS = {
  cursor_blink: true,
  font_size: 14,
  right_click_paste: true,
  background_color: '#1e1e1e',
  foreground_color: '#d4d4d4',
  rows: 24,
  cols: 80,
} as const;

export const FONT_SIZE_RANGE = { min: 8, max: 40 } as const;

export const MapperProfileCreate = z.object({ owner: Counter.optional() });
export type MapperProfileCreate = z.input<typeof MapperProfileCreate>;

export const MapperProfileUpdate = z.object({
  cursor_blink: z.boolean().optional(),
  font_size: z.number().int().min(FONT_SIZE_RANGE.min).max(FONT_SIZE_RANGE.max).optional(),
  right_click_paste: z.boolean().optional(),
  background_color: Color.optional(),
  foreground_color: Color.optional(),
  rows: z.number().int().min(5).max(200).optional(),
  cols: z.number().int().min(20).max(500).optional(),
});
export type MapperProfileUpdate = z.input<typeof MapperProfileUpdate>;

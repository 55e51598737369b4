import { FONT_SIZE_RANGE, type MapperProfile } from '@caravanserai/api';
import type { CommandEnv } from '../command-env.js';
import { fail } from '../command-error.js';
import { MAPPER_MESSAGES as M } from '../messages.js';
import { writeLines } from '../output.js';
import type { CommandSpec } from '../registry.js';

const USAGE = 'up | down | status';

/** The user's Mapper profile; the first use creates the default one, as the Mapper page does. */
async function loadProfile(env: CommandEnv): Promise<MapperProfile> {
  if (env.state.profile) return env.state.profile;
  try {
    const [existing] = await env.api.mapperProfiles.list();
    const profile = existing ?? (await env.api.mapperProfiles.create(env.user ? { owner: env.user.pk } : {}));
    env.state.profile = profile;
    return profile;
  } catch {
    fail(M.profileFailed);
  }
}

function statusLines(p: MapperProfile): string[] {
  return [
    `font_size: ${p.font_size}`,
    `cursor_blink: ${p.cursor_blink}`,
    `right_click_paste: ${p.right_click_paste}`,
    `background_color: ${p.background_color}`,
    `foreground_color: ${p.foreground_color}`,
    `rows: ${p.rows}`,
    `cols: ${p.cols}`,
  ];
}

async function changeFontSize(env: CommandEnv, step: 1 | -1): Promise<void> {
  const profile = await loadProfile(env);
  const size = Math.min(FONT_SIZE_RANGE.max, Math.max(FONT_SIZE_RANGE.min, profile.font_size + step));
  if (size === profile.font_size) {
    writeLines(env.io, `Font size is already ${size}, the ${step > 0 ? 'largest' : 'smallest'} there is.`);
    return;
  }
  try {
    env.state.profile = await env.api.mapperProfiles.update(profile.id, { font_size: size });
  } catch {
    fail('Error updating mapper profile.');
  }
  env.host.setFontSize?.(size);
  writeLines(env.io, `Font size: ${size}`);
}

export const mapper: CommandSpec = {
  name: 'mapper',
  summary: `The terminal's settings: font size up or down (${FONT_SIZE_RANGE.min} to ${FONT_SIZE_RANGE.max}), or status.`,
  usage: USAGE,
  positionals: 1,
  examples: [{ line: 'mapper up', note: 'a larger font, kept in your profile' }],
  async run(env, args) {
    const action = args.positionals[0]?.toLowerCase();
    if (action === 'up') return changeFontSize(env, 1);
    if (action === 'down') return changeFontSize(env, -1);
    if (action === 'status') return writeLines(env.io, ...statusLines(await loadProfile(env)));
    fail(`Usage: mapper ${USAGE}`);
  },
};

import { writeLines } from '../output.js';
import type { CommandSpec } from '../registry.js';

// Written out rather than rendered from a font at run time: five fixed lines, 75 columns wide.
const ART = [
  '  ____                                                                   _',
  ' / ___|  __ _  _ __   __ _ __   __  __ _  _ __   ___   ___  _ __   __ _ (_)',
  "| |     / _` || '__| / _` |\\ \\ / / / _` || '_ \\ / __| / _ \\| '__| / _` || |",
  '| |___ | (_| || |   | (_| | \\ V / | (_| || | | |\\__ \\|  __/| |   | (_| || |',
  ' \\____| \\__,_||_|    \\__,_|  \\_/   \\__,_||_| |_||___/ \\___||_|    \\__,_||_|',
];

const TAGLINE = 'Keep your AI conversations as portable documents you own.';

export const banner: CommandSpec = {
  name: 'banner',
  summary: 'Prints the Caravanserai banner.',
  usage: '',
  async run(env) {
    writeLines(env.io, ...ART, '', TAGLINE);
  },
};

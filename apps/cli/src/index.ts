import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { resolveServer } from './config.js';
import { runInteractive } from './interactive.js';
import { login, logout } from './login.js';
import { runScripted } from './scripted.js';
import { connect } from './session.js';

/** The folder of the running bundle: a downloaded package keeps its config.json there. */
const bundleDir = dirname(fileURLToPath(import.meta.url));

const program = new Command()
  .name('mapper')
  .description('The Caravanserai terminal: your logbooks, journals and wells from the command line.')
  .option('-s, --server <url>', 'server address (default: the one this package came from)')
  .action(async (options: { server?: string }) => {
    const cli = await connect(resolveServer(options.server, bundleDir));
    if (process.stdin.isTTY) await runInteractive(cli);
    else await runScripted(cli);
    process.exit(0);
  });

program
  .command('login')
  .description('sign in and keep the token in your config folder')
  .option('-u, --username <name>', 'your username')
  .action(async (options: { username?: string }) => {
    process.exit(await login(resolveServer(program.opts().server, bundleDir), options.username));
  });

program
  .command('logout')
  .description('revoke the saved token and forget it')
  .action(async () => process.exit(await logout()));

await program.parseAsync();

import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { apiPrefix, resolveServer } from './config.js';
import { importExport } from './import-file.js';
import { runInteractive } from './interactive.js';
import { login, logout } from './login.js';
import { runScripted } from './scripted.js';
import { connect } from './session.js';
import { VERSION } from './version.js';

/** The folder of the running bundle: a downloaded package keeps its config.json there. */
const bundleDir = dirname(fileURLToPath(import.meta.url));

const program = new Command()
  .name('mapper')
  .description('The Caravanserai terminal: your logbooks, journals and wells from the command line.')
  .version(VERSION, '-V, --version', 'print the version')
  .option('-s, --server <url>', 'server address (default: the one this package came from)')
  .action(async (options: { server?: string }) => {
    const server = resolveServer(options.server, bundleDir);
    const cli = await connect(server, `${server}${apiPrefix(bundleDir)}`);
    if (process.stdin.isTTY) {
      await runInteractive(cli);
      process.exit(0);
    }
    // A script learns from the status whether every command went through.
    process.exit((await runScripted(cli)) > 0 ? 1 : 0);
  });

program
  .command('login')
  .description('sign in and keep the token (or API key) in your config folder')
  .option('-u, --username <name>', 'your username')
  .option('-k, --key [key]', 'sign in with a personal API key instead (asked for, unseen, when not given)')
  .action(async (options: { username?: string; key?: string | true }) => {
    const server = resolveServer(program.opts().server, bundleDir);
    process.exit(await login(server, `${server}${apiPrefix(bundleDir)}`, options));
  });

program
  .command('import')
  .description('import an export file: ChatGPT, Claude, Open WebUI, LibreChat, a logbook, or a backup')
  .argument('<file>', 'the export file (zip or JSON) or logbook file')
  .option('-j, --journal <jid>', 'file the new logbooks in this journal (default: a new one)')
  .action(async (file: string, options: { journal?: string }) => {
    const server = resolveServer(program.opts().server, bundleDir);
    process.exit(await importExport(server, `${server}${apiPrefix(bundleDir)}`, file, options));
  });

program
  .command('logout')
  .description('revoke the saved token and forget it')
  .action(async () => process.exit(await logout()));

await program.parseAsync();

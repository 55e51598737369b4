import type { MapperProfile } from '@caravanserai/api';
import {
  createState,
  createTerminalInterpreter,
  type HostActions,
  type MapperUser,
  promptFor,
  TerminalSession,
} from '@caravanserai/mapper';
import { FitAddon } from '@xterm/addon-fit';
import { Terminal } from '@xterm/xterm';
import { api } from '../../../lib/api';
import { saveFile } from '../../../lib/save-file';
import { localHistory } from './local-history';

export interface TerminalHost {
  openLogbook(logid: string): void;
  goHome(): void;
}

/**
 * Puts an xterm.js terminal in `element` and connects it to the shared line-editing session and
 * interpreter: the same commands, keys and messages as the CLI. Returns a function that tears it down.
 */
export function mountTerminal(
  element: HTMLElement,
  user: MapperUser,
  profile: MapperProfile,
  nav: TerminalHost,
) {
  const term = new Terminal({
    fontSize: profile.font_size,
    cursorBlink: profile.cursor_blink,
    rows: profile.rows,
    cols: profile.cols,
    fontFamily: 'ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace',
    theme: { background: profile.background_color, foreground: profile.foreground_color },
    scrollback: 5000,
  });
  const fit = new FitAddon();
  term.loadAddon(fit);
  term.open(element);
  const refit = () => {
    // Width follows the page (phones included); the height is the profile's rows.
    const size = fit.proposeDimensions();
    if (size) term.resize(Math.max(20, size.cols), profile.rows);
  };
  refit();

  const state = createState();
  state.profile = profile;
  const interpreter = createTerminalInterpreter();
  const host: HostActions = {
    openLogbook: nav.openLogbook,
    goHome: nav.goHome,
    saveFile,
    setFontSize: (size) => {
      term.options.fontSize = size;
      refit();
    },
  };
  const session = new TerminalSession({
    screen: { write: (data) => term.write(data), clear: () => term.clear(), columns: () => term.cols },
    prompt: () => promptFor(user.username),
    history: localHistory,
    run: (line, run) =>
      interpreter.execute(line, {
        api,
        io: {
          write: run.print,
          clear: () => term.clear(),
          readKey: run.readKey,
          copy: (text) => navigator.clipboard.writeText(text),
          paste: () => navigator.clipboard.readText(),
        },
        host,
        user,
        state,
        signal: run.signal,
      }),
  });

  term.attachCustomKeyEventHandler((event) => {
    if (event.type !== 'keydown') return true;
    const key = event.key.toLowerCase();
    // Ctrl+Shift+C copies the selection; Ctrl+V is left to the browser, whose paste event xterm
    // turns into input (so one paste never arrives twice).
    if (event.ctrlKey && event.shiftKey && key === 'c') {
      const selection = term.getSelection();
      if (selection) navigator.clipboard.writeText(selection).catch((e) => console.warn('copy failed', e));
      return false;
    }
    if (event.ctrlKey && !event.shiftKey && key === 'v') return false;
    return true;
  });
  const onContextMenu = (event: MouseEvent) => {
    if (!profile.right_click_paste) return;
    event.preventDefault();
    navigator.clipboard
      .readText()
      .then((text) => session.input(text))
      .catch((e) => console.warn('paste failed', e));
  };
  element.addEventListener('contextmenu', onContextMenu);
  const data = term.onData((input) => session.input(input));
  window.addEventListener('resize', refit);

  term.writeln(`\x1b[1mMapper\x1b[0m — signed in as ${user.username}. Type 'help' for commands.`);
  session.start();
  term.focus();

  return () => {
    window.removeEventListener('resize', refit);
    element.removeEventListener('contextmenu', onContextMenu);
    data.dispose();
    term.dispose();
  };
}

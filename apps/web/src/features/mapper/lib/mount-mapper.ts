import type { MapperProfile } from '@caravanserai/api';
import {
  createMapperInterpreter,
  createState,
  type HostActions,
  MapperSession,
  type MapperUser,
  promptFor,
  safeText,
} from '@caravanserai/mapper';
import { Terminal } from '@xterm/xterm';
import { api } from '../../../lib/api';
import { saveFile } from '../../../lib/save-file';
import { localHistory } from './local-history';
import { columnsFor } from './mapper-size';

export interface MapperHost {
  openLogbook(logid: string): void;
  goHome(): void;
}

/**
 * Puts an xterm.js terminal in `element` and connects it to the shared line-editing session and
 * interpreter: the same commands, keys and messages as the CLI. Its grid is the profile's rows and
 * columns, fewer columns only where the page is narrower (see mapper-size.ts); the element
 * should hug the terminal, inside a parent that has the width to offer. Returns a function that
 * tears it down.
 */
export function mountMapper(element: HTMLElement, user: MapperUser, profile: MapperProfile, nav: MapperHost) {
  const term = new Terminal({
    fontSize: profile.font_size,
    cursorBlink: profile.cursor_blink,
    rows: profile.rows,
    cols: profile.cols,
    fontFamily: 'ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace',
    theme: { background: profile.background_color, foreground: profile.foreground_color },
    scrollback: 5000,
  });
  term.open(element);
  const refit = () => {
    const cols = columnsFor(term, element, profile.cols);
    if (cols !== term.cols || profile.rows !== term.rows) term.resize(cols, profile.rows);
    // The grid as it is, for tests and for anyone inspecting the page.
    element.dataset.cols = String(term.cols);
    element.dataset.rows = String(term.rows);
  };
  refit();
  // The page's width (window, side panel) and the cell size (font) both decide what fits. Resizing
  // inside the observer's callback would make it report a loop; the next frame is soon enough.
  let frame = 0;
  const resizes = new ResizeObserver(() => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(refit);
  });
  if (element.parentElement) resizes.observe(element.parentElement);
  const screen = term.element?.querySelector('.xterm-screen');
  if (screen) resizes.observe(screen);

  const state = createState();
  state.profile = profile;
  const interpreter = createMapperInterpreter();
  const host: HostActions = {
    openLogbook: nav.openLogbook,
    goHome: nav.goHome,
    saveFile,
    // The screen's new size reaches refit through the observer.
    setFontSize: (size) => {
      term.options.fontSize = size;
    },
  };
  const session = new MapperSession({
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

  // The username comes from the server: only the bold around 'Mapper' is the terminal's own.
  term.writeln(`\x1b[1mMapper\x1b[0m — signed in as ${safeText(user.username)}. Type 'help' for commands.`);
  session.start();
  term.focus();

  return () => {
    resizes.disconnect();
    cancelAnimationFrame(frame);
    element.removeEventListener('contextmenu', onContextMenu);
    data.dispose();
    term.dispose();
  };
}

import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type HostActions, safeText } from '@caravanserai/mapper';
import { readLocalFile } from './local-file.js';

/** What commands may ask of the CLI: open a logbook (print its address), save and read files, leave. */
export function nodeHost(server: string, write: (text: string) => void, exit: () => void): HostActions {
  // These lines bypass the interpreter's output, and quote a server address and a path.
  const print = (text: string) => write(safeText(text));
  return {
    openLogbook: (logid) => print(`Open in your browser: ${server}/logbooks/${encodeURIComponent(logid)}\n`),
    goHome: exit,
    saveFile: (name, content) => {
      const path = resolve(process.cwd(), name);
      writeFileSync(path, content);
      print(`Saved ${path}\n`);
    },
    setFontSize: (size) =>
      print(`Font size ${size} saved for the browser terminal; this terminal keeps its own.\n`),
    readFile: readLocalFile,
  };
}

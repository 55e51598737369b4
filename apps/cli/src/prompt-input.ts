import { createInterface } from 'node:readline';

let lines: AsyncIterator<string> | null = null;

/** One reader over standard input for the whole process, so piped answers are read in order. */
export function inputLines(): AsyncIterator<string> {
  lines ??= createInterface({ input: process.stdin, terminal: false })[Symbol.asyncIterator]();
  return lines;
}

/** Asks for one line; with `hidden`, nothing typed is echoed (passwords). */
export async function ask(question: string, hidden = false): Promise<string> {
  process.stdout.write(question);
  if (!process.stdin.isTTY) {
    const next = await inputLines().next();
    if (!process.stdout.isTTY) process.stdout.write('\n');
    return next.done ? '' : next.value;
  }
  return readTyped(hidden);
}

function readTyped(hidden: boolean): Promise<string> {
  const input = process.stdin;
  return new Promise((resolve) => {
    let answer = '';
    input.setRawMode(true);
    input.setEncoding('utf8');
    const onData = (data: string) => {
      for (const ch of data) {
        if (ch === '\r' || ch === '\n') {
          input.off('data', onData);
          input.setRawMode(false);
          input.pause();
          process.stdout.write('\n');
          resolve(answer);
          return;
        }
        if (ch === '\x03') process.exit(130);
        if (ch === '\x7f' || ch === '\b') {
          if (answer && !hidden) process.stdout.write('\b \b');
          answer = answer.slice(0, -1);
        } else if (ch >= ' ') {
          answer += ch;
          if (!hidden) process.stdout.write(ch);
        }
      }
    };
    input.on('data', onData);
    input.resume();
  });
}

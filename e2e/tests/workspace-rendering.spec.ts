import type { Entry } from '@caravanserai/logbook';
import { entry } from '@caravanserai/test-kit';
import { settled } from '@caravanserai/test-kit/browser';
import type { Locator, Page } from '@playwright/test';
import type { RunningApp } from '../support/app-server.js';
import { expect, withLogbook } from '../support/fixtures.js';
import { shoot } from '../support/screenshots.js';
import { fitViewportToPage, logArea, openLogbook, row } from '../support/workspace.js';

const PLAIN_ANSWER = [
  'A young camel costs $5 and a good saddle $10.',
  '',
  'Print the path with `echo $PATH` or in code:',
  '',
  '```sh',
  'export PRICE=$5',
  '```',
].join('\n');

const MATH_ANSWER = [
  'Formulas for the caravan: the load is $m = \\rho V$ and the speed \\(v = \\frac{d}{t}\\).',
  '',
  '$$',
  'E_k = \\frac{1}{2} m v^2',
  '$$',
  '',
  '\\[',
  '\\sum_{i=1}^{n} w_i \\le W_{\\max}',
  '\\]',
  '',
  'A day costs $5 and a week $10, which is no formula.',
  '',
  'Broken TeX stays readable: $\\frac{1}{$ here.',
  '',
  '$$\\int_0^{\\infty} e^{-x^2}\\,dx = \\frac{\\sqrt{\\pi}}{2} \\quad\\text{and}\\quad \\sum_{k=0}^{\\infty} \\frac{x^k}{k!} = e^x \\quad\\text{and}\\quad \\prod_{p} \\frac{1}{1 - p^{-s}} = \\zeta(s)$$',
].join('\n');

const DIAGRAM_SOURCE = [
  'graph LR',
  '  A[Samarkand] --> B[Bukhara]',
  '  B --> C{Oasis?}',
  '  C -->|yes| D[Rest the camels]',
  '  C -->|no| E[Merv]',
].join('\n');
const DIAGRAM_ANSWER = ['The route of the caravan:', '', '```mermaid', DIAGRAM_SOURCE, '```'].join('\n');

// Strict security: no function calls, no javascript: links, no markup in labels, and a diagram's
// own init directive cannot lower it.
const HOSTILE_ANSWER = [
  'A diagram that tries to run script:',
  '',
  '```mermaid',
  '%%{init: {"securityLevel": "loose"}}%%',
  'graph TD',
  '  A[Click me] --> B[Follow me]',
  '  B --> C["<img src=x onerror=alert(3)>"]',
  '  B --> D["<a href=\'javascript:alert(4)\'>Go</a>"]',
  '  click A call alert(1)',
  '  click B href "javascript:alert(2)"',
  '```',
].join('\n');

const BROKEN_ANSWER = [
  'A diagram that does not parse:',
  '',
  '```mermaid',
  'graph TD',
  '  A[Start --> B',
  '```',
].join('\n');

const SEED: Entry[] = [
  entry('query', 'What does a camel cost?', { qid: 'plainq01' }),
  entry('gen', PLAIN_ANSWER, { qid: 'plainq01' }),
];

const test = withLogbook(SEED);
test.use({ appOptions: { user: 'scribe', well: true } });
test.describe.configure({ mode: 'serial' });

/** The renderers' chunks, stylesheet and fonts: KaTeX's and Mermaid's. */
const RENDERER_FILE = /\/assets\/[^/]*(math-plugins|katex|mermaid)[^/]*$/i;

/** Every path the page requested from the start of the file. */
const requested: string[] = [];
/** Every dialog (alert, confirm) the page opened. */
const dialogs: string[] = [];

const scribe = (page: Page) => page.getByRole('textbox', { name: 'Scribe' });

/**
 * Asks a question the fake provider answers with `answer`, and gives the answer's row (found by
 * `opening`, plain words it starts with) once stored.
 */
async function askFor(app: RunningApp, page: Page, question: string, answer: string, opening: string) {
  app.fake.enqueue({ kind: 'reply', text: answer });
  await scribe(page).fill(question);
  await scribe(page).press('Enter');
  const answerRow = row(page, opening);
  await answerRow.getByRole('button', { name: 'Regenerate' }).waitFor();
  return answerRow;
}

async function switchTheme(page: Page): Promise<void> {
  const html = page.locator('html');
  const dark = (await html.getAttribute('data-mantine-color-scheme')) === 'dark';
  await page.getByRole('button', { name: /Switch to (light|dark) theme/ }).click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', dark ? 'light' : 'dark');
  await page.mouse.move(0, 400);
  await page
    .getByRole('tooltip')
    .waitFor({ state: 'detached' })
    .catch(() => {});
}

/** The fill of the diagram's first node, which the theme decides. */
const nodeFill = (figure: Locator) =>
  figure
    .locator('g.node :is(rect, polygon)')
    .first()
    .evaluate((shape) => getComputedStyle(shape).fill);

test.beforeAll(({ tab, app }) => {
  tab.page.on('request', (request) => {
    const url = new URL(request.url());
    requested.push(url.origin === app.origin ? url.pathname : url.href);
  });
  tab.page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
});

test.describe('formulas and diagrams in answers', () => {
  test('a log without formulas or diagrams loads neither renderer, and prices stay prices', async ({
    app,
    tab,
    seeded,
  }) => {
    const { page } = tab;
    await openLogbook(page, app, seeded.logid);
    const answer = row(page, 'A young camel costs');
    await answer.locator('pre code', { hasText: 'export PRICE=$5' }).waitFor();
    await answer.locator('code', { hasText: 'echo $PATH' }).waitFor();
    await settled(page);
    expect(await answer.locator('p').first().innerText()).toBe(
      'A young camel costs $5 and a good saddle $10.',
    );
    expect(await answer.locator('.katex').count()).toBe(0);
    // The Markdown chunk came; KaTeX's and Mermaid's did not.
    expect(requested.some((path) => /\/assets\/markdown-[^/]*\.js$/.test(path))).toBe(true);
    expect(requested.filter((path) => RENDERER_FILE.test(path))).toEqual([]);
  });

  test('draws inline and display formulas with KaTeX, from our own server', async ({ app, tab }) => {
    const { page } = tab;
    const answer = await askFor(
      app,
      page,
      'Give me the caravan formulas',
      MATH_ANSWER,
      'Formulas for the caravan',
    );
    await expect(answer.locator('.katex-display')).toHaveCount(3);
    // Two inline formulas and three displayed ones.
    await expect(answer.locator('.katex')).toHaveCount(5);
    const text = await answer.innerText();
    for (const raw of ['$m', '$\\frac', '\\(', '\\[', '$$']) expect(text).not.toContain(raw);
    expect(text).toContain('A day costs $5 and a week $10, which is no formula.');
    // Bad TeX shows its source in the error colour, the rest of the answer drawn around it.
    await expect(answer.locator('.katex-error')).toHaveText('\\frac{1}{');

    // KaTeX's script, stylesheet and fonts came with this answer, all from this server (the CSP
    // allows nothing else), and its fonts are in use.
    const renderers = requested.filter((path) => RENDERER_FILE.test(path));
    expect(renderers.some((path) => /math-plugins-[^/]*\.js$/.test(path))).toBe(true);
    expect(renderers.some((path) => /math-plugins-[^/]*\.css$/.test(path))).toBe(true);
    expect(renderers.some((path) => /KaTeX_[^/]*\.woff2$/.test(path))).toBe(true);
    expect(renderers.some((path) => /mermaid/i.test(path))).toBe(false);
    expect(requested.filter((path) => !path.startsWith('/'))).toEqual([]);
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.fonts].some((f) => f.family.includes('KaTeX') && f.status === 'loaded'),
        ),
      )
      .toBe(true);
  });

  test('draws a mermaid block as a diagram whose source can be shown and copied', async ({ app, tab }) => {
    const { page, context } = tab;
    const answer = await askFor(app, page, 'Draw the route', DIAGRAM_ANSWER, 'The route of the caravan');
    const figure = answer.getByRole('figure', { name: 'Diagram' });
    await figure.locator('svg').waitFor();
    await expect(figure.getByText('Samarkand')).toBeVisible();
    await expect(figure.getByText('Rest the camels')).toBeVisible();
    expect(requested.some((path) => /mermaid-render-[^/]*\.js$/.test(path))).toBe(true);

    await answer.getByRole('button', { name: 'Show source' }).click();
    await expect(answer.locator('pre code')).toHaveText(DIAGRAM_SOURCE);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.origin });
    await answer.getByRole('button', { name: 'Copy code' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(DIAGRAM_SOURCE);
    await answer.getByRole('button', { name: 'Show diagram' }).click();
    await figure.locator('svg').waitFor();
  });

  test('a diagram cannot run script: no call binding, no javascript: link, no markup in labels', async ({
    app,
    tab,
  }) => {
    const { page } = tab;
    const answer = await askFor(
      app,
      page,
      'Draw something clever',
      HOSTILE_ANSWER,
      'A diagram that tries to run script',
    );
    const figure = answer.getByRole('figure', { name: 'Diagram' });
    await expect(figure.getByText('Click me')).toBeVisible();
    await figure.getByText('Click me').click();
    const unsafe = await figure.evaluate((root) =>
      [root, ...root.querySelectorAll('*')].flatMap((element) =>
        [...element.attributes]
          .filter((a) => /^on/i.test(a.name) || /^\s*javascript:/i.test(a.value))
          .map((a) => `${element.tagName} ${a.name}=${a.value}`),
      ),
    );
    expect(unsafe).toEqual([]);
    expect(await figure.locator('img').count()).toBe(0);
    await page.waitForTimeout(500);
    expect(dialogs).toEqual([]);
  });

  test('a diagram that does not parse keeps its code block and says why', async ({ app, tab }) => {
    const { page } = tab;
    const answer = await askFor(app, page, 'Draw it badly', BROKEN_ANSWER, 'A diagram that does not parse');
    await expect(
      answer.getByText(/^Diagram not drawn: Parse error on line \d+: unexpected .+/),
    ).toBeVisible();
    await expect(answer.locator('pre code')).toHaveText('graph TD\n  A[Start --> B');
    await answer.getByRole('button', { name: 'Copy code' }).waitFor();
    expect(await answer.getByRole('figure').count()).toBe(0);
  });

  test('follows the theme: the diagram is drawn again in dark, formulas take the text colour', async ({
    tab,
  }) => {
    const { page } = tab;
    const figure = row(page, 'The route of the caravan').getByRole('figure', { name: 'Diagram' });
    const lightFill = await nodeFill(figure);
    const restore = await fitViewportToPage(page);
    await shoot(page, 'workspace-rendering-light');
    await switchTheme(page);
    await expect.poll(() => nodeFill(figure)).not.toBe(lightFill);
    const formula = row(page, 'Formulas for the caravan').locator('.katex').first();
    const colours = await formula.evaluate((katex) => [
      getComputedStyle(katex).color,
      getComputedStyle(katex.closest('p') as Element).color,
    ]);
    expect(colours[0]).toBe(colours[1]);
    await shoot(page, 'workspace-rendering-dark');
    await switchTheme(page);
    await expect.poll(() => nodeFill(figure)).toBe(lightFill);
    await restore();
  });

  test('fits a 390 px phone: wide formulas and diagrams scroll on their own, diagrams shrink but stay legible', async ({
    tab,
  }) => {
    const { page } = tab;
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await logArea(page).getByText('END', { exact: true }).waitFor();
      // The page was laid out wide: the rows are measured and the diagrams fitted again after the
      // resize, so the narrow layout is awaited, not read the moment the window changed.
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
        .toBeLessThanOrEqual(390);
      const figure = row(page, 'The route of the caravan').getByRole('figure', { name: 'Diagram' });
      await expect
        .poll(async () => {
          const box = await figure.boundingBox();
          return box !== null && box.x >= 0 && box.x + box.width <= 390;
        })
        .toBe(true);
      // Shrunk to the column, down to 70 % of its size at most; wider than that, it scrolls.
      const scale = await figure
        .locator('svg')
        .evaluate((svg: SVGSVGElement) => svg.getBoundingClientRect().width / svg.viewBox.baseVal.width);
      expect(scale).toBeGreaterThanOrEqual(0.69);
      expect(scale).toBeLessThan(1);
      const longFormula = row(page, 'Formulas for the caravan').locator('.katex-display').last();
      expect(await longFormula.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      const restore = await fitViewportToPage(page);
      await shoot(page, 'workspace-rendering-390');
      await switchTheme(page);
      await shoot(page, 'workspace-rendering-390-dark');
      await switchTheme(page);
      await restore();
    } finally {
      await page.setViewportSize({ width: 1280, height: 860 });
    }
  });
});

test.describe('formulas and diagrams, console', () => {
  test('logs no console errors on the way', ({ tab }) => {
    expect(tab.errors).toEqual([]);
  });
});

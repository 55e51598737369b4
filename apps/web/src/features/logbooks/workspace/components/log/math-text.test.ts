import { describe, expect, it } from 'vitest';
import { prepareMath as sut } from './math-text';

describe('prepareMath', () => {
  it('leaves text with nothing like math alone, and says there is none', () => {
    const text = 'Walk the array with **for...of**, then [read more](https://example.org).';
    expect(sut(text)).toEqual({ text, hasMath: false });
  });

  it('keeps dollar formulas as they are', () => {
    expect(sut('Euler: $e^{i\\pi} + 1 = 0$, and $$\\int_0^1 x\\,dx$$ inline.')).toEqual({
      text: 'Euler: $e^{i\\pi} + 1 = 0$, and $$\\int_0^1 x\\,dx$$ inline.',
      hasMath: true,
    });
    const block = 'Energy:\n\n$$\nE = mc^2\n$$\n';
    expect(sut(block)).toEqual({ text: block, hasMath: true });
  });

  it('turns \\(x\\) into inline math and \\[x\\] into display math', () => {
    expect(sut('Take \\(x\\) and \\(y^2\\).')).toEqual({ text: 'Take $x$ and $y^2$.', hasMath: true });
    expect(sut('\\[x\\]')).toEqual({ text: '$$\nx\n$$', hasMath: true });
    expect(sut('Solve:\n\\[\n  x = \\frac{-b}{2a}\n\\]\nthen check.')).toEqual({
      text: 'Solve:\n$$\n  x = \\frac{-b}{2a}\n$$\nthen check.',
      hasMath: true,
    });
    // Inside a sentence \[…\] cannot be a block of its own: it stays inline.
    expect(sut('so \\[a+b\\] holds').text).toBe('so $$a+b$$ holds');
  });

  it('makes a $$…$$ line display math, in lists and quotes too', () => {
    expect(sut('$$x = y$$').text).toBe('$$\nx = y\n$$');
    expect(sut('1. First:\n   \\[ a^2 \\]\n2. Next').text).toBe('1. First:\n   $$\n   a^2\n   $$\n2. Next');
    expect(sut('1. \\[b\\]').text).toBe('1. $$\n   b\n   $$');
    expect(sut('> \\[\n> a +\n> b \\]').text).toBe('> $$\n> a +\n> b\n> $$');
  });

  it('leaves code spans and code blocks exactly as written', () => {
    expect(sut('Write `\\(x\\)` or `$a$` or ``$`b`$`` in TeX.')).toEqual({
      text: 'Write `\\(x\\)` or `$a$` or ``$`b`$`` in TeX.',
      hasMath: false,
    });
    // A dollar before a code span never pairs with one inside it.
    expect(sut('Tea is $5. Type `$x$` or `\\(y\\)`, and $z$.').text).toBe(
      'Tea is \\$5. Type `$x$` or `\\(y\\)`, and $z$.',
    );
    const fenced = '```sh\necho $HOME \\(x\\) $PATH\n```\n\n~~~\n\\[y\\]\n~~~\n\nand $z$';
    expect(sut(fenced)).toEqual({ text: fenced, hasMath: true });
    // An unclosed fence runs to the end, as Markdown reads it.
    const open = 'Run:\n```\nprice=$5 and $x$';
    expect(sut(open)).toEqual({ text: open, hasMath: false });
  });

  it('reads prices as dollars, not math', () => {
    expect(sut('It costs $5 and $10.')).toEqual({ text: 'It costs $5 and $10.', hasMath: false });
    expect(sut('$5-$10 a day, $20 flat')).toEqual({ text: '$5-$10 a day, $20 flat', hasMath: false });
    // Beside a formula the prices are escaped, so the math parser leaves them alone.
    expect(sut('From $5 to $10, or $x^2$ dollars.')).toEqual({
      text: 'From \\$5 to \\$10, or $x^2$ dollars.',
      hasMath: true,
    });
    expect(sut('| $5 | $10 |\n|---|---|\n| $x$ | 1 |').text).toBe('| \\$5 | \\$10 |\n|---|---|\n| $x$ | 1 |');
  });

  it('never pairs dollars across a blank line', () => {
    expect(sut('Pay $5\n\nthen x$ more')).toEqual({ text: 'Pay $5\n\nthen x$ more', hasMath: false });
  });

  it('keeps escapes: \\$ is a dollar sign, \\\\( is not a delimiter', () => {
    expect(sut('a \\$5 tip and \\\\(x\\\\)')).toEqual({ text: 'a \\$5 tip and \\\\(x\\\\)', hasMath: false });
    // TeX's \$ inside a formula does not end it.
    expect(sut('$\\$5 + x$').text).toBe('$$\\$5 + x$$');
  });

  it('leaves escaped brackets that are not TeX as Markdown wrote them', () => {
    const text = 'As shown \\[1\\], see \\[citation needed\\] and \\(a, b\\).';
    expect(sut(text)).toEqual({ text, hasMath: false });
  });

  it('counts a ```math block as math', () => {
    expect(sut('```math\nx^2\n```').hasMath).toBe(true);
  });
});

import { texToMathml } from '../markdown';

/**
 * Turns the TeX of an article's Markdown (`$…$` inline, `$$…$$` display) into MathML before Astro renders the
 * Markdown: Astro 7's Markdown engine (Sätteri) parses math but renders none, and MathML needs no script or font
 * on the page. Code spans and fenced code blocks are left as they are, so is a `$` that is plainly money ("$5 and
 * $10": an opening `$` must not be followed by a space, a closing one not preceded by one nor followed by a digit).
 * Temml runs without `trust` (lib/markdown.ts's texToMathml), so `\href` and friends never become links; a formula
 * it cannot read shows its source.
 * @param mark wraps each formula's MathML (src/lib/cms/safeMarkdown.ts marks them to tell them from other HTML)
 */
export function mathToMathml(markdown: string, mark: (mathml: string) => string = (mathml) => mathml): string {
  const render = (tex: string, displayMode: boolean): string => mark(renderTex(tex, displayMode));
  const inline = (line: string): string => inlineMath(line, render);
  const out: string[] = [];
  let fence: string | null = null;
  let display: string[] | null = null;
  for (const line of markdown.split('\n')) {
    const fenceMark = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (display === null && fenceMark && (fence === null || fenceMark.startsWith(fence))) {
      fence = fence === null ? fenceMark : null;
      out.push(line);
      continue;
    }
    if (fence !== null) {
      out.push(line);
      continue;
    }
    if (display !== null) {
      const end = line.indexOf('$$');
      if (end === -1) {
        display.push(line);
        continue;
      }
      display.push(line.slice(0, end));
      out.push('', render(display.join('\n'), true), '', inline(line.slice(end + 2)));
      display = null;
      continue;
    }
    const start = /^\s*\$\$/.exec(line);
    if (start) {
      const rest = line.slice(start[0].length);
      const end = rest.indexOf('$$');
      if (end === -1) {
        display = [rest];
        continue;
      }
      out.push('', render(rest.slice(0, end), true), '', inline(rest.slice(end + 2)));
      continue;
    }
    out.push(inline(line));
  }
  // An unclosed display formula stays as it was written.
  if (display !== null) out.push(`$$${display.join('\n')}`);
  return out.join('\n');
}

/** The app's own TeX renderer (its Temml settings: no trust, size and macro caps), so articles draw like answers. */
function renderTex(tex: string, displayMode: boolean): string {
  return texToMathml(tex.trim(), displayMode);
}

/** Inline `$…$` outside code spans. */
function inlineMath(line: string, render: (tex: string, displayMode: boolean) => string): string {
  let result = '';
  let index = 0;
  while (index < line.length) {
    const character = line.charAt(index);
    if (character === '`') {
      const run = /^`+/.exec(line.slice(index))?.[0] ?? '`';
      const close = line.indexOf(run, index + run.length);
      const end = close === -1 ? line.length : close + run.length;
      result += line.slice(index, end);
      index = end;
      continue;
    }
    if (character === '\\' && line[index + 1] === '$') {
      result += '\\$';
      index += 2;
      continue;
    }
    if (character === '$' && line[index + 1] !== '$' && line[index + 1] !== ' ' && index + 1 < line.length) {
      const close = closingDollar(line, index + 1);
      if (close !== -1) {
        result += render(line.slice(index + 1, close), false);
        index = close + 1;
        continue;
      }
    }
    result += character;
    index += 1;
  }
  return result;
}

function closingDollar(line: string, from: number): number {
  for (let at = from; at < line.length; at += 1) {
    if (line[at] === '\\') {
      at += 1;
      continue;
    }
    if (line[at] === '$') {
      if (line[at - 1] === ' ' || /\d/.test(line[at + 1] ?? '')) return -1;
      return at;
    }
  }
  return -1;
}

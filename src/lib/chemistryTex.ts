/*
 * Chemistry's TeX made to draw as a chemistry book prints it: element symbols upright and whole ("Fe", not an
 * italic F beside an italic e), counts as subscripts. Two things go wrong otherwise in MathML: a bare "Fe" is two
 * italic variables, and `\mathrm{Fe_{2}O_{3}}` puts the subscript on the "e" alone, with a gap inside the symbol.
 * Our own few lines: it is a rewrite of our engines' TeX, not something a library does.
 */

/** A TeX command's name, kept as it is ("\rightarrow", "\begin"). */
const COMMAND = /^\\[a-zA-Z]+/;

/** Commands whose braced argument is text, not maths: left alone. */
const TEXT_COMMANDS = new Set(['\\text', '\\operatorname', '\\begin', '\\end', '\\textrm', '\\mathit']);

/** Element symbols (the ones an engine could print), to leave a quantity such as "m" or "n" in italics. */
const SYMBOL = /^[A-Z][a-z]?$/;

/** The closing brace of the group opening at `open`, or -1. */
function closingBrace(tex: string, open: number): number {
  let depth = 0;
  for (let index = open; index < tex.length; index++) {
    const character = tex[index];
    if (character === '\\') index++;
    else if (character === '{') depth++;
    else if (character === '}' && --depth === 0) return index;
  }
  return -1;
}

/**
 * The body of `\mathrm{…}` with its letters kept whole: "Fe_{2}O_{3}" → "\mathrm{Fe}_{2}\mathrm{O}_{3}".
 * @param body what stood inside \mathrm
 */
function splitUpright(body: string): string {
  if (!/[_^]/.test(body)) return `\\mathrm{${body}}`;
  return body.replace(/\\[a-zA-Z]+|[A-Za-z]+/g, (letters) =>
    letters.startsWith('\\') ? letters : `\\mathrm{${letters}}`,
  );
}

/**
 * Element symbols and formulas in a chemistry answer's TeX, set upright and whole.
 * @param tex TeX from the chemistry engine (or a model), with or without `\mathrm` around its formulas
 * @returns the same formula, drawn with upright symbols and subscripts on the whole symbol
 */
export function chemistryTex(tex: string): string {
  let out = '';
  let index = 0;
  while (index < tex.length) {
    const rest = tex.slice(index);
    const command = COMMAND.exec(rest)?.[0];
    if (command) {
      index += command.length;
      if (tex[index] === '{' && (command === '\\mathrm' || TEXT_COMMANDS.has(command))) {
        const end = closingBrace(tex, index);
        if (end > index) {
          const body = tex.slice(index + 1, end);
          out += command === '\\mathrm' ? splitUpright(body) : `${command}{${body}}`;
          index = end + 1;
          continue;
        }
      }
      out += command;
      continue;
    }
    if (rest.startsWith('\\')) {
      // An escaped character ("\,", "\\", "\{"): copied with its backslash.
      out += rest.slice(0, 2);
      index += 2;
      continue;
    }
    // A run of element symbols written bare ("Fe:", "H_{2}O"): upright when it is plainly chemistry, not a lone
    // capital such as V (volume) or K (a constant) that a formula uses as a quantity.
    const run = /^(?:[A-Z][a-z]?(?:_\{\d+\}|_\d)?)+/.exec(rest)?.[0];
    if (run) {
      const symbols = run.match(/[A-Z][a-z]?/g) ?? [];
      const chemical =
        symbols.every((symbol) => SYMBOL.test(symbol)) &&
        (symbols.length > 1 || /[a-z_]/.test(run) || /^\s*:/.test(tex.slice(index + run.length)));
      out += chemical ? run.replace(/[A-Z][a-z]?/g, (symbol) => `\\mathrm{${symbol}}`) : run;
      index += run.length;
      // A label's colon ("Fe: a = 2c") as punctuation, not a relation with space on both sides.
      if (chemical && tex.charAt(index) === ':') {
        out += '{:}';
        index++;
      }
      continue;
    }
    out += tex.charAt(index);
    index++;
  }
  return out;
}

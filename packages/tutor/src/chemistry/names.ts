/**
 * Names of common substances, as students write them, mapped to formulas. Our own short table: the usual
 * name-to-structure libraries (OPSIN and the like) are large Java or web services, and a school question names a
 * few dozen substances. A name not in the table is left as it is, so the question is refused rather than guessed.
 *
 * The elements that exist as diatomic molecules (hydrogen, oxygen, nitrogen, the halogens) map to the molecule
 * (H2, O2): in a reaction or a gas question that is what "hydrogen" means. Their molar mass alone is ambiguous and
 * is asked back (see `AMBIGUOUS_ELEMENTS`).
 */

const NAMES: ReadonlyArray<readonly [string, string]> = [
  ['water', 'H2O'],
  ['steam', 'H2O'],
  ['ice', 'H2O'],
  ['hydrogen peroxide', 'H2O2'],
  ['hydrogen gas', 'H2'],
  ['hydrogen', 'H2'],
  ['oxygen gas', 'O2'],
  ['oxygen', 'O2'],
  ['ozone', 'O3'],
  ['nitrogen gas', 'N2'],
  ['nitrogen', 'N2'],
  ['chlorine gas', 'Cl2'],
  ['chlorine', 'Cl2'],
  ['fluorine', 'F2'],
  ['bromine', 'Br2'],
  ['iodine', 'I2'],
  ['carbon dioxide', 'CO2'],
  ['carbon monoxide', 'CO'],
  ['carbon', 'C'],
  ['methane', 'CH4'],
  ['ethane', 'C2H6'],
  ['propane', 'C3H8'],
  ['butane', 'C4H10'],
  ['octane', 'C8H18'],
  ['ethene', 'C2H4'],
  ['ethylene', 'C2H4'],
  ['ethyne', 'C2H2'],
  ['acetylene', 'C2H2'],
  ['methanol', 'CH3OH'],
  ['ethanol', 'C2H5OH'],
  ['glucose', 'C6H12O6'],
  ['sucrose', 'C12H22O11'],
  ['table sugar', 'C12H22O11'],
  ['ammonia', 'NH3'],
  ['sodium chloride', 'NaCl'],
  ['table salt', 'NaCl'],
  ['sodium hydroxide', 'NaOH'],
  ['sodium carbonate', 'Na2CO3'],
  ['sodium bicarbonate', 'NaHCO3'],
  ['sodium hydrogen carbonate', 'NaHCO3'],
  ['baking soda', 'NaHCO3'],
  ['sodium', 'Na'],
  ['potassium chloride', 'KCl'],
  ['potassium chlorate', 'KClO3'],
  ['potassium permanganate', 'KMnO4'],
  ['potassium hydroxide', 'KOH'],
  ['potassium', 'K'],
  ['calcium carbonate', 'CaCO3'],
  ['calcium oxide', 'CaO'],
  ['calcium hydroxide', 'Ca(OH)2'],
  ['calcium chloride', 'CaCl2'],
  ['calcium', 'Ca'],
  ['magnesium oxide', 'MgO'],
  ['magnesium chloride', 'MgCl2'],
  ['magnesium nitrate', 'Mg(NO3)2'],
  ['magnesium hydroxide', 'Mg(OH)2'],
  ['magnesium', 'Mg'],
  ['aluminium oxide', 'Al2O3'],
  ['aluminum oxide', 'Al2O3'],
  ['aluminium sulfate', 'Al2(SO4)3'],
  ['aluminum sulfate', 'Al2(SO4)3'],
  ['aluminium sulphate', 'Al2(SO4)3'],
  ['aluminium chloride', 'AlCl3'],
  ['aluminum chloride', 'AlCl3'],
  ['aluminium', 'Al'],
  ['aluminum', 'Al'],
  ['iron(iii) oxide', 'Fe2O3'],
  ['iron (iii) oxide', 'Fe2O3'],
  ['iron oxide', 'Fe2O3'],
  ['rust', 'Fe2O3'],
  ['iron', 'Fe'],
  ['copper sulfate pentahydrate', 'CuSO4·5H2O'],
  ['copper(ii) sulfate', 'CuSO4'],
  ['copper sulfate', 'CuSO4'],
  ['copper sulphate', 'CuSO4'],
  ['copper oxide', 'CuO'],
  ['copper', 'Cu'],
  ['zinc chloride', 'ZnCl2'],
  ['zinc oxide', 'ZnO'],
  ['zinc', 'Zn'],
  ['silver nitrate', 'AgNO3'],
  ['silver chloride', 'AgCl'],
  ['silver', 'Ag'],
  ['gold', 'Au'],
  ['lithium', 'Li'],
  ['helium', 'He'],
  ['neon', 'Ne'],
  ['argon', 'Ar'],
  ['sulfur dioxide', 'SO2'],
  ['sulphur dioxide', 'SO2'],
  ['sulfur trioxide', 'SO3'],
  ['sulfur', 'S'],
  ['sulphur', 'S'],
  ['nitrogen dioxide', 'NO2'],
  ['nitric oxide', 'NO'],
  ['nitrogen monoxide', 'NO'],
  ['sulfuric acid', 'H2SO4'],
  ['sulphuric acid', 'H2SO4'],
  ['hydrochloric acid', 'HCl'],
  ['hydrogen chloride', 'HCl'],
  ['nitric acid', 'HNO3'],
  ['phosphoric acid', 'H3PO4'],
  ['acetic acid', 'CH3COOH'],
  ['carbonic acid', 'H2CO3'],
];

/** Element names whose molar mass alone is ambiguous (the atom or the molecule). */
export const AMBIGUOUS_ELEMENTS: ReadonlyMap<string, readonly [string, string]> = new Map([
  ['hydrogen', ['H', 'H2']],
  ['oxygen', ['O', 'O2']],
  ['nitrogen', ['N', 'N2']],
  ['chlorine', ['Cl', 'Cl2']],
  ['fluorine', ['F', 'F2']],
  ['bromine', ['Br', 'Br2']],
  ['iodine', ['I', 'I2']],
]);

// Longest names first, so "carbon dioxide" is read before "carbon".
const SORTED = [...NAMES].sort((a, b) => b[0].length - a[0].length);
const isLetter = (char: string | undefined): boolean => char !== undefined && /[A-Za-z]/.test(char);

/**
 * @returns the length of `name` read at `start` of `text` (any case, a space in the name matching any run of
 * white space), or 0. A loop rather than one RegExp of every name: a pattern built from data cannot be checked
 * for ReDoS, and this is linear in the name's length.
 */
function nameLengthAt(text: string, start: number, name: string): number {
  let at = start;
  for (const char of name) {
    if (char === ' ') {
      if (!/\s/.test(text[at] ?? '')) return 0;
      while (/\s/.test(text[at] ?? '')) at += 1;
    } else if ((text[at] ?? '').toLowerCase() === char) at += 1;
    else return 0;
  }
  return isLetter(text[at]) ? 0 : at - start;
}

/** Every known name in `text`, longest first at each place, left to right and not overlapping. */
function namesIn(text: string): Array<{ index: number; match: string; formula: string }> {
  const found: Array<{ index: number; match: string; formula: string }> = [];
  for (let index = 0; index < text.length; index += 1) {
    if (!isLetter(text[index]) || isLetter(text[index - 1])) continue;
    for (const [name, formula] of SORTED) {
      const length = nameLengthAt(text, index, name.toLowerCase());
      if (length === 0) continue;
      found.push({ index, match: text.slice(index, index + length), formula });
      index += length - 1;
      break;
    }
  }
  return found;
}

const FORMULA_OF = new Map(NAMES.map(([name, formula]) => [name, formula]));

/** @returns the formula of a substance's name ("Carbon dioxide" → CO2), or undefined */
export function formulaOfName(name: string): string | undefined {
  return FORMULA_OF.get(name.toLowerCase().replace(/\s+/g, ' ').trim());
}

/**
 * Replaces every known name in a question by its formula. A name followed by its formula (`water (H2O)`,
 * `glucose C6H12O6`) leaves the formula alone.
 * @returns the text with formulas, and the names read (for the steps)
 */
export function namesToFormulas(text: string): { text: string; named: Array<{ name: string; formula: string }> } {
  const named: Array<{ name: string; formula: string }> = [];
  let out = '';
  let from = 0;
  for (const { index, match, formula } of namesIn(text)) {
    out += text.slice(from, index);
    from = index + match.length;
    // The student wrote the formula right after the name: keep theirs only.
    const after = text.slice(from, from + 80);
    const written = /^\s*(?:\(\s*)?([A-Z][A-Za-z0-9()[\]·*]*?)\)?(?=$|[\s,.;:?!])/.exec(after)?.[1];
    if (written && written.replace(/[·*]/g, '') === formula.replace(/[·*]/g, '')) continue;
    named.push({ name: match.toLowerCase(), formula });
    out += formula;
  }
  out += text.slice(from);
  // `water (H2O)` became ` (H2O)`: drop the brackets around a formula left alone.
  const cleaned = out.replace(/(^|\s)\(\s*([A-Z][A-Za-z0-9()[\]·*]*?)\s*\)(?=$|[\s,.;:?!])/g, '$1$2');
  return { text: cleaned.replace(/\s{2,}/g, ' '), named };
}

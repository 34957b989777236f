/**
 * Units via mathjs, loaded lazily: mathjs takes a few hundred milliseconds to load, and the backend must start
 * fast, so nothing here touches it until the first physics question. Only the unit subset is instantiated.
 */
import type * as MathJs from 'mathjs';
import type { Dims } from './expr';
import type { Quantity } from './quantities';

type UnitMath = { unit: (value: number | string, unit?: string) => MathJs.Unit };

let instance: UnitMath | undefined;

function math(): UnitMath {
  if (instance === undefined) {
    // A require at first use, not an import: the import would load mathjs when the backend starts.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- see above
    const mathjs = require('mathjs') as typeof MathJs;
    const unitDependencies = mathjs.unitDependencies;
    if (unitDependencies === undefined) throw new Error('mathjs has no unit dependencies');
    instance = mathjs.create({ unitDependencies }, { number: 'number' }) as unknown as UnitMath;
  }
  return instance;
}

/**
 * Unit names a question may use. mathjs knows far more (`in` is an inch, `at` an attotonne, `drop` a volume),
 * and English words after a number must not turn into units, so only these count.
 */
const ALLOWED_UNITS = new Set([
  'm',
  'g',
  's',
  'min',
  'day',
  'year',
  'h',
  'hr',
  'hour',
  'minute',
  'second',
  'N',
  'J',
  'W',
  'Wh',
  'eV',
  'cal',
  'Pa',
  'bar',
  'atm',
  'mmHg',
  'psi',
  'L',
  'l',
  'V',
  'A',
  'ohm',
  'Hz',
  'mol',
  'K',
  'degC',
  'C',
  'degF',
  'deg',
  'rad',
  'ft',
  'mi',
  'lb',
  'lbf',
  'cc',
  'tonne',
]);
const ALLOWED_PREFIXES = new Set(['', 'k', 'M', 'G', 'm', 'u', 'n', 'c', 'h', 'd']);

export interface ParsedUnit {
  /** The unit in mathjs syntax, e.g. `km/h`. */
  text: string;
  dims: Dims;
  /** Converts a value in this unit to SI (handles the °C offset). */
  toSI(value: number): number;
}

const cache = new Map<string, ParsedUnit | null>();

/** @returns the unit, or null when the text is not a unit this engine accepts */
export function parseUnit(text: string): ParsedUnit | null {
  const cached = cache.get(text);
  if (cached !== undefined) return cached;
  let result: ParsedUnit | null = null;
  try {
    const u = math().unit(1, text);
    // mathjs types declare `prefix` a string; at run time it is a prefix object with a name.
    const prefixName = (prefix: unknown): string => {
      if (typeof prefix === 'string') return prefix;
      const name = (prefix as { name?: unknown } | null)?.name;
      return typeof name === 'string' ? name : '';
    };
    const ok = u.units.every(
      (part) => ALLOWED_UNITS.has(part.unit.name) && ALLOWED_PREFIXES.has(prefixName(part.prefix)),
    );
    if (ok) {
      const d = u.dimensions;
      const dims: Dims = [d[0] ?? 0, d[1] ?? 0, d[2] ?? 0, d[3] ?? 0, d[4] ?? 0, d[6] ?? 0];
      result = { text, dims, toSI: (value: number) => math().unit(value, text).toSI().toNumber() };
    }
  } catch {
    result = null;
  }
  cache.set(text, result);
  return result;
}

/** @returns `value` (in the quantity's SI unit) converted to `unit` */
export function fromSI(value: number, siUnit: string, unit: string): number {
  if (siUnit === unit || siUnit === '') return value;
  return math().unit(value, siUnit).toNumber(unit);
}

/**
 * Rewrites the ways students write units into mathjs syntax, only right after a number so that words such as
 * "in", "a" or "m" elsewhere are untouched.
 */
const WORD_UNITS: ReadonlyArray<readonly [RegExp, string]> = [
  [/meters? per second squared|metres? per second squared|m\/s\/s|m\/s2\b|m\/sec\^?2|m ?s\^-2/giu, 'm/s^2'],
  // Exponents a phone keyboard drops: "0.002 m3", "20 cm2".
  [/cm3(?![0-9])/gu, 'cm^3'],
  [/cm2(?![0-9])/gu, 'cm^2'],
  [/m3(?![0-9])/gu, 'm^3'],
  [/m2(?![0-9])/gu, 'm^2'],
  [/kilomet(?:er|re)s? per hour|km\/hr|kmph|kph|km ?h\^-1/giu, 'km/h'],
  [/miles? per hour|mph/giu, 'mi/h'],
  [/met(?:er|re)s? per second|m\/sec|m ?s\^-1/giu, 'm/s'],
  [/kilomet(?:er|re)s?/giu, 'km'],
  [/centimet(?:er|re)s?/giu, 'cm'],
  [/millimet(?:er|re)s?/giu, 'mm'],
  [/met(?:er|re)s?/giu, 'm'],
  [/kilograms?|kgs/giu, 'kg'],
  [/milligrams?/giu, 'mg'],
  [/grams?/giu, 'g'],
  [/milliseconds?/giu, 'ms'],
  [/seconds?|secs?/giu, 's'],
  [/minutes?|mins/giu, 'min'],
  [/days?/giu, 'day'],
  [/years?|yrs?/giu, 'year'],
  [/hours?|hrs/giu, 'h'],
  [/kilonewtons?/giu, 'kN'],
  [/newtons?/giu, 'N'],
  [/kilojoules?/giu, 'kJ'],
  [/joules?/giu, 'J'],
  [/kilowatts?/giu, 'kW'],
  [/megawatts?/giu, 'MW'],
  [/watts?/giu, 'W'],
  [/kilovolts?/giu, 'kV'],
  [/millivolts?/giu, 'mV'],
  [/volts?/giu, 'V'],
  [/milliamps?|milliamperes?/giu, 'mA'],
  [/amps?|amperes?/giu, 'A'],
  [/kilo-?ohms?/giu, 'kohm'],
  [/mega-?ohms?/giu, 'Mohm'],
  [/ohms?/giu, 'ohm'],
  [/kilohertz/giu, 'kHz'],
  [/megahertz/giu, 'MHz'],
  [/hertz/giu, 'Hz'],
  [/kilopascals?/giu, 'kPa'],
  [/pascals?/giu, 'Pa'],
  [/atmospheres?/giu, 'atm'],
  [/millilit(?:er|re)s?/giu, 'mL'],
  [/lit(?:er|re)s?/giu, 'L'],
  [/moles?/giu, 'mol'],
  [/kelvins?/giu, 'K'],
  [/degrees? (?:celsius|centigrade)|°\s?C|ºC|℃/giu, 'degC'],
  [/coulombs?/giu, 'C'],
  [/degrees? fahrenheit|°\s?F/giu, 'degF'],
  [/degrees?|°|º/giu, 'deg'],
];

export function normalizeText(question: string): string {
  // Superscripts first: NFKC would turn m/s² into m/s2.
  let text = question
    .replace(/⁻¹/gu, '^-1')
    .replace(/⁻²/gu, '^-2')
    .replace(/²/gu, '^2')
    .replace(/³/gu, '^3')
    .normalize('NFKC')
    .replace(/[−–]/gu, '-')
    .replace(/(\d)\s*[x×]\s*10\s*\^/gu, '$1*10^')
    .replace(/[·⋅]/gu, '*')
    // Ω after NFKC is U+03A9; a prefix directly before it stays a prefix.
    .replace(/([kMm]?)[ΩΩ]/gu, (_, p: string) => `${p}ohm`)
    // µ or μ glued to a unit letter is the micro prefix; alone (μ = 0.3) it is the friction coefficient.
    .replace(/[µμ](?=[A-Za-z])/gu, 'u');
  for (const [pattern, unit] of WORD_UNITS) {
    text = text.replace(
      new RegExp(`(\\d\\.?)(\\s*)(?:${pattern.source})(?![A-Za-z])`, 'giu'),
      (_, d: string, sp: string) => `${d}${sp}${unit}`,
    );
  }
  // A bare "25 C" is a temperature unless the question is about charge (then C is the coulomb).
  if (!/\b(charges?|coulombs?|electrons?|protons?|ions?|electric|electrostatic)\b/iu.test(text))
    text = text.replace(/(\d)(\s*)C(?![A-Za-z])/gu, '$1$2degC');
  // "27 m/s" written as "27m/s" keeps working; "5 m s^-1" style spacing inside units is rare and not supported.
  return text;
}

const PREFIXES: ReadonlyArray<readonly [string, number, string]> = [
  ['G', 1e9, '\\mathrm{G}'],
  ['M', 1e6, '\\mathrm{M}'],
  ['k', 1e3, '\\mathrm{k}'],
  ['', 1, ''],
  ['m', 1e-3, '\\mathrm{m}'],
  ['u', 1e-6, '\\mu '],
  ['n', 1e-9, '\\mathrm{n}'],
];

export interface DisplayUnit {
  /** mathjs syntax, used in answer.text. */
  text: string;
  latex: string;
  /** Converts an SI value of the quantity into this unit. */
  fromSI(value: number): number;
}

const unitLatex = (text: string): string =>
  text === 'ohm'
    ? '\\Omega'
    : text.endsWith('ohm')
      ? `${text.slice(0, -3)}\\Omega`
      : `\\mathrm{${text.replace('*', ' \\cdot ').replace(/^u/u, '\\mu ')}}`;

/** A unit for the student's request ("in km/h"), when it fits the quantity. */
export function requestedUnit(q: Quantity, text: string): DisplayUnit | null {
  const parsed = parseUnit(text);
  if (parsed === null || !parsed.dims.every((d, i) => Math.abs(d - (q.dims[i] ?? 0)) < 1e-9)) return null;
  return { text, latex: unitLatex(text), fromSI: (x) => fromSI(x, q.unit, text) };
}

/**
 * The unit an answer is given in: SI, with an engineering prefix when the plain value would be awkward
 * (below 0.1 or from 10 000 up: 0.02 A → 20 mA, 15000 ohm → 15 kohm), litres for small volumes, grams
 * for small masses, degrees for angles.
 */
export function displayUnit(q: Quantity, si: number): DisplayUnit {
  const abs = Math.abs(si);
  if (q.unit === 'm^3' && abs < 1 && abs > 0) {
    const text = abs < 1e-3 ? 'mL' : 'L';
    return { text, latex: `\\mathrm{${text}}`, fromSI: (x) => fromSI(x, 'm^3', text) };
  }
  if (q.unit === 'kg' && abs < 0.1 && abs > 0) return { text: 'g', latex: '\\mathrm{g}', fromSI: (x) => x * 1000 };
  if (q.unit === 'rad') return { text: 'deg', latex: '^\\circ', fromSI: (x) => (x * 180) / Math.PI };
  if (q.prefixable === true && abs > 0 && (abs < 0.1 || abs >= 1e4)) {
    const exponent = Math.floor(Math.log10(abs) / 3) * 3;
    // Beyond giga and nano, and for lengths beyond kilometres (Gm, Mm), a power of ten reads better than a prefix.
    if (Math.abs(exponent) > 9 || (q.unit === 'm' && exponent > 3))
      return { text: q.unit, latex: q.unitLatex, fromSI: (x) => x };
    const prefix = PREFIXES.find(([, f]) => Math.abs(Math.log10(f) - exponent) < 1e-9 || f <= 10 ** exponent);
    if (prefix !== undefined && prefix[0] !== '') {
      const [p, f, pl] = prefix;
      const latex = q.unit === 'ohm' ? `${pl}\\Omega` : `${pl}${q.unitLatex.replace('\\mathrm{', '\\mathrm{')}`;
      return { text: `${p}${q.unit}`, latex, fromSI: (x) => x / f };
    }
  }
  return { text: q.unit, latex: q.unitLatex, fromSI: (x) => x };
}

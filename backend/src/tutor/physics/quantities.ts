/**
 * The physical quantities the engine knows: how they are written (symbols, words), their dimensions and the
 * unit an answer is given in. Identification in a question goes symbol first, then words, then the dimension
 * of the unit; anything still ambiguous is resolved by which formulas can use it, never by a guess.
 */
import type { Dims } from './expr';

export interface Quantity {
  id: string;
  /** For prose: "the acceleration". */
  name: string;
  /** Calculator-text symbol used in steps and answers. */
  symbol: string;
  latex: string;
  dims: Dims;
  /** SI unit (mathjs syntax) all arithmetic is done in. */
  unit: string;
  unitLatex: string;
  /** Values that must be positive (a mass, a time, a resistance...). */
  positive?: boolean;
  /** Whether the SI unit may take an engineering prefix in answers (kN, mA, kΩ); false for compound units. */
  prefixable?: boolean;
}

// Dimension vectors: [mass, length, time, current, temperature, amount].
const D = (m: number, l: number, t: number, i = 0, k = 0, mol = 0): Dims => [m, l, t, i, k, mol];

const Q = (q: Quantity): Quantity => q;

export const QUANTITIES: Record<string, Quantity> = Object.fromEntries(
  [
    Q({ id: 't', name: 'time', symbol: 't', latex: 't', dims: D(0, 0, 1), unit: 's', unitLatex: '\\mathrm{s}', positive: true }),
    Q({ id: 'period', name: 'period', symbol: 'T', latex: 'T', dims: D(0, 0, 1), unit: 's', unitLatex: '\\mathrm{s}', positive: true }),
    Q({ id: 's', name: 'distance', symbol: 's', latex: 's', dims: D(0, 1, 0), unit: 'm', unitLatex: '\\mathrm{m}', prefixable: true }),
    Q({ id: 'h', name: 'height', symbol: 'h', latex: 'h', dims: D(0, 1, 0), unit: 'm', unitLatex: '\\mathrm{m}', positive: true, prefixable: true }),
    Q({ id: 'range', name: 'range', symbol: 'R', latex: 'R', dims: D(0, 1, 0), unit: 'm', unitLatex: '\\mathrm{m}', positive: true, prefixable: true }),
    Q({ id: 'lambda', name: 'wavelength', symbol: 'lambda', latex: '\\lambda', dims: D(0, 1, 0), unit: 'm', unitLatex: '\\mathrm{m}', positive: true, prefixable: true }),
    Q({ id: 'v0', name: 'initial velocity', symbol: 'v0', latex: 'v_0', dims: D(0, 1, -1), unit: 'm/s', unitLatex: '\\mathrm{m/s}' }),
    Q({ id: 'v', name: 'velocity', symbol: 'v', latex: 'v', dims: D(0, 1, -1), unit: 'm/s', unitLatex: '\\mathrm{m/s}' }),
    Q({ id: 'a', name: 'acceleration', symbol: 'a', latex: 'a', dims: D(0, 1, -2), unit: 'm/s^2', unitLatex: '\\mathrm{m/s^2}' }),
    Q({ id: 'g', name: 'gravitational acceleration', symbol: 'g', latex: 'g', dims: D(0, 1, -2), unit: 'm/s^2', unitLatex: '\\mathrm{m/s^2}', positive: true }),
    Q({ id: 'm', name: 'mass', symbol: 'm', latex: 'm', dims: D(1, 0, 0), unit: 'kg', unitLatex: '\\mathrm{kg}', positive: true }),
    Q({ id: 'F', name: 'force', symbol: 'F', latex: 'F', dims: D(1, 1, -2), unit: 'N', unitLatex: '\\mathrm{N}', prefixable: true }),
    Q({ id: 'weight', name: 'weight', symbol: 'W', latex: 'W', dims: D(1, 1, -2), unit: 'N', unitLatex: '\\mathrm{N}', positive: true, prefixable: true }),
    Q({ id: 'normal', name: 'normal force', symbol: 'N', latex: 'N', dims: D(1, 1, -2), unit: 'N', unitLatex: '\\mathrm{N}', positive: true, prefixable: true }),
    Q({ id: 'friction', name: 'friction force', symbol: 'Ff', latex: 'F_f', dims: D(1, 1, -2), unit: 'N', unitLatex: '\\mathrm{N}', positive: true, prefixable: true }),
    Q({ id: 'mu', name: 'coefficient of friction', symbol: 'mu', latex: '\\mu', dims: D(0, 0, 0), unit: '', unitLatex: '', positive: true }),
    Q({ id: 'work', name: 'work', symbol: 'W', latex: 'W', dims: D(1, 2, -2), unit: 'J', unitLatex: '\\mathrm{J}', prefixable: true }),
    Q({ id: 'KE', name: 'kinetic energy', symbol: 'KE', latex: 'E_k', dims: D(1, 2, -2), unit: 'J', unitLatex: '\\mathrm{J}', positive: true, prefixable: true }),
    Q({ id: 'PE', name: 'potential energy', symbol: 'PE', latex: 'E_p', dims: D(1, 2, -2), unit: 'J', unitLatex: '\\mathrm{J}', prefixable: true }),
    Q({ id: 'power', name: 'power', symbol: 'P', latex: 'P', dims: D(1, 2, -3), unit: 'W', unitLatex: '\\mathrm{W}', prefixable: true }),
    Q({ id: 'momentum', name: 'momentum', symbol: 'p', latex: 'p', dims: D(1, 1, -1), unit: 'kg*m/s', unitLatex: '\\mathrm{kg \\cdot m/s}' }),
    Q({ id: 'rho', name: 'density', symbol: 'rho', latex: '\\rho', dims: D(1, -3, 0), unit: 'kg/m^3', unitLatex: '\\mathrm{kg/m^3}', positive: true }),
    Q({ id: 'volume', name: 'volume', symbol: 'V', latex: 'V', dims: D(0, 3, 0), unit: 'm^3', unitLatex: '\\mathrm{m^3}', positive: true }),
    Q({ id: 'pressure', name: 'pressure', symbol: 'p', latex: 'p', dims: D(1, -1, -2), unit: 'Pa', unitLatex: '\\mathrm{Pa}', positive: true, prefixable: true }),
    Q({ id: 'area', name: 'area', symbol: 'A', latex: 'A', dims: D(0, 2, 0), unit: 'm^2', unitLatex: '\\mathrm{m^2}', positive: true }),
    Q({ id: 'voltage', name: 'voltage', symbol: 'V', latex: 'V', dims: D(1, 2, -3, -1), unit: 'V', unitLatex: '\\mathrm{V}', prefixable: true }),
    Q({ id: 'current', name: 'current', symbol: 'I', latex: 'I', dims: D(0, 0, 0, 1), unit: 'A', unitLatex: '\\mathrm{A}', prefixable: true }),
    Q({ id: 'R', name: 'resistance', symbol: 'R', latex: 'R', dims: D(1, 2, -3, -2), unit: 'ohm', unitLatex: '\\Omega', positive: true, prefixable: true }),
    Q({ id: 'f', name: 'frequency', symbol: 'f', latex: 'f', dims: D(0, 0, -1), unit: 'Hz', unitLatex: '\\mathrm{Hz}', positive: true, prefixable: true }),
    Q({ id: 'n', name: 'amount of substance', symbol: 'n', latex: 'n', dims: D(0, 0, 0, 0, 0, 1), unit: 'mol', unitLatex: '\\mathrm{mol}', positive: true }),
    Q({ id: 'T', name: 'temperature', symbol: 'T', latex: 'T', dims: D(0, 0, 0, 0, 1), unit: 'K', unitLatex: '\\mathrm{K}', positive: true }),
    Q({ id: 'Rgas', name: 'gas constant', symbol: 'R', latex: 'R', dims: D(1, 2, -2, 0, -1, -1), unit: 'J/(mol*K)', unitLatex: '\\mathrm{J/(mol \\cdot K)}', positive: true }),
    Q({ id: 'theta', name: 'launch angle', symbol: 'theta', latex: '\\theta', dims: D(0, 0, 0), unit: 'rad', unitLatex: '^\\circ', positive: true }),
    ...[1, 2, 3, 4, 5, 6].map((i) =>
      Q({ id: `R${i}`, name: `resistance R${i}`, symbol: `R${i}`, latex: `R_${i}`, dims: D(1, 2, -3, -2), unit: 'ohm', unitLatex: '\\Omega', positive: true, prefixable: true }),
    ),
  ].map((q) => [q.id, q]),
);

export function quantity(id: string): Quantity {
  const q = QUANTITIES[id];
  if (q === undefined) throw new Error(`unknown quantity ${id}`);
  return q;
}

/** Constants used when the question does not give them (g may be given, e.g. "take g = 9.8 m/s^2"). */
export const CONSTANTS = {
  g: { value: 9.81, text: '9.81 m/s^2', latex: '9.81\\,\\mathrm{m/s^2}' },
  Rgas: { value: 8.314, text: '8.314 J/(mol*K)', latex: '8.314\\,\\mathrm{J/(mol \\cdot K)}' },
} as const;

/**
 * Terse symbols → candidate quantities (case-sensitive first). Several candidates are fine: the dimension of a
 * given value, or which formula can produce an asked one, decides; if it still cannot be decided the engine
 * says the question is ambiguous.
 */
export const SYMBOLS: Record<string, readonly string[]> = {
  t: ['t'], T: ['T', 'period'], s: ['s'], d: ['s'], x: ['s'], h: ['h'], H: ['h'],
  R: ['R', 'range'], Req: ['R'], Rt: ['R'], Rtotal: ['R'], Rtot: ['R'], Rs: ['R'], Rp: ['R'],
  lambda: ['lambda'], 'λ': ['lambda'],
  u: ['v0'], v0: ['v0'], vi: ['v0'], v: ['v'], vf: ['v'], a: ['a'], g: ['g'],
  m: ['m'], F: ['F'], Fnet: ['F'], W: ['work', 'weight'], Fg: ['weight'], Fw: ['weight'], N: ['normal'], Fn: ['normal'],
  Ff: ['friction'], Ffr: ['friction'], Fk: ['friction'], fk: ['friction'], mu: ['mu'], 'μ': ['mu'], 'µ': ['mu'], muk: ['mu'], 'μk': ['mu'],
  KE: ['KE'], Ek: ['KE'], K: ['KE'], PE: ['PE'], Ep: ['PE'], GPE: ['PE'], U: ['PE', 'voltage'], E: ['KE', 'PE', 'work'],
  P: ['power', 'pressure'], p: ['momentum', 'pressure'], rho: ['rho'], 'ρ': ['rho'], V: ['voltage', 'volume'], A: ['area'],
  I: ['current'], f: ['f'], n: ['n'], theta: ['theta'], 'θ': ['theta'], alpha: ['theta'], 'α': ['theta'],
  R1: ['R1'], R2: ['R2'], R3: ['R3'], R4: ['R4'], R5: ['R5'], R6: ['R6'],
};

/**
 * Words that name a quantity in an English question, longest phrases first so "kinetic energy" wins over
 * "energy". A value's words decide only among quantities of its unit's dimension.
 */
export const KEYWORDS: ReadonlyArray<readonly [RegExp, readonly string[]]> = [
  [/\b(initial (velocity|speed)|initially|starts? (at|with)|starting (at|with)|launched (at|with)|thrown (at|with)|fired (at|with)|kicked (at|with)|projected (at|with)|muzzle (velocity|speed)|launch (speed|velocity))\b/, ['v0']],
  [/\b(final (velocity|speed)|reach(es|ed|ing)?|hits? the ground|impact (speed|velocity)|just before (it )?(hits|landing))\b/, ['v']],
  [/\b(wave ?speed|speed of (the )?(wave|sound|light))\b/, ['v']],
  [/\bwavelength\b/, ['lambda']],
  [/\bfrequency\b/, ['f']],
  [/\bperiod\b/, ['period']],
  [/\b(coefficient( of (kinetic |static )?friction)?)\b/, ['mu']],
  [/\b(friction(al)? force|force of friction|friction)\b/, ['friction']],
  [/\b(normal (force|reaction))\b/, ['normal']],
  [/\b(kinetic energy)\b/, ['KE']],
  [/\b((gravitational )?potential energy|gpe)\b/, ['PE']],
  [/\b(work( done)?)\b/, ['work']],
  [/\b(energy)\b/, ['KE', 'PE', 'work']],
  [/\b(momentum)\b/, ['momentum']],
  [/\b(density)\b/, ['rho']],
  [/\b(pressure)\b/, ['pressure']],
  [/\b(area)\b/, ['area']],
  [/\b(volume)\b/, ['volume']],
  [/\b(voltage|potential difference|p\.d\.|emf|battery)\b/, ['voltage']],
  [/\b(current)\b/, ['current']],
  [/\b((equivalent |total |combined |effective )?resistance)\b/, ['R']],
  [/\b(power)\b/, ['power']],
  [/\b(temperature)\b/, ['T']],
  [/\b(moles?|amount of (substance|gas))\b/, ['n']],
  [/\b(angle)\b/, ['theta']],
  [/\b(weight|weighs)\b/, ['weight']],
  [/\b(mass)\b/, ['m']],
  [/\b(net force|force|push(es|ed)?|pull(s|ed)?|thrust)\b/, ['F']],
  [/\b(decelerat\w*|accelerat\w*)\b/, ['a']],
  [/\b(range|horizontal distance)\b/, ['range']],
  [/\b(max(imum)? height|height|how high|high|tall|deep|cliff|tower|building)\b/, ['h']],
  [/\b(distance|displacement|how far|far|travels?|travelled|traveled|covers?|moves?|skids?|stopping distance)\b/, ['s']],
  [/\b(time|how long|long)\b/, ['t']],
  [/\b(how fast|what speed)\b/, ['v']],
  [/\b(velocity|speed|fast|moving at|travell?ing at|going)\b/, ['v', 'v0']],
];

/** For a value with no naming word: the quantity its dimension most plainly means. */
export const DEFAULT_FOR_DIMS: readonly string[] = ['t', 's', 'v', 'a', 'm', 'F', 'work', 'power', 'momentum', 'rho', 'volume', 'pressure', 'area', 'voltage', 'current', 'R', 'f', 'n', 'T', 'theta'];

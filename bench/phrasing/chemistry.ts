import type { Family } from './problem.ts';

/** Standard atomic weights (IUPAC conventional values), written here by hand: the engine's table is not used. */
const ATOMIC_MASS: Readonly<Record<string, number>> = {
  H: 1.008,
  C: 12.011,
  N: 14.007,
  O: 15.999,
  Na: 22.99,
  Mg: 24.305,
  Al: 26.982,
  P: 30.974,
  S: 32.06,
  Cl: 35.45,
  K: 39.098,
  Ca: 40.078,
  Fe: 55.845,
  Cu: 63.546,
  Zn: 65.38,
};

/** Avogadro's number and the gas constant (exact SI values). */
const AVOGADRO = 6.022_140_76e23;
const R = 8.314_462_618;

/** @returns the atoms of a formula such as `Ca(OH)2` or `CuSO4·5H2O`, counted */
export function atoms(formula: string): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (element: string, count: number) => counts.set(element, (counts.get(element) ?? 0) + count);
  for (const part of formula.split(/[·*.]/)) {
    const lead = /^(\d+)/.exec(part);
    const factor = lead ? Number(lead[1]) : 1;
    const body = lead ? part.slice(lead[0].length) : part;
    const stack: Array<Map<string, number>> = [new Map<string, number>()];
    let index = 0;
    while (index < body.length) {
      const char = body[index] ?? '';
      if (char === '(') {
        stack.push(new Map());
        index += 1;
        continue;
      }
      const number = (from: number): [number, number] => {
        const match = /^\d+/.exec(body.slice(from));
        return match ? [Number(match[0]), from + match[0].length] : [1, from];
      };
      if (char === ')') {
        const group = stack.pop() ?? new Map<string, number>();
        const [times, next] = number(index + 1);
        const top = stack[stack.length - 1] ?? new Map<string, number>();
        for (const [element, count] of group) top.set(element, (top.get(element) ?? 0) + count * times);
        index = next;
        continue;
      }
      const element = /^[A-Z][a-z]?/.exec(body.slice(index));
      if (!element) throw new Error(`cannot read ${formula}`);
      const [times, next] = number(index + element[0].length);
      const top = stack[stack.length - 1] ?? new Map<string, number>();
      top.set(element[0], (top.get(element[0]) ?? 0) + times);
      index = next;
    }
    for (const [element, count] of stack[0] ?? new Map<string, number>()) add(element, count * factor);
  }
  return counts;
}

export function molarMass(formula: string): number {
  let total = 0;
  for (const [element, count] of atoms(formula)) {
    const mass = ATOMIC_MASS[element];
    if (mass === undefined) throw new Error(`no atomic mass for ${element}`);
    total += mass * count;
  }
  return total;
}

const COMPOUNDS = [
  ['H2SO4', 'sulfuric acid'],
  ['C6H12O6', 'glucose'],
  ['NaCl', 'table salt'],
  ['CaCO3', 'calcium carbonate'],
  ['H2O', 'water'],
  ['CO2', 'carbon dioxide'],
  ['NH3', 'ammonia'],
  ['Ca(OH)2', 'calcium hydroxide'],
  ['Al2(SO4)3', 'aluminium sulfate'],
  ['CuSO4·5H2O', 'copper sulfate pentahydrate'],
  ['KMnO4', null],
  ['Mg(NO3)2', 'magnesium nitrate'],
  ['Fe2O3', 'iron(III) oxide'],
  ['C2H5OH', 'ethanol'],
  ['HNO3', 'nitric acid'],
] as const;

const molarMassWords: Family = {
  name: 'molar mass in words',
  tool: 'chemistry-solver',
  about: "molar mass asked in a sentence, with the compound's name beside its formula",
  make(random) {
    const [formula, name] = random.pick(COMPOUNDS.filter(([f]) => !f.includes('Mn')));
    const question = random.pick([
      `what is the molar mass of ${formula}?`,
      `find the molar mass of ${name ?? formula} (${formula})`,
      `calculate the molar mass of ${formula}`,
      `How heavy is one mole of ${formula}?`,
      `molar mass ${formula}`,
      `What's the molar mass of ${name ?? 'the compound'} ${formula}`,
    ]);
    return { question, expected: { kind: 'quantity', value: molarMass(formula), unit: 'g/mol' } };
  },
};

const UNBALANCED = [
  [['Fe', 'O2'], ['Fe2O3']],
  [
    ['C3H8', 'O2'],
    ['CO2', 'H2O'],
  ],
  [['H2', 'O2'], ['H2O']],
  [['Al', 'O2'], ['Al2O3']],
  [
    ['CH4', 'O2'],
    ['CO2', 'H2O'],
  ],
  [['N2', 'H2'], ['NH3']],
  [['Na', 'Cl2'], ['NaCl']],
  [
    ['C2H6', 'O2'],
    ['CO2', 'H2O'],
  ],
  [['KClO3'], ['KCl', 'O2']],
  [
    ['Zn', 'HCl'],
    ['ZnCl2', 'H2'],
  ],
  [
    ['Mg', 'HCl'],
    ['MgCl2', 'H2'],
  ],
  [
    ['Ca(OH)2', 'HCl'],
    ['CaCl2', 'H2O'],
  ],
  [
    ['C6H12O6', 'O2'],
    ['CO2', 'H2O'],
  ],
  [['P4', 'O2'], ['P4O10']],
] as const;

const balanceWords: Family = {
  name: 'balancing in words',
  tool: 'chemistry-solver',
  about: '"balance …", "can you balance", arrows typed as ->, → or =',
  make(random) {
    const [reactants, products] = random.pick(UNBALANCED);
    const arrow = random.pick(['->', '→', '=', '-->']);
    const equation = `${reactants.join(' + ')} ${arrow} ${products.join(' + ')}`;
    const question = random.pick([
      `balance ${equation}`,
      `Balance the equation: ${equation}`,
      `can you balance ${equation}?`,
      `${equation} balance it`,
      `balance the following chemical equation ${equation}`,
      equation,
    ]);
    return { question, expected: { kind: 'balanced', reactants, products } };
  },
};

/** Balanced reactions: [coefficient, formula, name] on each side. */
/** A species of a reaction: its coefficient, formula and name. */
type Species = readonly [number, string, string];

const REACTIONS: ReadonlyArray<{ reactants: readonly Species[]; products: readonly Species[] }> = [
  {
    reactants: [
      [2, 'H2', 'hydrogen'],
      [1, 'O2', 'oxygen'],
    ],
    products: [[2, 'H2O', 'water']],
  },
  {
    reactants: [
      [1, 'CH4', 'methane'],
      [2, 'O2', 'oxygen'],
    ],
    products: [
      [1, 'CO2', 'carbon dioxide'],
      [2, 'H2O', 'water'],
    ],
  },
  {
    reactants: [
      [1, 'C', 'carbon'],
      [1, 'O2', 'oxygen'],
    ],
    products: [[1, 'CO2', 'carbon dioxide']],
  },
  {
    reactants: [
      [1, 'N2', 'nitrogen'],
      [3, 'H2', 'hydrogen'],
    ],
    products: [[2, 'NH3', 'ammonia']],
  },
  {
    reactants: [
      [2, 'Mg', 'magnesium'],
      [1, 'O2', 'oxygen'],
    ],
    products: [[2, 'MgO', 'magnesium oxide']],
  },
  {
    reactants: [[1, 'CaCO3', 'calcium carbonate']],
    products: [
      [1, 'CaO', 'calcium oxide'],
      [1, 'CO2', 'carbon dioxide'],
    ],
  },
];

const stoichiometrySentences: Family = {
  name: 'stoichiometry in a sentence',
  tool: 'chemistry-solver',
  about: 'mass to mass through a reaction, asked in words, with or without the equation written out',
  make(random) {
    const reaction = random.pick(REACTIONS);
    const given = random.pick(reaction.reactants);
    const target = random.pick(reaction.products);
    const grams = random.pick([2, 4, 5, 8, 10, 12, 16, 20, 24, 50, 100]);
    const value = (grams / molarMass(given[1])) * (target[0] / given[0]) * molarMass(target[1]);
    const written = `${reaction.reactants.map(([c, f]) => `${c === 1 ? '' : `${String(c)} `}${f}`).join(' + ')} -> ${reaction.products
      .map(([c, f]) => `${c === 1 ? '' : `${String(c)} `}${f}`)
      .join(' + ')}`;
    const others = reaction.reactants.filter((r) => r !== given);
    const excess = others.length > 0 ? ` with excess ${others.map((r) => r[1]).join(' and ')}` : '';
    const question = random.pick([
      `How many grams of ${target[1]} form from ${String(grams)} g of ${given[1]}${excess}?`,
      `${written}: how many grams of ${target[1]} are made from ${String(grams)} g of ${given[1]}?`,
      `What mass of ${target[2]} (${target[1]}) is produced from ${String(grams)} g of ${given[2]} (${given[1]})${excess}?`,
      `if ${String(grams)} g of ${given[1]} react${excess}, what mass of ${target[1]} is made?`,
      `Given ${written}, find the mass of ${target[1]} produced by ${String(grams)} g ${given[1]}.`,
    ]);
    return { question, expected: { kind: 'quantity', value, unit: 'g' } };
  },
};

const gasLaws: Family = {
  name: 'gas laws in a sentence',
  tool: 'chemistry-solver',
  about: "ideal gas volume, Boyle's and Charles's laws asked in words",
  make(random) {
    const kind = random.int(0, 2);
    if (kind === 0) {
      const n = random.pick([0.5, 1, 1.5, 2, 3]);
      const T = random.pick([273, 298, 300, 350]);
      const kPa = random.pick([100, 101.3, 150, 200]);
      return {
        question: random.pick([
          `What volume does ${String(n)} mol of an ideal gas occupy at ${String(T)} K and ${String(kPa)} kPa?`,
          `find the volume of ${String(n)} moles of gas at ${String(T)} K and a pressure of ${String(kPa)} kPa`,
        ]),
        expected: { kind: 'quantity', value: (n * R * T) / (kPa * 1000), unit: 'm^3' },
      };
    }
    if (kind === 1) {
      const P1 = random.pick([1, 2, 3, 1.5]);
      const V1 = random.pick([2, 3, 4, 6, 10]);
      const V2 = random.pick([1, 5, 8, 12].filter((v) => v !== V1));
      return {
        question: random.pick([
          `A gas at ${String(P1)} atm and ${String(V1)} L is compressed to ${String(V2)} L at constant temperature. What is the new pressure?`,
          `${String(V1)} L of gas at ${String(P1)} atm is changed to ${String(V2)} L at the same temperature. find the final pressure`,
        ]),
        expected: { kind: 'quantity', value: (P1 * V1) / V2, unit: 'atm' },
      };
    }
    const V1 = random.pick([1, 2, 2.5, 4]);
    const T1 = random.pick([250, 273, 300]);
    const T2 = random.pick([320, 350, 400, 450]);
    return {
      question: random.pick([
        `A gas occupies ${String(V1)} L at ${String(T1)} K. What is its volume at ${String(T2)} K at constant pressure?`,
        `${String(V1)} L of gas at ${String(T1)} K is heated to ${String(T2)} K at constant pressure. what is the new volume?`,
      ]),
      expected: { kind: 'quantity', value: (V1 * T2) / T1, unit: 'L' },
    };
  },
};

const moles: Family = {
  name: 'moles and particles',
  tool: 'chemistry-solver',
  about: "grams to moles, moles to grams and particles (Avogadro's number not given)",
  make(random) {
    const [formula] = random.pick(COMPOUNDS.filter(([f]) => !f.includes('·') && !f.includes('Mn')));
    const kind = random.int(0, 2);
    if (kind === 0) {
      const grams = random.pick([9, 18, 36, 50, 100, 250]);
      return {
        question: random.pick([
          `How many moles are in ${String(grams)} g of ${formula}?`,
          `convert ${String(grams)} g of ${formula} to moles`,
        ]),
        expected: { kind: 'quantity', value: grams / molarMass(formula), unit: 'mol' },
      };
    }
    if (kind === 1) {
      const n = random.pick([0.25, 0.5, 2, 3, 1.5]);
      return {
        question: random.pick([
          `What is the mass of ${String(n)} mol of ${formula}?`,
          `how many grams is ${String(n)} moles of ${formula}?`,
        ]),
        expected: { kind: 'quantity', value: n * molarMass(formula), unit: 'g' },
      };
    }
    const n = random.pick([0.5, 1, 2, 3]);
    return {
      question: random.pick([
        `How many molecules are in ${String(n)} mol of ${formula}?`,
        `how many particles are there in ${String(n)} moles of ${formula}?`,
      ]),
      expected: { kind: 'number', value: n * AVOGADRO },
    };
  },
};

export const CHEMISTRY_FAMILIES: readonly Family[] = [
  molarMassWords,
  balanceWords,
  stoichiometrySentences,
  gasLaws,
  moles,
];

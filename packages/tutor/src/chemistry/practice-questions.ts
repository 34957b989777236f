/**
 * Practice questions for the chemistry engine (issue #16): reactions and compounds built from small tables of
 * real ions and reaction types rather than picked from a fixed list, so a student can practise a skill a hundred
 * times without meeting the same question. Every question is still solved and checked by the engine before it is
 * offered (index.ts, practice); one it cannot verify is dropped, never shown.
 */
/* eslint-disable @typescript-eslint/no-non-null-assertion -- indexes drawn inside each list's length */

type Random = () => number;

const pickFrom = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

interface Ion {
  /** As written in a formula: `Na`, `NH4`, `SO4`. */
  symbol: string;
  charge: number;
  /** More than one atom: bracketed when more than one is needed, `(NH4)2SO4`. */
  polyatomic?: boolean;
}

const ion = (symbol: string, charge: number, polyatomic = false): Ion => ({ symbol, charge, polyatomic });

const CATIONS: readonly Ion[] = [
  ion('Li', 1),
  ion('Na', 1),
  ion('K', 1),
  ion('NH4', 1, true),
  ion('Ag', 1),
  ion('Mg', 2),
  ion('Ca', 2),
  ion('Ba', 2),
  ion('Sr', 2),
  ion('Zn', 2),
  ion('Cu', 2),
  ion('Fe', 2),
  ion('Pb', 2),
  ion('Ni', 2),
  ion('Al', 3),
  ion('Fe', 3),
  ion('Cr', 3),
];

const ANIONS: readonly Ion[] = [
  ion('F', 1),
  ion('Cl', 1),
  ion('Br', 1),
  ion('I', 1),
  ion('OH', 1, true),
  ion('NO3', 1, true),
  ion('HCO3', 1, true),
  ion('CH3COO', 1, true),
  ion('SO4', 2, true),
  ion('CO3', 2, true),
  ion('SO3', 2, true),
  ion('O', 2),
  ion('S', 2),
  ion('PO4', 3, true),
];

/** Compounds a chemistry book does not list (they do not exist as such, or decompose in water). */
const NOT_REAL = new Set([
  'AgOH',
  'NH4OH',
  '(NH4)2O',
  '(NH4)2S',
  'Al2(CO3)3',
  'Fe2(CO3)3',
  'Cr2(CO3)3',
  'Al2(SO3)3',
  'Fe2(SO3)3',
  'Cr2(SO3)3',
  'Al2S3',
  'Fe2S3',
  'Cr2S3',
  'CuI2',
  'FeI3',
]);

/** Hydrogencarbonates exist as solids or in solution only with these cations. */
const HYDROGENCARBONATE_CATIONS = new Set(['Li', 'Na', 'K', 'NH4', 'Mg', 'Ca', 'Ba', 'Sr']);
const isReal = (cation: Ion, anion: Ion): boolean =>
  !NOT_REAL.has(ionicFormula(cation, anion)) &&
  (anion.symbol !== 'HCO3' || HYDROGENCARBONATE_CATIONS.has(cation.symbol));

const part = (one: Ion, count: number): string =>
  count === 1 ? one.symbol : one.polyatomic ? `(${one.symbol})${String(count)}` : `${one.symbol}${String(count)}`;

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** The neutral formula of a salt: charges balanced with the fewest ions, `Al2(SO4)3`. */
export function ionicFormula(cation: Ion, anion: Ion): string {
  const shared = gcd(cation.charge, anion.charge);
  return part(cation, anion.charge / shared) + part(anion, cation.charge / shared);
}

/** Every salt of the tables that a book would print. */
const SALTS: readonly string[] = CATIONS.flatMap((cation) =>
  ANIONS.filter((anion) => isReal(cation, anion)).map((anion) => ionicFormula(cation, anion)),
);

/** Molecular compounds a first course meets. */
const MOLECULES = [
  'H2O',
  'CO2',
  'CO',
  'NH3',
  'CH4',
  'C2H6',
  'C3H8',
  'C4H10',
  'C2H4',
  'C2H2',
  'CH3OH',
  'C2H5OH',
  'C6H12O6',
  'C12H22O11',
  'C6H6',
  'CH3COOH',
  'HCl',
  'HNO3',
  'H2SO4',
  'H3PO4',
  'H2O2',
  'SO2',
  'SO3',
  'NO2',
  'N2O',
  'N2O4',
  'P4O10',
  'PCl5',
  'CCl4',
  'SiO2',
  'O3',
  'Cl2',
  'N2',
  'O2',
  'H2',
];

/** A compound for a molar mass or mole question. */
export const someCompound = (random: Random): string =>
  random() < 0.7 ? pickFrom(random, SALTS) : pickFrom(random, MOLECULES);

/** Metals as they react: their ion's charge decides the product's formula. */
const METALS: readonly Ion[] = [
  ion('Li', 1),
  ion('Na', 1),
  ion('K', 1),
  ion('Mg', 2),
  ion('Ca', 2),
  ion('Ba', 2),
  ion('Zn', 2),
  ion('Fe', 3),
  ion('Al', 3),
];
const REACTIVE_WITH_ACID: readonly Ion[] = [
  ion('Li', 1),
  ion('Na', 1),
  ion('K', 1),
  ion('Mg', 2),
  ion('Ca', 2),
  ion('Zn', 2),
  ion('Fe', 2),
  ion('Al', 3),
];
const WATER_METALS: readonly Ion[] = [ion('Li', 1), ion('Na', 1), ion('K', 1), ion('Ca', 2), ion('Ba', 2)];

interface Acid {
  formula: string;
  anion: Ion;
}
const ACIDS: readonly Acid[] = [
  { formula: 'HCl', anion: ion('Cl', 1) },
  { formula: 'HBr', anion: ion('Br', 1) },
  { formula: 'HI', anion: ion('I', 1) },
  { formula: 'HNO3', anion: ion('NO3', 1, true) },
  { formula: 'H2SO4', anion: ion('SO4', 2, true) },
  { formula: 'H3PO4', anion: ion('PO4', 3, true) },
];
/** Acids that give hydrogen with a metal (nitric acid gives nitrogen oxides instead). */
const HYDROGEN_ACIDS = ACIDS.filter((acid) => ['HCl', 'HBr', 'H2SO4'].includes(acid.formula));

const BASES: readonly Ion[] = [
  ion('Li', 1),
  ion('Na', 1),
  ion('K', 1),
  ion('Mg', 2),
  ion('Ca', 2),
  ion('Ba', 2),
  ion('Sr', 2),
  ion('Al', 3),
];
const CARBONATE_METALS: readonly Ion[] = [
  ion('Li', 1),
  ion('Na', 1),
  ion('K', 1),
  ion('Mg', 2),
  ion('Ca', 2),
  ion('Ba', 2),
  ion('Zn', 2),
];

const HALOGENS = ['F', 'Cl', 'Br', 'I'];
const OXIDE = ion('O', 2);
const HYDROXIDE = ion('OH', 1, true);
const CARBONATE = ion('CO3', 2, true);

/** Fuels a book burns: alkanes CnH2n+2, alkenes CnH2n, alcohols CnH2n+1OH and two sugars. */
const FUELS: readonly string[] = [
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => `C${n === 1 ? '' : String(n)}H${String(2 * n + 2)}`),
  ...[2, 3, 4, 5, 6].map((n) => `C${String(n)}H${String(2 * n)}`),
  'C2H2',
  'CH3OH',
  ...[2, 3, 4, 5, 6].map((n) => `C${String(n)}H${String(2 * n + 1)}OH`),
  'C6H12O6',
  'C12H22O11',
];

/** Precipitates from two soluble salts: the cation's nitrate (or chloride) and the anion's sodium or potassium salt. */
const PRECIPITATES: readonly (readonly [Ion, Ion])[] = [
  [ion('Ag', 1), ion('Cl', 1)],
  [ion('Ag', 1), ion('Br', 1)],
  [ion('Ag', 1), ion('I', 1)],
  [ion('Ag', 1), ion('CO3', 2, true)],
  [ion('Ag', 1), ion('PO4', 3, true)],
  [ion('Pb', 2), ion('Cl', 1)],
  [ion('Pb', 2), ion('I', 1)],
  [ion('Pb', 2), ion('SO4', 2, true)],
  [ion('Pb', 2), ion('CO3', 2, true)],
  [ion('Ba', 2), ion('SO4', 2, true)],
  [ion('Ba', 2), ion('CO3', 2, true)],
  [ion('Ba', 2), ion('PO4', 3, true)],
  [ion('Ca', 2), ion('CO3', 2, true)],
  [ion('Ca', 2), ion('PO4', 3, true)],
  [ion('Fe', 3), ion('OH', 1, true)],
  [ion('Cu', 2), ion('OH', 1, true)],
  [ion('Mg', 2), ion('OH', 1, true)],
  [ion('Zn', 2), ion('OH', 1, true)],
  [ion('Al', 3), ion('OH', 1, true)],
];

const NITRATE = ion('NO3', 1, true);
const CHLORIDE = ion('Cl', 1);

/** A reaction as a list of reactants and products (no coefficients), of a type a textbook chapter teaches. */
export interface Reaction {
  reactants: string[];
  products: string[];
}

export const equationText = (reaction: Reaction): string =>
  `${reaction.reactants.join(' + ')} -> ${reaction.products.join(' + ')}`;

/** One reaction of a randomly chosen type. */
export function someReaction(random: Random): Reaction {
  switch (Math.floor(random() * 9)) {
    case 0: {
      const fuel = pickFrom(random, FUELS);
      return { reactants: [fuel, 'O2'], products: ['CO2', 'H2O'] };
    }
    case 1: {
      const metal = pickFrom(random, METALS);
      return { reactants: [metal.symbol, 'O2'], products: [ionicFormula(metal, OXIDE)] };
    }
    case 2: {
      const metal = pickFrom(random, REACTIVE_WITH_ACID);
      const acid = pickFrom(random, HYDROGEN_ACIDS);
      return { reactants: [metal.symbol, acid.formula], products: [ionicFormula(metal, acid.anion), 'H2'] };
    }
    case 3: {
      const base = pickFrom(random, BASES);
      const acid = pickFrom(random, ACIDS);
      return {
        reactants: [acid.formula, ionicFormula(base, HYDROXIDE)],
        products: [ionicFormula(base, acid.anion), 'H2O'],
      };
    }
    case 4: {
      const metal = pickFrom(random, CARBONATE_METALS);
      const acid = pickFrom(
        random,
        ACIDS.filter((one) => one.formula !== 'H3PO4'),
      );
      return {
        reactants: [ionicFormula(metal, CARBONATE), acid.formula],
        products: [ionicFormula(metal, acid.anion), 'H2O', 'CO2'],
      };
    }
    case 5: {
      const metal = pickFrom(random, METALS);
      // Iron and iodine give iron(II) iodide, not FeI3: iodine takes the other halogens' place there.
      const halogen = pickFrom(random, metal.symbol === 'Fe' ? HALOGENS.slice(0, 3) : HALOGENS);
      return { reactants: [metal.symbol, `${halogen}2`], products: [ionicFormula(metal, ion(halogen, 1))] };
    }
    case 6: {
      const [cation, anion] = pickFrom(random, PRECIPITATES);
      const spectator = pickFrom(random, [ion('Na', 1), ion('K', 1)]);
      // Silver and lead chlorides are insoluble: those cations come as nitrates; the others as either salt.
      const partner = cation.symbol === 'Ag' || cation.symbol === 'Pb' || random() < 0.5 ? NITRATE : CHLORIDE;
      return {
        reactants: [ionicFormula(cation, partner), ionicFormula(spectator, anion)],
        products: [ionicFormula(cation, anion), ionicFormula(spectator, partner)],
      };
    }
    case 7: {
      const metal = pickFrom(random, WATER_METALS);
      return { reactants: [metal.symbol, 'H2O'], products: [ionicFormula(metal, HYDROXIDE), 'H2'] };
    }
    default: {
      // A more reactive metal displaces a less reactive one from its salt.
      const [metal, salt, freed] = pickFrom(random, DISPLACEMENTS);
      return { reactants: [metal, salt], products: [freed[0], freed[1]] };
    }
  }
}

const DISPLACEMENTS: readonly (readonly [string, string, readonly [string, string]])[] = [
  ['Zn', 'CuSO4', ['ZnSO4', 'Cu']],
  ['Fe', 'CuSO4', ['FeSO4', 'Cu']],
  ['Mg', 'CuSO4', ['MgSO4', 'Cu']],
  ['Al', 'CuSO4', ['Al2(SO4)3', 'Cu']],
  ['Cu', 'AgNO3', ['Cu(NO3)2', 'Ag']],
  ['Zn', 'AgNO3', ['Zn(NO3)2', 'Ag']],
  ['Mg', 'AgNO3', ['Mg(NO3)2', 'Ag']],
  ['Al', 'CuCl2', ['AlCl3', 'Cu']],
  ['Zn', 'Pb(NO3)2', ['Zn(NO3)2', 'Pb']],
  ['Mg', 'ZnCl2', ['MgCl2', 'Zn']],
  ['Cl2', 'NaBr', ['NaCl', 'Br2']],
  ['Cl2', 'KI', ['KCl', 'I2']],
  ['Br2', 'KI', ['KBr', 'I2']],
  ['Fe2O3', 'CO', ['Fe', 'CO2']],
  ['Fe2O3', 'Al', ['Al2O3', 'Fe']],
  ['CuO', 'H2', ['Cu', 'H2O']],
];

/** A measured value between lo and hi (spread evenly on a log scale) written to `figures` significant figures. */
const measured = (random: Random, lo: number, hi: number, figures = 3): string =>
  Number((lo * (hi / lo) ** random()).toPrecision(figures)).toPrecision(figures);

/** `Balance Al + O2 -> Al2O3`. */
export const balancingQuestion = (random: Random): string => `Balance ${equationText(someReaction(random))}`;

/** `What is the molar mass of Ca3(PO4)2?`. */
export const molarMassQuestion = (random: Random): string => `What is the molar mass of ${someCompound(random)}?`;

const ELEMENTS_AS_ATOMS = ['Fe', 'Cu', 'Al', 'Mg', 'Na', 'C', 'Zn', 'Ca', 'Ag', 'S'];

/** Grams, moles and particles, both ways. */
export const molesQuestion = (random: Random): string => {
  const molecule = pickFrom(
    random,
    MOLECULES.filter((one) => !['O3', 'Cl2', 'N2', 'O2', 'H2'].includes(one)),
  );
  switch (Math.floor(random() * 5)) {
    case 0:
      return `How many moles are in ${measured(random, 2, 250)} g of ${someCompound(random)}?`;
    case 1:
      return `What is the mass of ${measured(random, 0.1, 5)} mol of ${someCompound(random)}?`;
    case 2:
      return `How many molecules are in ${measured(random, 0.1, 5)} mol of ${molecule}?`;
    case 3:
      return `How many atoms are in ${measured(random, 0.1, 5)} mol of ${pickFrom(random, ELEMENTS_AS_ATOMS)}?`;
    default:
      return `How many moles are in ${measured(random, 1, 9.9)} × 10^${String(Math.floor(22 + 3 * random()))} molecules of ${molecule}?`;
  }
};

/** The ideal gas law and the combined gas laws, with realistic temperatures and pressures. */
export const gasQuestion = (random: Random): string => {
  const kelvin = (): string => String(250 + Math.floor(random() * 250));
  const celsius = (): string => String(Math.floor(random() * 150));
  switch (Math.floor(random() * 6)) {
    case 0:
      return `What volume do ${measured(random, 0.2, 5)} mol of gas occupy at ${kelvin()} K and ${measured(random, 0.5, 3)} atm?`;
    case 1:
      return `What pressure do ${measured(random, 0.2, 5)} mol of gas exert in ${measured(random, 2, 50)} L at ${kelvin()} K?`;
    case 2:
      return `How many moles of gas are in ${measured(random, 1, 50)} L at ${kelvin()} K and ${measured(random, 0.5, 3)} atm?`;
    case 3:
      return `A gas occupies ${measured(random, 1, 20)} L at ${measured(random, 0.5, 4)} atm. What is its volume at ${measured(random, 0.5, 4)} atm at the same temperature?`;
    case 4: {
      const first = celsius();
      let second = celsius();
      if (second === first) second = String(Number(first) + 25);
      return `A gas has a volume of ${measured(random, 1, 20)} L at ${first} °C. What is its volume at ${second} °C at constant pressure?`;
    }
    default: {
      const first = kelvin();
      let second = kelvin();
      if (second === first) second = String(Number(first) + 50);
      return `A gas at ${first} K and ${measured(random, 0.5, 3)} atm is heated to ${second} K at constant volume. What is the new pressure?`;
    }
  }
};

/** Solutes that dissolve well, for molarity questions. */
const SOLUTES = [
  'NaCl',
  'KCl',
  'NaOH',
  'KOH',
  'KNO3',
  'NaNO3',
  'CuSO4',
  'MgSO4',
  'Na2SO4',
  'K2SO4',
  'CaCl2',
  'MgCl2',
  'NH4Cl',
  'Na2CO3',
  'AgNO3',
  'KBr',
  'NaBr',
  'KI',
  'LiCl',
  'BaCl2',
  'C6H12O6',
  'NH4NO3',
  'K2CO3',
  'Zn(NO3)2',
];

/** Concentration in mol/L: from moles or grams, and back. */
export const molarityQuestion = (random: Random): string => {
  const solute = pickFrom(random, SOLUTES);
  const litres = measured(random, 0.1, 2.5);
  switch (Math.floor(random() * 4)) {
    case 0:
      return `What is the molarity of ${measured(random, 0.05, 2)} mol ${solute} in ${litres} L of solution?`;
    case 1:
      return `What is the molarity of a solution made by dissolving ${measured(random, 1, 100)} g of ${solute} in ${litres} L of solution?`;
    case 2:
      return `How many moles of ${solute} are in ${litres} L of ${measured(random, 0.05, 3)} M ${solute}?`;
    default:
      return `What mass of ${solute} is needed to make ${litres} L of a ${measured(random, 0.05, 2)} M solution?`;
  }
};

/** Mass to mass through a reaction the question states (unbalanced, as a worksheet gives it). */
export const stoichiometryQuestion = (random: Random): string => {
  const reaction = someReaction(random);
  const given = pickFrom(random, reaction.reactants);
  const asked = pickFrom(random, reaction.products);
  const others = reaction.reactants.filter((one) => one !== given);
  const excess = others.length === 0 ? '' : ` and excess ${others.join(' and ')}`;
  return `For the reaction ${equationText(reaction)}, how many grams of ${asked} form from ${measured(random, 1, 100)} g of ${given}${excess}?`;
};

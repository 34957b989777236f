/**
 * Stoichiometry: mass ↔ moles ↔ mass through a balanced equation, and the limiting reagent.
 *
 * The phrasings read (anything else is `unsupported`, never guessed):
 * - an amount is a number and a unit right before a formula: `4.0 g of H2`, `3.0 mol O2`, `2.5 kg CaCO3`
 *   (units g, kg, mg, mol, mmol; formulas, not names);
 * - the unknown: `how many grams|moles|kg|mg|mmol of X`, `what mass of X` (grams), `how many moles of X`;
 * - `limiting reagent` / `limiting reactant` asks which reactant runs out first (two or more amounts needed);
 * - `excess X`, `X in excess`: X never runs out;
 * - `to form X`, `producing X`: X is a product.
 * The reaction comes from an equation in the question (balanced here if it is not), otherwise from the species
 * named when they fit exactly one balanced reaction, otherwise from a short table of textbook reactions
 * (complete combustion to CO2 and H2O among them), which the steps state as an assumption.
 */
export { checkStoichiometry } from './check';
export { practiceVariants } from './practice';
export { LIMITING_KIND, STOICHIOMETRY_KIND, type Given, type StoichiometryProblem } from './problem';
export { readStoichiometry } from './read';
export { type StoichiometrySolution, solveStoichiometryProblem, stoichiometryHints } from './solve';

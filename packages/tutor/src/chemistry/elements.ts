/**
 * Element symbols and standard atomic weights, from the `chemical-elements` package (IUPAC-based abundance
 * weighted masses). Elements without a standard atomic weight (Tc, Pm, the heavy radioactive ones) have none
 * here, and a molar mass that needs one is refused rather than invented.
 */
import { elementsObject } from 'chemical-elements';

export function isElement(symbol: string): boolean {
  return elementsObject[symbol] !== undefined;
}

/** @returns the standard atomic weight in g/mol, or undefined when the element has none */
export function atomicWeight(symbol: string): number | undefined {
  const mass = elementsObject[symbol]?.mass;
  return typeof mass === 'number' && Number.isFinite(mass) ? mass : undefined;
}

export function elementName(symbol: string): string {
  return elementsObject[symbol]?.name ?? symbol;
}

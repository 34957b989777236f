/** Reads a stoichiometry question: the amounts given, the unknown asked, the equation and the excess reagents. */
/* eslint-disable @typescript-eslint/no-non-null-assertion -- invariants, see README.md "Non-null assertions" */
import { isElement } from '../elements';
import { hasArrow } from '../equation';
import { normalizeChemText, parseSpecies } from '../formula';
import { significantFigures } from '../sigfigs';
import {
  FORMULA,
  type Given,
  NUMBER,
  SCALE,
  type StoichiometryProblem,
  UNIT,
  type Unit,
  cleanFormula,
  keyOf,
  unitOf,
} from './problem';

const LEADING_WORDS =
  /^(given|for|in|the|a|an|reaction|equation|balanced|consider|using|from|with|according|to|of|if)$/i;

/** Finds the equation in a question: the clause with the arrow, without the words around it. */
export function equationClause(text: string): string | undefined {
  if (!hasArrow(text)) return undefined;
  const clauses = text.split(/[,;:?]|\.(?=\s|$)/);
  const clause = clauses.find((one) => hasArrow(one));
  if (!clause) return undefined;
  const tokens = clause.trim().split(/\s+/);
  const isWord = (token: string): boolean => {
    if (LEADING_WORDS.test(token)) return true;
    // A lower-case word, maybe in brackets ("(balance)", "it."), is never a formula (the electron e- has a sign).
    if (/^[([]?[a-z][a-z']*[)\].,!?]*$/.test(token)) return true;
    if (!/^[A-Za-z]+$/.test(token)) return false;
    // A capital and at most one more letter is meant as a formula (`Xy`): kept, so a wrong symbol is named.
    if (/^[A-Z][a-z]?$/.test(token)) return false;
    try {
      parseSpecies(token, isElement);
      return false;
    } catch {
      return true;
    }
  };
  while (tokens.length && isWord(tokens[0]!)) tokens.shift();
  while (tokens.length && isWord(tokens[tokens.length - 1]!) && tokens[tokens.length - 1] !== 'e-') tokens.pop();
  return tokens.join(' ');
}

/** @returns the problem read from the question, or undefined when it is not a stoichiometry question */
export function readStoichiometry(question: string): StoichiometryProblem | undefined {
  const text = normalizeChemText(question).replace(/\s+/g, ' ').trim();
  const asksLimiting = /\blimiting\s+(reagent|reactant)s?\b/i.test(text);
  // A formula starts with a capital letter: with the `i` flag `how many moles are …` would read "are" as one.
  const capital = (match: RegExpExecArray | null): RegExpExecArray | null =>
    match && /^[A-Z]/.test(match[2] ?? '') ? match : null;
  const targetMatch =
    capital(new RegExp(String.raw`\bhow\s+many\s+(${UNIT})\s+(?:of\s+)?(${FORMULA})`, 'i').exec(text)) ??
    capital(
      new RegExp(
        String.raw`\b(?:what|find|calculate|determine|compute|work\s+out|give)\s+(?:is\s+)?(?:the\s+)?(mass|amount\s+in\s+moles|number\s+of\s+moles|moles|amount)\s+of\s+(${FORMULA})`,
        'i',
      ).exec(text),
    ) ??
    capital(new RegExp(String.raw`\bhow\s+(much)\s+(${FORMULA})`, 'i').exec(text)) ??
    // The short form after an equation, "…. mass of iron from 100 g Fe2O3": the amount at a clause's start.
    capital(
      new RegExp(
        String.raw`(?:^|[.,;:?!] )(?:the )?(mass|amount in moles|number of moles|moles|amount|grams|kg) of (${FORMULA})`,
        'i',
      ).exec(text),
    );
  const equationText = equationClause(text);
  const withoutEquation = equationText ? text.replace(equationText, ' ') : text;
  const givens: Given[] = [];
  const givenPattern = new RegExp(String.raw`(?<![\w.])(${NUMBER})\s*(${UNIT})\b\.?\s*(?:of\s+)?(${FORMULA})`, 'g');
  for (const match of withoutEquation.matchAll(givenPattern)) {
    const formula = cleanFormula(match[3]!);
    const key = keyOf(formula);
    if (!key) continue;
    const unit = unitOf(match[2]!);
    givens.push({
      formula,
      key,
      written: match[1]!,
      value: Number(match[1]) * SCALE[unit],
      unit,
      figures: significantFigures(match[1]!),
      index: text.indexOf(match[0]),
    });
  }
  if (!targetMatch && !asksLimiting) return undefined;
  if (givens.length === 0) return undefined;
  let target: StoichiometryProblem['target'];
  if (targetMatch) {
    const word = targetMatch[1]!.toLowerCase();
    const unit: Unit =
      word === 'mass' || word === 'much' ? 'g' : word.includes('mole') || word === 'amount' ? 'mol' : unitOf(word);
    const formula = cleanFormula(targetMatch[2]!);
    const after = text.slice(targetMatch.index + targetMatch[0].length);
    const role =
      /^\s*(?:(?:are|is|will|would|can|could|must)\s*)?(?:be\s+)?(needed|required|necessary|used|consumed|react|reacts|reacted|burned|burnt)\b/i.test(
        after,
      )
        ? 'reactant'
        : /^\s*(?:(?:are|is|will|would|can|could)\s*)?(?:be\s+)?(form|formed|forms|produced|produce|obtained|made|generated|released|given off|yielded|result|created)\b/i.test(
              after,
            )
          ? 'product'
          : undefined;
    target = { formula, unit, role };
  }
  // `X in excess` read from the start of X's word (with a coefficient before it): tried from every letter of a long
  // word, it would be quadratic.
  const excess = [
    ...[...text.matchAll(new RegExp(String.raw`\bexcess\s+(?:of\s+)?(${FORMULA})`, 'g'))].map((m) =>
      cleanFormula(m[1]!),
    ),
    ...[
      ...text.matchAll(
        new RegExp(String.raw`(?<![A-Za-z0-9()\[\]·*])\d*(${FORMULA})\s+(?:is\s+|are\s+)?in\s+excess`, 'g'),
      ),
    ].map((m) => cleanFormula(m[1]!)),
  ];
  const products: string[] = [];
  for (const match of text.matchAll(
    new RegExp(
      String.raw`\b(?:to\s+(?:form|produce|give|make|yield)|forming|producing|yielding)\s+(${FORMULA}(?:\s*(?:and|\+)\s*${FORMULA})*)`,
      'g',
    ),
  )) {
    for (const one of match[1]!.split(/and|\+/)) products.push(cleanFormula(one.trim()));
  }
  return { text, equationText, givens, excess, products, target, asksLimiting };
}

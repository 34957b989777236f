/** Misspellings a phone makes of the instruction words, by the word they mean (only whole words are replaced). */
const TYPOS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b(?:slove|sovle|solv|sloev|slvoe|sole|solce|soleve)\b/gi, 'solve'],
  [/\b(?:derivitive|derivate|derivatve|derivtive|derivaive|dervative|derivitave|deriviative)\b/gi, 'derivative'],
  [/\b(?:diferentiate|differenciate|differentate|diffrentiate)\b/gi, 'differentiate'],
  [/\b(?:intergral|integeral|intgral|integarl|intergal|integrel)\b/gi, 'integral'],
  [/\b(?:intergrate|integerate|intgrate|integrat)\b/gi, 'integrate'],
  [/\b(?:simplfy|simpify|simplyfy|simlify|simplify)\b/gi, 'simplify'],
  [/\b(?:factorize|factorise|factorice|factorse)\b/gi, 'factor'],
  [/\b(?:limt|limmit|limitt)\b/gi, 'limit'],
  [/\b(?:fnd|fidn|finf)\b/gi, 'find'],
  [/\b(?:calcualte|calculte|caculate|calulate)\b/gi, 'calculate'],
  [/\b(?:percnt|precent|persent|pecent)\b/gi, 'percent'],
  [/\b(?:percentge|precentage|persentage)\b/gi, 'percentage'],
];

/**
 * @param text - the question, symbols already plain
 * @returns the question with the instruction words a phone misspells written right
 */
export function fixTypos(text: string): string {
  let out = text;
  for (const [pattern, replacement] of TYPOS) out = out.replace(pattern, replacement);
  return out;
}

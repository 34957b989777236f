/**
 * Column spans that make a list of tool cards fill every row of its grid, so no empty cell shows at any width:
 * two columns from `sm` (an odd last card spans both) and, from `lg`, six columns holding three cards of two
 * (a row of two cards takes three columns each, a lone card all six). Full class names, for Tailwind's scanner;
 * the gap is the caller's.
 */
export const TOOL_GRID_CLASS = 'grid sm:grid-cols-2 lg:grid-cols-6';

/**
 * @param index - the card's place in the list, from 0
 * @param count - how many cards the list has
 * @param phoneColumns - 2 when the grid also has two columns below `sm` (the app's compact cards), else 1
 * @returns the card's span classes
 */
export function toolGridItemClass(index: number, count: number, phoneColumns: 1 | 2 = 1): string {
  const lastRowStart = count - (count % 3 || 3);
  const lastRowSize = count - lastRowStart;
  const wide =
    index < lastRowStart || lastRowSize === 3 ? 'lg:col-span-2' : lastRowSize === 2 ? 'lg:col-span-3' : 'lg:col-span-6';
  const oddLast = count % 2 === 1 && index === count - 1;
  const narrow = oddLast ? (phoneColumns === 2 ? 'col-span-2 sm:col-span-2' : 'sm:col-span-2') : '';
  return [narrow, wide].filter(Boolean).join(' ');
}

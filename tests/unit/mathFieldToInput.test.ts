import { describe, expect, test } from 'vitest';
import { ALGEBRA, CALCULUS, CHEMISTRY, mathKeys } from '@/components/chat/mathKeyboardLayouts';
import { mathFieldMode, type MathFieldMode } from '@/lib/mathField';
import { mathFieldToInput } from '@/lib/mathFieldToInput';

const read = (latex: string, mode: MathFieldMode = 'math') => {
  const reading = mathFieldToInput(latex, mode);
  return reading.ok ? reading.text : `refused: ${reading.reason}`;
};

/**
 * Every key of the layouts, as MathLive inserts it with its boxes filled in (`#@`, `#0`, `#?` replaced by what a
 * student would type there), and the calculator input the engines get. A key added to a layout without a line here
 * fails the last test of this block.
 */
const KEYS: Record<string, [latex: string, input: string]> = {
  x: ['2x', '2x'],
  y: ['x+y', 'x+y'],
  '\\frac{#@}{#?}': ['\\frac{3}{4}+\\frac{5}{6}', '3/4+5/6'],
  '#@^{2}': ['x^{2}-5x+6=0', 'x^2-5x+6=0'],
  '#@^{#?}': ['2^{x+1}=32', '2^(x+1)=32'],
  '\\sqrt{#0}': ['\\sqrt{x+1}=3', 'sqrt(x+1)=3'],
  '(': ['2(x+1)=8', '2(x+1)=8'],
  ')': ['(x-1)(x+2)', '(x-1)(x+2)'],
  '\\cdot': ['3\\cdot4', '3*4'],
  '\\sqrt[#?]{#0}': ['\\sqrt[3]{x}=2', 'x^(1/3)=2'],
  '\\left|#0\\right|': ['\\left|x-1\\right|=3', 'abs(x-1)=3'],
  '\\pi': ['2\\pi r', '2pi*r'],
  '<': ['2x<6', '2x<6'],
  '>': ['x>1', 'x>1'],
  '-': ['2x-3=7', '2x-3=7'],
  '\\le': ['2x-3\\le7', '2x-3 <= 7'],
  '\\ge': ['x^2\\ge4', 'x^2 >= 4'],
  '\\theta': ['\\sin(\\theta)=\\frac{1}{2}', 'sin(θ)=1/2'],
  '.': ['0.5x=2', '0.5x=2'],
  '=': ['x=4', 'x=4'],
  '+': ['2x+3=11', '2x+3=11'],
  ',': ['x+y=3,x-y=1', 'x+y=3,x-y=1'],
  '\\frac{\\mathrm{d}}{\\mathrm{d}x}': ['\\frac{\\mathrm{d}}{\\mathrm{d}x}x^2\\sin(x)', 'd/dx (x^2*sin(x))'],
  '\\int_{#?}^{#?}#?\\,\\mathrm{d}x': ['\\int_{0}^{3}x^2\\,\\mathrm{d}x', 'integrate x^2 dx from 0 to 3'],
  '\\int #?\\,\\mathrm{d}x': ['\\int \\frac{1}{x}\\,\\mathrm{d}x', 'integral of 1/x dx'],
  '\\lim_{x\\to#?}#?': ['\\lim_{x\\to0}\\frac{\\sin(x)}{x}', 'lim x -> 0 (sin(x)/x)'],
  '\\infty': ['\\lim_{x\\to\\infty}\\frac{1}{x}', 'lim x -> infinity (1/x)'],
  'e^{#?}': ['e^{2x}=7', 'e^(2x)=7'],
  '\\sin(#0)': ['\\sin(x)=\\frac{1}{2}', 'sin(x)=1/2'],
  '\\cos(#0)': ['\\cos(x)=0', 'cos(x)=0'],
  '\\tan(#0)': ['\\tan(x)=1', 'tan(x)=1'],
  '\\ln(#0)': ['\\ln(x)=2', 'ln(x)=2'],
  '\\log_{#?}(#0)': ['\\log_{2}(x)=5', 'log_2(x)=5'],
};

const CHEMISTRY_KEYS: Record<string, [latex: string, input: string]> = {
  '\\mathrm{H}': ['\\mathrm{H}_2+\\mathrm{O}_2\\rightarrow\\mathrm{H}_2\\mathrm{O}', 'H2 + O2 -> H2O'],
  '\\mathrm{C}': ['\\mathrm{C}\\mathrm{O}_2', 'CO2'],
  '\\mathrm{N}': ['\\mathrm{N}\\mathrm{H}_{4}^{+}', 'NH4^+'],
  '\\mathrm{O}': ['\\mathrm{O}\\mathrm{H}^{-}', 'OH^-'],
  '\\mathrm{Na}': ['\\mathrm{Na}\\mathrm{Cl}', 'NaCl'],
  '\\mathrm{Cl}': ['\\mathrm{Cl}_{2}', 'Cl2'],
  '\\mathrm{Fe}': ['\\mathrm{Fe}^{3+}', 'Fe^3+'],
  '\\mathrm{S}': ['\\mathrm{S}\\mathrm{O}_{4}^{2-}', 'SO4^2-'],
  '\\mathrm{Ca}': ['\\mathrm{Ca}(\\mathrm{O}\\mathrm{H})_{2}', 'Ca(OH)2'],
  '\\mathrm{Mg}': ['2\\mathrm{Mg}+\\mathrm{O}_2\\rightarrow2\\mathrm{Mg}\\mathrm{O}', '2Mg + O2 -> 2MgO'],
  '\\mathrm{K}': ['\\mathrm{K}\\mathrm{Mn}\\mathrm{O}_4', 'KMnO4'],
  '\\mathrm{Cu}': ['\\mathrm{Cu}\\mathrm{S}\\mathrm{O}_4\\cdot5\\mathrm{H}_2\\mathrm{O}', 'CuSO4 · 5H2O'],
  '#@_{#?}': ['\\mathrm{C}_{3}\\mathrm{H}_{8}', 'C3H8'],
  '#@^{+}': ['\\mathrm{H}^{+}', 'H^+'],
  '#@^{-}': ['\\mathrm{Cl}^{-}', 'Cl^-'],
  '#@^{#?+}': ['\\mathrm{Mn}^{2+}', 'Mn^2+'],
  '#@^{#?-}': ['\\mathrm{O}^{2-}', 'O^2-'],
  'e^{-}': ['\\mathrm{Fe}^{3+}+e^{-}\\rightarrow\\mathrm{Fe}^{2+}', 'Fe^3+ + e^- -> Fe^2+'],
  '+': ['\\mathrm{H}_2+\\mathrm{Cl}_2', 'H2 + Cl2'],
  '\\rightarrow': ['\\mathrm{H}_2\\mathrm{O}_2\\rightarrow\\mathrm{H}_2\\mathrm{O}+\\mathrm{O}_2', 'H2O2 -> H2O + O2'],
  '(': ['\\mathrm{Al}_2(\\mathrm{S}\\mathrm{O}_4)_3', 'Al2(SO4)3'],
  ')': ['(\\mathrm{N}\\mathrm{H}_4)_2\\mathrm{S}', '(NH4)2S'],
  '\\cdot': ['\\mathrm{Mg}\\mathrm{S}\\mathrm{O}_4\\cdot7\\mathrm{H}_2\\mathrm{O}', 'MgSO4 · 7H2O'],
};

describe('mathFieldToInput: every key of the layouts', () => {
  describe.each([
    ['algebra', ALGEBRA],
    ['calculus', CALCULUS],
  ])('%s', (_, layout) => {
    test.each(mathKeys(layout).map((latex) => [latex]))('%s', (latex) => {
      const [typed, input] = KEYS[latex] ?? ['', 'no test for this key'];
      expect(read(typed)).toBe(input);
    });
  });

  describe('chemistry', () => {
    test.each(mathKeys(CHEMISTRY).map((latex) => [latex]))('%s', (latex) => {
      const [typed, input] = CHEMISTRY_KEYS[latex] ?? ['', 'no test for this key'];
      expect(read(typed, 'chemistry')).toBe(input);
    });
  });
});

describe('mathFieldToInput: what MathLive writes when typing', () => {
  test.each([
    // Typed on a desktop: x^2 makes a power, / a fraction, sqrt a root (MathLive's own shortcuts).
    ['x^2-5x+6=0', 'x^2-5x+6=0'],
    ['x^{10}', 'x^10'],
    ['x^{-1}', 'x^(-1)'],
    ['\\frac{x+1}{x-1}=2', '(x+1)/(x-1)=2'],
    // MathLive leaves out the braces of one-character arguments.
    ['x^2=\\frac14', 'x^2=1/4'],
    ['\\sqrt2x', 'sqrt(2)x'],
    ['\\frac{1}{2}x=3', '(1/2)x=3'],
    ['x\\frac{1}{2}', 'x(1/2)'],
    ['\\frac{\\frac{1}{2}}{3}', '(1/2)/3'],
    ['\\sqrt{2}\\cdot\\sqrt{8}', 'sqrt(2)*sqrt(8)'],
    ['\\sqrt[2]{9}', 'sqrt(9)'],
    ['\\sqrt[3]{x+1}', '(x+1)^(1/3)'],
    ['\\left(x+1\\right)^2', '(x+1)^2'],
    ['\\left\\lbrack x\\right\\rbrack', '(x)'],
    ['|x-1|=3', '|x-1|=3'],
    ['\\left\\vert x\\right\\vert', 'abs(x)'],
    ['3\\times4', '3×4'],
    ['12\\div4', '12/4'],
    ['x\\ne2', 'x != 2'],
    ['x\\leq2', 'x <= 2'],
    ['3{,}5+1', '3.5+1'],
    ['\\sin x+1', 'sin(x)+1'],
    ['\\sin2x', 'sin(2x)'],
    ['\\sin^2x+\\cos^2x', 'sin(x)^2+cos(x)^2'],
    ['\\sin^{-1}\\left(x\\right)', 'arcsin(x)'],
    ['\\sin x\\cos x', 'sin(x)*cos(x)'],
    ['\\log_{10}100', 'log_10(100)'],
    ['\\exponentialE^{x}', 'e^x'],
    ['x_1+x_2', 'x_1+x_2'],
    ['30^{\\circ}', '30°'],
    ['\\frac{d}{dx}\\left(x^3\\right)', 'd/dx (x^3)'],
    ['\\frac{\\mathrm{d}}{\\mathrm{d}t}t^2', 'd/dt (t^2)'],
    ['\\int_0^1x\\,dx', 'integrate x dx from 0 to 1'],
    ['\\int_{0}^{\\pi}\\sin(x)\\,\\mathrm{d}x', 'integrate sin(x) dx from 0 to pi'],
    ['\\int x^2', 'integral of x^2 dx'],
    ['\\int_{1}^{2}t\\,\\differentialD t', 'integrate t dt from 1 to 2'],
    ['\\lim_{x\\to2}\\frac{x^2-4}{x-2}', 'lim x -> 2 ((x^2-4)/(x-2))'],
    ['\\lim_{x\\to0}\\left(1+x\\right)', 'lim x -> 0 (1+x)'],
    ['\\begin{cases}x+y=3\\\\x-y=1\\end{cases}', 'x+y=3, x-y=1'],
    ['x + y = 3 \\\\ x - y = 1', 'x+y=3, x-y=1'],
    ['v=20\\,\\mathrm{m/s}', 'v=20 m/s'],
    ['\\text{speed}=\\frac{d}{t}', 'speed=d/t'],
  ])('%s → %s', (latex, input) => {
    expect(read(latex)).toBe(input);
  });
});

describe('mathFieldToInput: refusals in plain words', () => {
  test.each([
    ['\\frac{}{2}', 'still empty'],
    ['x^{}', 'still empty'],
    ['\\sqrt{}', 'still empty'],
    ['\\frac{\\placeholder{}}{2}', 'still empty'],
    ['\\int_{0}x\\,dx', 'needs both'],
    ['\\lim\\frac{1}{x}', 'where x goes'],
    ['\\sin', 'needs something after it'],
    ['\\left(x+1', 'not closed'],
    ['\\oint x', 'can\'t read the symbol "\\oint"'],
    ['\\begin{pmatrix}1\\end{pmatrix}', 'can\'t read the symbol "pmatrix"'],
  ])('%s', (latex, reason) => {
    const reading = mathFieldToInput(latex);
    expect(reading.ok).toBe(false);
    if (!reading.ok) expect(reading.reason).toContain(reason);
  });

  test('an empty field reads as nothing', () => {
    expect(mathFieldToInput('')).toEqual({ ok: true, text: '' });
  });
});

describe('mathFieldMode', () => {
  test('the solvers have a math keyboard; the translator and the homework helper do not', () => {
    expect(mathFieldMode('math-solver')).toBe('math');
    expect(mathFieldMode('physics-solver')).toBe('math');
    expect(mathFieldMode('chemistry-solver')).toBe('chemistry');
    expect(mathFieldMode('translator')).toBeUndefined();
  });
});

// The physics answer (physics/answer.ts): honest rounding (the computed value first, the value to the data's
// figures beside it, check() accepting either), every given used or set aside with a reason, and steps whose shown
// arithmetic adds up when recomputed from the numbers as shown.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type * as ArithmeticCheck from '../src/arithmetic-check.ts';
import type * as Physics from '../src/physics/index.ts';
import { requireCompiled } from './support/compiled.ts';
import { latexAsText } from './support/latex-text.ts';

const { physicsEngine } = requireCompiled<typeof Physics>('physics/index');
const { findArithmetic } = requireCompiled<typeof ArithmeticCheck>('arithmetic-check');

const solve = (q: string) => physicsEngine.solve(q);

function solvedText(question: string): string {
  const a = solve(question);
  assert.equal(a.status, 'solved', `${question}: ${a.reason ?? ''}`);
  assert.equal(a.verified, true, question);
  return a.answer?.text ?? '';
}

describe('honest rounding', () => {
  test('the computed value comes first, to at least 4 figures, then the value to the data figures', () => {
    // 2 / 0.003 = 666.67; 0.003 m^3 has one figure.
    assert.equal(
      solvedText('What is the density of a 2 kg block of volume 0.003 m^3?'),
      "666.7 kg/m^3, ≈ 7×10^2 kg/m^3 to the data's 1 significant figure",
    );
    // 55 * 9.81 * 2 = 1079.1 exactly: shown in full.
    assert.equal(
      solvedText('How much work is done lifting 55 kg by 2 m? g = 9.81 m/s^2'),
      "1079.1 J, ≈ 1×10^3 J to the data's 1 significant figure",
    );
    // 200 / 0.03 = 6666.67 Pa
    assert.equal(
      solvedText('what pressure does 200 N exert on 0.03 m²?'),
      "6667 Pa, ≈ 7×10^3 Pa to the data's 1 significant figure",
    );
  });

  test('one value when rounding to the data loses nothing', () => {
    assert.equal(solvedText('m = 2 kg, a = 3 m/s^2, F = ?'), '6 N');
    assert.equal(solvedText('V = 12 V, R = 4.0 Ω, I = ?'), '3.0 A');
    assert.equal(solvedText('A car travels at 72 km/h for 10 min. How far does it go?'), '12 km');
  });

  test('check() accepts the computed value or the value to the data figures, and nothing far off', () => {
    const density = 'What is the density of a 2 kg block of volume 0.003 m^3?';
    for (const right of ['666.7 kg/m^3', '667 kg/m^3', '700 kg/m^3', '7 × 10^2 kg/m^3', '0.6667 g/cm^3']) {
      assert.equal(physicsEngine.check(density, right).correct, true, right);
    }
    assert.equal(physicsEngine.check(density, '500 kg/m^3').correct, false);
    const lift = 'How much work is done lifting 55 kg by 2 m? g = 9.81 m/s^2';
    for (const right of ['1079.1 J', '1079 J', '1.08 kJ', '1000 J', '1 × 10^3 J']) {
      assert.equal(physicsEngine.check(lift, right).correct, true, right);
    }
    assert.equal(physicsEngine.check(lift, '1200 J').correct, false);
    // Our own answer text reads back as right.
    assert.equal(physicsEngine.check(lift, solvedText(lift)).correct, true);
    // Whole-number data: 130 m is not 121.5 m, although both are 1 × 10^2 m to one figure.
    const car = 'A car accelerates from 0 to 27 m/s in 9 s, how far does it go?';
    assert.equal(physicsEngine.check(car, '121.5 m').correct, true);
    assert.equal(physicsEngine.check(car, '100 m').correct, true);
    assert.equal(physicsEngine.check(car, '130 m').correct, false);
  });

  test('the rounding check passes and names both values', () => {
    const a = solve('What is the density of a 2 kg block of volume 0.003 m^3?');
    const rounding = a.checks.find((c) => c.kind === 'rounding');
    assert.ok(rounding);
    assert.equal(rounding.passed, true);
    assert.match(rounding.detail, /666\.7 kg\/m\^3 and 7×10\^2 kg\/m\^3/u);
  });
});

describe('every given used', () => {
  test('a givens check lists each value and what it is used as', () => {
    const a = solve('A box of 5 kg is pushed with 20 N. Friction is 5 N. What is the acceleration?');
    const givens = a.checks.find((c) => c.kind === 'givens');
    assert.ok(givens);
    assert.equal(givens.passed, true);
    assert.match(givens.detail, /20 N is used as F1; 5 N is used as Ff/u);
  });

  test('a value that is not needed is named with the reason', () => {
    const a = solve('what is the acceleration of a 4 kg block on a frictionless ramp inclined at 25 degrees?');
    assert.equal(a.status, 'solved');
    assert.equal(a.verified, true);
    assert.match(a.steps[0]?.explanation ?? '', /4 kg \(the mass\) is not needed: the mass cancels/u);
    assert.match(a.checks.find((c) => c.kind === 'givens')?.detail ?? '', /4 kg is not needed/u);
  });

  test('a value the solution would silently drop makes the question refused, never an unchecked guess', () => {
    const a = solve('A 5 kg box is pushed with 20 N and its temperature is 300 K. What is the acceleration?');
    assert.equal(a.status, 'unsupported');
    assert.equal(a.verified, false);
    assert.match(a.reason ?? '', /leaving out 300 K/u);
  });
});

// Questions across the families: every "a × b = c" in their steps must be right from the numbers as shown.
const WORKED = [
  'A car accelerates from 0 to 27 m/s in 9 s, how far does it go?',
  'u = 2.00 m/s, a = 3.00 m/s^2, t = 4.00 s, s = ?',
  'A car moving at 20.0 m/s decelerates at 5.00 m/s^2 and comes to a stop. What is the stopping distance?',
  'A ball is dropped from a height of 20.0 m. How long does it take to hit the ground?',
  'A ball is thrown straight up at 15 m/s. How high does it go?',
  'A projectile is launched at 20.0 m/s at an angle of 30.0°. What is its range?',
  'A box of 5 kg is pushed with 20 N. Friction is 5 N. What is the acceleration?',
  'A 20 kg crate is pushed with 100 N across a floor with a coefficient of friction of 0.3. What is its acceleration?',
  'Two forces act on a 5 kg object: 10 N to the left and 25 N to the right. Find the acceleration.',
  'A block slides down a frictionless incline of 35°. What is its acceleration?',
  'How much work is done lifting 55 kg by 2 m? g = 9.81 m/s^2',
  'What power is needed to lift a 60 kg mass 4 m in 8 s?',
  'What is the kinetic energy of a 62 kg runner moving at 7 m/s?',
  'How long does light take to travel 384000000 m?',
  'Three resistors of 2.0 Ω, 3.0 Ω and 6.0 Ω are connected in parallel. Find the equivalent resistance.',
  '2.00 mol of gas at 25.0 °C occupies 10.0 L. What is the pressure?',
  'What is the density of a 2 kg block of volume 0.003 m^3?',
];

describe('shown arithmetic adds up', () => {
  for (const question of WORKED) {
    test(question, () => {
      const a = solve(question);
      assert.equal(a.status, 'solved', `${question}: ${a.reason ?? ''}`);
      let found = 0;
      for (const step of a.steps) {
        // The working is the step's typeset line (issue #14: the explanation says what to do in words).
        for (const statement of findArithmetic(latexAsText(step.latex ?? ''))) {
          found += 1;
          assert.ok(statement.correct, `${statement.text} (should be ${statement.computedText}) in "${step.title}"`);
        }
      }
      assert.ok(found > 0, `${question}: no calculation recomputed`);
    });
  }

  test('powers of ten are written out, and the working uses the constants as listed', () => {
    const a = solve('What is the energy of a photon of wavelength 500 nm?');
    const text = a.steps.map((s) => s.explanation).join('\n');
    const working = a.steps.map((s) => latexAsText(s.latex ?? '')).join('\n');
    // Issue #14: the constants are named in words; their values are the typeset list.
    assert.match(text, /h, Planck's constant, exact in the SI \(a standard value\)/u);
    assert.match(text, /c, the speed of light/u);
    assert.match(working, /h = 6\.62607015 × 10\^-34 J · s/u);
    assert.match(working, /c = 299 792 458 m\/s/u);
    assert.match(text, /Multiply 6\.62607015 × 10\^-34 by 299792458\./u);
    assert.match(working, /\(6\.62607015 × 10\^-34\) × 299792458 = 1\.986446 × 10\^-25/u);
    assert.match(working, /E = \(1\.986446 × 10\^-25\) ÷ \(5 × 10\^-7\) = 3\.972892 × 10\^-19 J/u);
  });

  test('one operation per calculation step, the last with the unit', () => {
    const a = solve('What is the kinetic energy of a 62 kg runner moving at 7 m/s?');
    const titles = a.steps.map((s) => s.title);
    assert.deepEqual(titles.slice(-4), ['Multiply', 'Square', 'Multiply', 'State the result']);
    assert.equal(a.steps.at(-2)?.explanation, 'Multiply 31 by 49. This gives the kinetic energy KE.');
    assert.equal(latexAsText(a.steps.at(-2)?.latex ?? ''), 'E_k = 31 × 49 = 1519 J');
  });

  test('values implied by the wording are put in before substituting (v0 = 0 removes a term)', () => {
    const a = solve('A car starts from rest and accelerates at 2.5 m/s^2 for 5 s. How far does it travel?');
    const zero = a.steps.find((s) => s.title === 'Put in v0 = 0');
    assert.equal(zero?.explanation, 'With v0 = 0, the terms that contain it are 0 and drop out.');
    assert.equal(zero.latex, 's = \\frac{1}{2} a t^{2}');
    assert.match(a.steps[0]?.explanation ?? '', /the initial velocity 0 m\/s \(it starts from rest\)/u);
    assert.match(a.steps[0]?.latex ?? '', /v_0 = 0\\,\\mathrm\{m\/s\}/u);
  });
});

describe('"I read this as"', () => {
  test('the reading lists the data as the engine took it and the quantity asked', () => {
    const answer = solve('A box of 5 kg is pushed with 20 N. Friction is 5 N. What is the acceleration?');
    assert.equal(
      answer.question.latex,
      String.raw`m = 5\,\mathrm{kg},\quad F_1 = 20\,\mathrm{N},\quad F_f = 5\,\mathrm{N},\quad a = {?}`,
    );
  });
});

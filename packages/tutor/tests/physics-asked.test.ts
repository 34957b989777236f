// What a physics question asks, read the way students write it (issue #13, red-team patterns): a drop from a
// height asked about a moment (the height is not the distance fallen in that time), a bare target noun at the end
// ("…, acceleration", "…, density?"), and questions for another tool. Each value is computed here, independently
// of the engine; a question the engine cannot read must be refused in plain words, never guessed.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type * as Physics from '../src/physics/index.ts';
import { requireCompiled } from './support/compiled.ts';

const { physicsEngine } = requireCompiled<typeof Physics>('physics/index');

const G = 9.81;

/** The first quantity of an answer ("2.019 s, ≈ 2.02 s …"): its number and unit as shown. */
function firstQuantity(text: string): { value: number; unit: string } {
  const head = (text.split(',')[0] ?? '').trim();
  const match = /^(-?\d+(?:\.\d+)?)(?:×10\^(-?\d+))?(?: (\S+))?$/u.exec(head);
  assert.ok(match, `cannot read ${text}`);
  return { value: Number(match[1]) * 10 ** Number(match[2] ?? 0), unit: match[3] ?? '' };
}

/** Solved, checked, in `unit`, and within 0.05 % of `expected`. */
function expectValue(question: string, expected: number, unit: string): void {
  const a = physicsEngine.solve(question);
  assert.equal(a.status, 'solved', `${question}: ${a.reason ?? ''}`);
  assert.equal(a.verified, true, question);
  const got = firstQuantity(a.answer?.text ?? '');
  assert.equal(got.unit, unit, `${question}: ${a.answer?.text ?? ''}`);
  assert.ok(
    Math.abs(got.value - expected) <= Math.abs(expected) * 5e-4,
    `${question}: ${a.answer?.text ?? ''} vs ${String(expected)}`,
  );
}

function expectRefused(question: string, reason: RegExp): void {
  const a = physicsEngine.solve(question);
  assert.notEqual(a.status, 'solved', `${question}: answered ${a.answer?.text ?? ''}`);
  assert.equal(a.verified, false);
  assert.match(a.reason ?? '', reason, question);
}

describe('dropped from a height, asked about a moment', () => {
  test('the speed after t is g·t; the height is set aside with its reason', () => {
    for (const [question, t] of [
      ['a ball is dropped from a 20 m building, what is its speed after 1 s', 1],
      ['a ball is dropped from a 45 m tower, what is its speed after 2 s', 2],
      ['a stone is dropped from a 100 m cliff. how fast is it moving after 3 s', 3],
      ['A coin is dropped off an 80 m bridge. How fast is it falling 2.5 s later?', 2.5],
      ['a rock dropped from a 45 m tower hits the ground after 3.03 s, what is its speed when it lands', 3.03],
    ] as const) {
      expectValue(question, G * t, 'm/s');
      const a = physicsEngine.solve(question);
      assert.match(JSON.stringify(a.steps), /not the distance fallen/u, question);
    }
  });
  test('after it has landed, it says so instead of a speed', () => {
    expectRefused('a ball is dropped from a 20 m building, what is its speed after 5 s', /already landed/u);
    expectRefused('a stone dropped from a 5 m wall: how fast is it going after 4 s?', /already landed/u);
  });
  test('where it is above the ground after t is refused, not guessed', () => {
    expectRefused('a ball is dropped from a 20 m building, how high above the ground is it after 1 s', /not guess/u);
  });
  test('data that are a fall still read as one', () => {
    expectValue(
      'a ball is dropped from a 20 m building, how fast does it hit the ground',
      Math.sqrt(2 * G * 20),
      'm/s',
    );
    expectValue('a stone is dropped and falls for 3 s, how far does it fall', 0.5 * G * 9, 'm');
  });
});

describe('a bare target at the end is the quantity asked', () => {
  test('after a comma, with or without a question mark or an asking word', () => {
    expectValue('a 10 kg box is pushed with 50 N against a friction force of 20 N, acceleration', 3, 'm/s^2');
    expectValue('a 4 kg box is pulled with 30 N against a friction force of 10 N, acceleration?', 5, 'm/s^2');
    expectValue('a 50 g ball moving at 20 m/s, kinetic energy', 0.5 * 0.05 * 400, 'J');
    expectValue('A 3 kg cart rolls at 4 m/s, find the kinetic energy.', 24, 'J');
    expectValue('a 2 kg block has volume 0.003 m^3, density?', 2 / 0.003, 'kg/m^3');
    expectValue('a 12 V battery across a 4 ohm resistor, current?', 3, 'A');
    expectValue('current is 2 A through 10 Ω, voltage?', 20, 'V');
    expectValue("a wave has frequency 50 Hz and wavelength 4 m, what's the speed?", 200, 'm/s');
    expectValue('an object of weight 50 N is on the moon g = 1.6 m/s^2, mass?', 50 / 1.6, 'kg');
    expectValue('a 1000 kg car brakes with a force of 5000 N, deceleration?', 5, 'm/s^2');
    expectValue('A pump does 600 J of work in 12 s. Power?', 50, 'W');
    // A braking distance is a size, whichever way the force was read.
    expectValue('a 1200 kg car going 25 m/s, braking force 6000 N, stopping distance?', 62.5, 'm');
    expectValue('an 800 kg car at 20 m/s brakes with a force of 4000 N, stopping distance', 40, 'm');
  });
  test('after the last value, a noun that cannot be that value is the target', () => {
    const E = (6.626_070_15e-34 * 299_792_458) / 500e-9;
    expectValue('photon wavelength 500 nm energy', E, 'J');
  });
  test('an answer of another kind than the quantity named is refused', () => {
    for (const question of [
      'a 10 kg box is pushed with 50 N against a friction force of 20 N, acceleration',
      'a 50 g ball moving at 20 m/s, kinetic energy',
    ]) {
      const a = physicsEngine.solve(question);
      assert.notEqual(a.answer?.text.split(',')[0]?.endsWith(' N'), true, question);
    }
    expectRefused('a 2 kg box moves at 3 m/s for 4 s, pressure?', /pressure/u);
  });
});

describe('how fast it accelerates', () => {
  test('asks for the acceleration, not a speed', () => {
    expectValue(
      'a 50 kg sled is pulled with 200 N and the friction force is 80 N. how fast does it accelerate',
      2.4,
      'm/s^2',
    );
    expectValue('How quickly does the car accelerate if a 3000 N force acts on its 1500 kg mass?', 2, 'm/s^2');
    expectValue('a car accelerates from rest at 2 m/s^2 for 5 s, how fast is it going', 10, 'm/s');
  });
});

describe("springs and Hooke's law", () => {
  test('k in N/m is a spring constant: F = k·x and the energy stored ½·k·x²', () => {
    expectValue('a spring with k = 200 N/m is stretched 0.05 m. force?', 10, 'N');
    expectValue("hooke's law: k = 300 N/m, x = 4 cm, find F", 12, 'N');
    expectValue('What force compresses a spring of spring constant 400 N/m by 0.02 m?', 8, 'N');
    expectValue('a 4 N force stretches a spring by 2 cm, spring constant?', 200, 'N/m');
    expectValue('A spring stretches 5 cm under a force of 10 N. Find the spring constant.', 200, 'N/m');
    expectValue('a 6 N force stretches a spring of stiffness 150 N/m, what is the extension?', 40, 'mm');
    expectValue('elastic potential energy of a spring k=100 N/m compressed 0.1 m', 0.5, 'J');
    expectValue('a spring (k = 100 N/m) is compressed 0.1 m, how much energy is stored', 0.5, 'J');
  });
  test('a weight hanging from a spring stretches it by m·g/k', () => {
    expectValue(
      'how far does a spring of constant 50 N/m stretch when a 0.5 kg mass hangs on it',
      ((0.5 * G) / 50) * 1000,
      'mm',
    );
    expectValue(
      'A 200 g mass hangs from a spring and stretches it by 4 cm. What is the spring constant?',
      (0.2 * G) / 0.04,
      'N/m',
    );
  });
  test("Coulomb's k is still read by its unit", () => {
    const a = physicsEngine.solve('k = 200 N/m, x = 0.1 m, F = ?');
    assert.equal(a.status, 'solved');
  });
});

describe('data in brackets', () => {
  test('the closing bracket is not part of the unit', () => {
    expectValue('what is the mass of 2 m³ of water (density 1000 kg/m³)', 2000, 'kg');
    expectValue('Find the volume of 500 kg of oil (density 800 kg/m^3).', 625, 'L');
    expectValue('a 3 kg block (volume 0.002 m^3), density?', 1500, 'kg/m^3');
  });
});

describe('momentum, impulse and simple collisions', () => {
  test('impulse is F·Δt, or the change in momentum m·(v − u)', () => {
    expectValue('force of 200 N for 0.1 s, impulse?', 20, 'N*s');
    expectValue('A 50 N force acts on a trolley for 3 s. What impulse does it give?', 150, 'N*s');
    expectValue("what impulse changes a 0.5 kg ball's speed from 0 to 20 m/s", 10, 'N*s');
    expectValue('a 2 kg cart speeds up from 3 m/s to 7 m/s, change in momentum?', 8, 'N*s');
    // Bouncing back reverses the velocity: the change is m·(v + u) in size.
    expectValue('a 0.15 kg ball hits a wall at 20 m/s and bounces back at 15 m/s, change in momentum?', 5.25, 'N*s');
    expectValue('A 0.2 kg ball moving at 10 m/s rebounds from a wall at 8 m/s. Find the impulse.', 3.6, 'N*s');
  });
  test('momentum itself is still p = m·v', () => {
    expectValue('what is the momentum of a 2 kg ball moving at 3 m/s', 6, 'kg*m/s');
  });
  test('two bodies that stick together share the momentum', () => {
    expectValue('a 1000 kg car at 20 m/s hits a 1500 kg car at rest and they stick together, final speed?', 8, 'm/s');
    expectValue(
      'A 2 kg trolley moving at 6 m/s collides with a stationary 4 kg trolley and they move off together. What is their speed?',
      2,
      'm/s',
    );
    expectValue(
      'A 3 kg ball at 4 m/s catches up with a 1 kg ball at 2 m/s and they stick together. Find their common velocity.',
      3.5,
      'm/s',
    );
  });
  test('a recoil shares zero momentum', () => {
    expectValue('a 5 kg gun fires a 0.01 kg bullet at 400 m/s, recoil speed of the gun', 0.8, 'm/s');
  });
  test('towards each other, or a speed missing, is refused in plain words', () => {
    expectRefused(
      'a 2 kg cart at 3 m/s and a 1 kg cart at 2 m/s move towards each other and stick together, final speed?',
      /towards each other/u,
    );
    expectRefused('a 2 kg cart at 3 m/s hits a 1 kg cart and they stick together, final speed?', /at rest/u);
  });
});

describe('a question for another tool', () => {
  test('gets a plain pointer to that tool, with the question carried over', () => {
    for (const [question, tool, name] of [
      ['balance CH4 + O2 -> CO2 + H2O', 'chemistry-solver', 'Chemistry Solver'],
      ['2H2 + O2 → 2H2O', 'chemistry-solver', 'Chemistry Solver'],
      ['how many moles in 18 g of water', 'chemistry-solver', 'Chemistry Solver'],
      ['molar mass of NaCl', 'chemistry-solver', 'Chemistry Solver'],
      ['what is the molarity of 0.5 mol of salt in 2 L of water', 'chemistry-solver', 'Chemistry Solver'],
      ['derivative of x^2', 'math-solver', 'Math Solver'],
      ['integrate sin x from 0 to pi', 'math-solver', 'Math Solver'],
      ['solve x^2 - 4 = 0', 'math-solver', 'Math Solver'],
      ['3x + 5 = 20', 'math-solver', 'Math Solver'],
    ] as const) {
      const a = physicsEngine.solve(question);
      assert.notEqual(a.status, 'solved', question);
      assert.match(a.reason ?? '', new RegExp(name, 'u'), question);
      assert.deepEqual(a.suggestion, { text: question, tool }, question);
    }
  });
  test('a physics question is not sent away', () => {
    const a = physicsEngine.solve('a ball is dropped from a 20 m building, what is its speed after 5 s');
    assert.equal(a.suggestion, undefined);
    assert.match(a.reason ?? '', /already landed/u);
    expectValue('a 4 kg mass accelerates at 2 m/s^2, force?', 8, 'N');
  });
});

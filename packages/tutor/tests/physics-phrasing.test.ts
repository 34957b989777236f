// Physics questions as students write them (physics/parse.ts and the formulas they lead to): forces that add as
// vectors along the motion, kinematics with data the wording implies, work and power in words, and questions that
// need a standard constant. Each value is computed here, independently of the engine; a question the engine cannot
// read must be refused in plain words, never guessed.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type * as Physics from '../src/physics/index.ts';
import { requireCompiled } from './support/compiled.ts';

const { physicsEngine } = requireCompiled<typeof Physics>('physics/index');

const G = 9.81;
const C = 299_792_458;
const H = 6.626_070_15e-34;
const deg = Math.PI / 180;

const K = 8.988e9;
const BIG_G = 6.674e-11;
const E = 1.602_176_634e-19;
const NA = 6.022_140_76e23;

const PREFIX: Record<string, number> = { G: 1e9, M: 1e6, k: 1e3, m: 1e-3, u: 1e-6, n: 1e-9 };
const BASE = ['m/s^2', 'm/s', 'kg/m^3', 'm', 's', 'N', 'J', 'W', 'Hz', 'eV', 'Pa', 'kg', 'C', 'mol', ''];

/** The first quantity of an answer ("2.019 s, ≈ 2.02 s …") in SI units, read here without the engine's code. */
function firstQuantity(text: string): { value: number; unit: string } {
  const head = (text.split(',')[0] ?? '').trim();
  const match = /^(-?\d+(?:\.\d+)?)(?:×10\^(-?\d+))?(?: (\S+))?$/u.exec(head);
  assert.ok(match, `cannot read ${text}`);
  const value = Number(match[1]) * 10 ** Number(match[2] ?? 0);
  const unit = match[3] ?? '';
  if (BASE.includes(unit)) return { value, unit };
  const base = unit.slice(1);
  const factor = PREFIX[unit[0] ?? ''];
  assert.ok(factor !== undefined && BASE.includes(base), `unknown unit ${unit}`);
  return { value: value * factor, unit: base };
}

/** Solved, checked, and the first quantity within 0.05 % of `expected` (in the SI unit given). */
function expectValue(question: string, expected: number, unit: string): void {
  const a = physicsEngine.solve(question);
  assert.equal(a.status, 'solved', `${question}: ${a.reason ?? ''}`);
  assert.equal(a.verified, true, question);
  const got = firstQuantity(a.answer?.text ?? '');
  assert.equal(got.unit, unit, question);
  assert.ok(
    Math.abs(got.value - expected) <= Math.abs(expected) * 5e-4,
    `${question}: ${a.answer?.text ?? ''} vs ${String(expected)}`,
  );
  assert.equal(physicsEngine.check(question, a.answer?.text ?? '').correct, true, question);
}

function expectRefused(question: string, reason: RegExp): void {
  const a = physicsEngine.solve(question);
  assert.notEqual(a.status, 'solved', `${question}: answered ${a.answer?.text ?? ''}`);
  assert.equal(a.verified, false);
  assert.match(a.reason ?? '', reason, question);
}

describe('forces along the motion', () => {
  test('an applied force minus friction', () => {
    expectValue('A box of 5 kg is pushed with 20 N. Friction is 5 N. What is the acceleration?', 3, 'm/s^2');
    expectValue(
      'A 10 kg box is pushed with a force of 50 N across a floor. The friction force is 20 N. Find the acceleration.',
      3,
      'm/s^2',
    );
    expectValue(
      'A 2 kg block is pulled by a 12 N force. A frictional force of 4 N acts on it. What is its acceleration?',
      4,
      'm/s^2',
    );
    expectValue(
      'A car of mass 1200 kg has a driving force of 3000 N and air resistance of 600 N. What is its acceleration?',
      2,
      'm/s^2',
    );
    expectValue('A 50 N force opposes the motion of a 10 kg cart pushed with 80 N. Find the acceleration.', 3, 'm/s^2');
  });

  test('friction from the coefficient of friction on the level: f = mu m g', () => {
    expectValue(
      'A 20 kg crate is pushed with 100 N across a floor with a coefficient of friction of 0.3. What is its acceleration?',
      (100 - 0.3 * 20 * G) / 20,
      'm/s^2',
    );
    expectValue(
      'A 5 kg box is pulled along a rough floor by a force of 40 N. The coefficient of kinetic friction is 0.4. Find the acceleration.',
      (40 - 0.4 * 5 * G) / 5,
      'm/s^2',
    );
  });

  test('opposing forces: two people pulling opposite ways, directions in words', () => {
    expectValue(
      'Two people pull a 40 kg box in opposite directions with forces of 120 N and 80 N. What is the acceleration of the box?',
      1,
      'm/s^2',
    );
    expectValue(
      'Two forces act on a 5 kg object: 10 N to the left and 25 N to the right. Find the acceleration.',
      3,
      'm/s^2',
    );
    expectValue(
      'a 19 kg sled is pulled east with 32 N and west with 16 N. what is the acceleration?',
      16 / 19,
      'm/s^2',
    );
    expectValue(
      'In a tug of war one team pulls with 500 N to the left and the other with 450 N to the right. The rope has a mass of 5 kg. What is the acceleration?',
      10,
      'm/s^2',
    );
  });

  test('inclines without friction (a = g sin theta, the mass set aside), and with friction', () => {
    expectValue('A block slides down a frictionless slope inclined at 30°. Find its acceleration.', G / 2, 'm/s^2');
    expectValue(
      'A 3 kg block is released on a frictionless ramp at 20 degrees. What is its acceleration down the ramp?',
      G * Math.sin(20 * deg),
      'm/s^2',
    );
    expectValue(
      'A 60 kg skier slides down a 25° slope with a coefficient of friction of 0.1. What is the acceleration?',
      G * (Math.sin(25 * deg) - 0.1 * Math.cos(25 * deg)),
      'm/s^2',
    );
  });

  test('a pull at an angle to the horizontal, without friction', () => {
    expectValue(
      'A 50 N force pulls a 10 kg sled at 30° above the horizontal on frictionless ice. What is the acceleration?',
      (50 * Math.cos(30 * deg)) / 10,
      'm/s^2',
    );
  });

  test('straight up: the weight pulls against a lifting force or a thrust', () => {
    expectValue('A 2 kg object is lifted by a 30 N force. What is its acceleration?', (30 - 2 * G) / 2, 'm/s^2');
    expectValue(
      'A rocket of mass 1000 kg has a thrust of 15000 N. What is its initial acceleration?',
      (15000 - 1000 * G) / 1000,
      'm/s^2',
    );
    expectValue(
      'A box weighing 50 N is pushed with 20 N on a frictionless floor. What is its acceleration?',
      20 / (50 / G),
      'm/s^2',
    );
  });

  test('a force that stops something is given as its size', () => {
    expectValue(
      'A 1000 kg car moving at 15 m/s hits a wall and stops in 0.1 s. What is the average force?',
      150e3,
      'N',
    );
  });

  test('the friction a push leaves over: F1 - Ff = m a', () => {
    expectValue(
      'A 50 kg crate is pushed with 200 N of force and accelerates at 2 m/s^2. What is the friction force?',
      100,
      'N',
    );
  });

  test('forces then kinematics: how far from rest', () => {
    expectValue(
      'A 4 kg box is pushed with a force of 30 N. Friction of 6 N acts. How far does it move from rest in 3 s?',
      0.5 * 6 * 9,
      'm',
    );
  });

  test('refused: forces with no direction, friction larger than the push, a value that does not fit', () => {
    expectRefused(
      'A 5 kg box is pushed with 20 N and 30 N. What is the acceleration?',
      /same direction or in opposite/u,
    );
    expectRefused('A box of 5 kg is pushed with 3 N. Friction is 5 N. What is the acceleration?', /does not speed up/u);
    expectRefused(
      'A 5 kg box is pushed with 20 N and its temperature is 300 K. What is the acceleration?',
      /leaving out 300 K/u,
    );
  });
});

describe('kinematics with implied data', () => {
  test('dropped, released, falls from rest: u = 0 and g = 9.81 m/s^2 named as a standard value', () => {
    expectValue(
      'A ball is dropped from a height of 45 m. How long does it take to reach the ground?',
      Math.sqrt(90 / G),
      's',
    );
    expectValue(
      'A stone is released from rest at the top of a 30 m building. With what speed does it hit the ground?',
      Math.sqrt(2 * G * 30),
      'm/s',
    );
    expectValue('An object falls from rest. How far does it fall in 3 s?', 0.5 * G * 9, 'm');
    expectValue('How long does it take an object to fall 80 m?', Math.sqrt(160 / G), 's');
    const a = physicsEngine.solve('A rock falls from a 20 m cliff. How fast is it moving when it lands?');
    // Issue #14: named in words in the explanation, its value in the typeset list.
    assert.match(a.steps[0]?.explanation ?? '', /g, the standard gravitational acceleration .* \(a standard value\)/u);
    assert.match(a.steps[0]?.latex ?? '', /g = 9\.81\\,\\mathrm\{m\/s\^2\}/u);
  });

  test('thrown up: v = 0 at the top, gravity slows it at g', () => {
    expectValue(
      'A ball is thrown vertically upward with a speed of 20 m/s. What maximum height does it reach?',
      400 / (2 * G),
      'm',
    );
    expectValue('A ball is thrown upwards at 12 m/s. How long does it take to reach its highest point?', 12 / G, 's');
    expectValue('A ball is thrown up at 15 m/s. How long is it in the air?', 30 / G, 's');
    expectValue('A ball is thrown straight up at 15 m/s. What is its speed after 1 s?', 15 - G, 'm/s');
    // On the way down after 2 s: the speed is the size of the velocity.
    expectValue('A ball is thrown straight up at 15 m/s. What is its speed after 2 s?', 2 * G - 15, 'm/s');
    // A time to come back is twice the time to the top: v0 = g t / 2, then h = v0^2 / (2 g).
    expectValue(
      'A ball thrown straight up lands back in the hand 3 s later. How high did it go?',
      (G * 1.5) ** 2 / (2 * G),
      'm',
    );
    expectValue(
      'A stone thrown vertically upwards returns to the thrower after 4 s. What was its initial speed?',
      2 * G,
      'm/s',
    );
    expectValue(
      'A ball is thrown up and takes 1.5 s to reach the top. How high does it go?',
      (G * 1.5) ** 2 / (2 * G),
      'm',
    );
  });

  test('the words around a speed say whether it is the first or the last one; "how long is the runway" is a length', () => {
    expectValue(
      'A car starts from rest and reaches a speed of 24 m/s after travelling 144 m. What is its acceleration?',
      2,
      'm/s^2',
    );
    expectValue('How far does a car travel in 5 s if it accelerates from 10 m/s at 2 m/s^2?', 75, 'm');
    expectValue(
      'A plane needs to reach 80 m/s to take off. It accelerates at 4 m/s^2 from rest. How long is the runway needed?',
      800,
      'm',
    );
    expectValue(
      'A diver jumps off a 10 m platform from rest. How fast is she moving when she hits the water?',
      Math.sqrt(2 * G * 10),
      'm/s',
    );
  });

  test('refused, never guessed: throws sideways or downwards, where gravity makes the speed change', () => {
    for (const question of [
      'A ball is thrown horizontally from a 45 m tall building at 15 m/s. How long does it take to hit the ground?',
      'A ball rolls off a 1.25 m high table at 3 m/s. How far from the table does it land?',
      'A stone is thrown downward at 5 m/s from a 20 m bridge. How long does it take to hit the water?',
    ]) {
      expectRefused(question, /sideways or downwards/u);
    }
  });

  test('stops means v = 0', () => {
    expectValue('A car moving at 25 m/s brakes uniformly and stops in 5 s. What is the deceleration?', 5, 'm/s^2');
    expectValue('A car travelling at 30 m/s stops in 6 s. How far does it travel while stopping?', 90, 'm');
    expectValue('A car moving at 30 m/s brakes with a deceleration of 6 m/s^2. How long does it take to stop?', 5, 's');
  });
});

describe('work, energy and power in words', () => {
  test('lifted, raised, climbs: W = m g h', () => {
    expectValue('How much work is done when a 20 kg box is raised 3 m?', 20 * G * 3, 'J');
    expectValue('A crane lifts a 500 kg load through 12 m. How much work does it do?', 500 * G * 12, 'J');
    expectValue(
      'A 55 kg person climbs 2 m. g = 9.81 m/s^2. How much work is done against gravity?',
      55 * 9.81 * 2,
      'J',
    );
  });

  test('average power while speeding up is the kinetic energy over the time, not F v at the end', () => {
    expectValue(
      'A car of mass 800 kg accelerates from 0 to 20 m/s in 10 s. What is the power?',
      (0.5 * 800 * 400) / 10,
      'W',
    );
  });

  test('power to lift in a time, kinetic and potential energy', () => {
    expectValue('What power is needed to lift a 60 kg mass 4 m in 8 s?', (60 * G * 4) / 8, 'W');
    expectValue('A 70 kg student climbs stairs 5 m high in 10 s. What is her power?', (70 * G * 5) / 10, 'W');
    expectValue('find the KE of a 62 kg runner at 7 m/s', 0.5 * 62 * 49, 'J');
    expectValue('A 0.15 kg baseball is thrown at 40 m/s. What is its kinetic energy?', 0.5 * 0.15 * 1600, 'J');
    expectValue('gravitational potential energy of 3 kg at a height of 2.5 m?', 3 * G * 2.5, 'J');
  });
});

describe('standard constants', () => {
  test('the speed of light: frequency, wavelength, travel time', () => {
    expectValue('What is the frequency of light of wavelength 500 nm?', C / 500e-9, 'Hz');
    expectValue('How long does light take to travel 3 × 10^8 km?', 3e11 / C, 's');
    expectValue('A radio station broadcasts at 100 MHz. What is the wavelength of the radio waves?', C / 100e6, 'm');
    const a = physicsEngine.solve('How long does light take to travel 3 × 10^8 km?');
    assert.match(a.steps[0]?.explanation ?? '', /c, the speed of light .*\(a standard value\)/u);
    assert.match(a.steps[0]?.latex ?? '', /c = 299\\,792\\,458\\,\\mathrm\{m\/s\}/u);
  });

  test("Planck's constant: the energy of a photon", () => {
    expectValue('energy of a photon of 600 nm?', (H * C) / 600e-9, 'J');
    expectValue('Calculate the energy of a photon with a frequency of 5 × 10^14 Hz.', H * 5e14, 'J');
    expectValue('What is the wavelength of a photon with energy 3.0 × 10^-19 J?', (H * C) / 3e-19, 'm');
  });
});

describe('the other standard constants: e, N_A, k, G', () => {
  test("Coulomb's law and Newton's law of gravitation", () => {
    expectValue(
      'Two charges of 3 μC and 5 μC are 0.2 m apart. What is the force between them?',
      (K * 15e-12) / 0.04,
      'N',
    );
    expectValue('Two charges of 2 μC each are 0.1 m apart. What is the force between them?', (K * 4e-12) / 0.01, 'N');
    expectValue('What is the gravitational force between two 1000 kg masses 2 m apart?', (BIG_G * 1e6) / 4, 'N');
    const a = physicsEngine.solve('Two charges of 3 μC and 5 μC are 0.2 m apart. What is the force between them?');
    assert.match(a.steps[0]?.explanation ?? '', /k, Coulomb's constant \(a standard value\)/u);
    assert.match(a.steps[0]?.latex ?? '', /k = 8\.988 \\times 10\^\{9\}/u);
  });

  test("the elementary charge and Avogadro's number count particles", () => {
    expectValue('A current of 2 A flows for 10 s. How many electrons pass a point?', 20 / E, '');
    expectValue('How many molecules are in 2 mol of water?', 2 * NA, '');
  });

  test('a bare C is a temperature unless the question is about charge', () => {
    expectValue('A gas at 25 C and 100 kPa occupies 2.0 L. How many moles?', (100e3 * 2e-3) / (8.314 * 298.15), 'mol');
  });
});

describe('refusals in plain words', () => {
  test('no quantity asked, no values', () => {
    expectRefused('A car of 1200 kg at 20 m/s.', /I could not find which quantity you are asking for/u);
    expectRefused('What is the speed of the car?', /I could not find any values with units/u);
    expectRefused(
      'A 5 kg box hangs from a rope. What is the tension in the rope?',
      /I could not find which quantity you are asking for: "tension" is not one of the quantities I can work out/u,
    );
  });
});

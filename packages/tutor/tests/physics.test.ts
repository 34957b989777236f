// The offline physics engine: every formula family with hand-checked values, units, significant figures,
// failure paths, check() and practice(), plus per-family fuzzing graded by an independent numeric check.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type * as Physics from '../src/physics/index.ts';
import { requireCompiled } from './support/compiled.ts';

const { physicsEngine } = requireCompiled<typeof Physics>('physics/index');

const solve = (q: string) => physicsEngine.solve(q);

/** Solves and asserts a verified answer with the given text. */
function expectAnswer(question: string, text: string, kind?: string): void {
  const a = solve(question);
  assert.equal(a.status, 'solved', `${question}: ${a.reason ?? ''}`);
  assert.equal(a.answer?.text, text, question);
  assert.equal(a.verified, true, question);
  assert.equal(a.tool, 'physics-solver');
  assert.equal(a.source, 'engine');
  if (kind !== undefined) assert.equal(a.kind, kind, question);
  assert.ok(a.checks.some((c) => c.kind === 'units' && c.passed));
  assert.ok(a.checks.some((c) => c.kind === 'substitution' && c.passed));
  assert.ok(a.hints.length >= 3 && a.hints.length <= 4);
  assert.ok(a.steps.length >= 3);
  assert.ok(a.answer.latex.length > 0);
}

// Independent reading of an answer's text (the engine's own unit code is not used): value × prefix × unit.
const UNIT_SI: Record<string, number> = {
  m: 1,
  s: 1,
  'm/s': 1,
  'm/s^2': 1,
  kg: 1,
  g: 1e-3,
  N: 1,
  J: 1,
  W: 1,
  'kg*m/s': 1,
  'kg/m^3': 1,
  'm^3': 1,
  L: 1e-3,
  mL: 1e-6,
  Pa: 1,
  'm^2': 1,
  V: 1,
  A: 1,
  ohm: 1,
  Hz: 1,
  mol: 1,
  K: 1,
  deg: Math.PI / 180,
  '': 1,
};
const PREFIX: Record<string, number> = { G: 1e9, M: 1e6, k: 1e3, m: 1e-3, u: 1e-6, n: 1e-9 };
function readAnswer(text: string): number {
  // The first quantity: "121.5 m, ≈ 1×10^2 m to the data's 1 significant figure" reads as 121.5 m.
  const [num = '', unit = ''] = (text.split(',')[0] ?? '').replace(/×10\^/u, 'e').split(' ');
  const value = Number(num);
  if (unit in UNIT_SI) return value * (UNIT_SI[unit] ?? Number.NaN);
  const prefix = PREFIX[unit[0] ?? ''];
  const base = UNIT_SI[unit.slice(1)];
  assert.ok(prefix !== undefined && base !== undefined, `unknown unit in answer ${text}`);
  return value * prefix * base;
}

describe('physics engine: formula families (hand-checked)', () => {
  test('kinematics: v = v0 + a t, s = v0 t + a t^2/2, v^2 = v0^2 + 2 a s, average velocity, constant speed', () => {
    // 27/9 = 3; 9 s has one figure.
    expectAnswer('A car accelerates from 0 to 27 m/s in 9 s. What is its acceleration?', '3 m/s^2', 'kinematics');
    // (0 + 27)/2 * 9 = 121.5 m → one figure (9 s): 100 m.
    // Whole-number data do not state their precision: up to 4 figures (121.5 m), not one (100 m).
    expectAnswer(
      'A car accelerates from 0 to 27 m/s in 9 s, how far does it go?',
      "121.5 m, ≈ 1×10^2 m to the data's 1 significant figure",
      'kinematics',
    );
    // Same with three figures: (0 + 27.0)/2 * 9.00 = 121.5 → 122 m (121.5 rounds half up in binary: 121.5 → 122).
    expectAnswer(
      'A car accelerates from 0 to 27.0 m/s in 9.00 s, how far does it go?',
      "121.5 m, ≈ 122 m to the data's 3 significant figures",
    );
    // v = 5 + 2*3 = 11 m/s
    expectAnswer('v0 = 5.0 m/s, a = 2.0 m/s^2, t = 3.0 s, v = ?', '11 m/s');
    // s = 2*4 + 0.5*3*16 = 32 m
    expectAnswer('u = 2.00 m/s, a = 3.00 m/s^2, t = 4.00 s, s = ?', '32.0 m');
    // v^2 = 0 + 2*4*50 = 400 → 20 m/s
    expectAnswer(
      'A cyclist starts from rest and accelerates at 4.0 m/s^2 over 50 m. What is her final speed?',
      '20 m/s',
    );
    // t from s = v0 t + a t^2/2: 10 t + t^2 = 24 → t = 2 s (a = 2)
    expectAnswer('v0 = 10.0 m/s, a = 2.00 m/s^2, s = 24.0 m, t = ?', '2.00 s');
    // s = (v^2 - v0^2)/(2a) = (0 - 400)/(2*-5) = 40 m
    expectAnswer(
      'A car moving at 20.0 m/s decelerates at 5.00 m/s^2 and comes to a stop. What is the stopping distance?',
      '40.0 m',
    );
    // a = (0 - 20)/4 = -5; asked as deceleration → 5.0
    expectAnswer('A car moving at 20 m/s brakes and comes to a stop in 4.0 s. What is its deceleration?', '5.0 m/s^2');
    // 72 km/h = 20 m/s for 600 s = 12000 m = 12 km
    expectAnswer('A car travels at 72 km/h for 10 min. How far does it go?', '12 km');
  });

  test('free fall from rest with g = 9.81 m/s^2 (or a given g)', () => {
    // t = sqrt(2*20/9.81) = 2.019 s
    expectAnswer(
      'A ball is dropped from a height of 20.0 m. How long does it take to hit the ground?',
      "2.019 s, ≈ 2.02 s to the data's 3 significant figures",
      'free-fall',
    );
    // v = sqrt(2*9.81*45) = 29.71
    expectAnswer(
      'A stone falls freely from rest through 45.0 m. What is its speed just before it hits the ground?',
      "29.71 m/s, ≈ 29.7 m/s to the data's 3 significant figures",
      'free-fall',
    );
    // h = 0.5*9.81*9 = 44.145
    expectAnswer(
      'A stone is dropped from a cliff and hits the water after 3.00 s. How high is the cliff?',
      "44.145 m, ≈ 44.1 m to the data's 3 significant figures",
      'free-fall',
    );
    // with g = 9.8: v = 9.8*2.0 = 19.6 → 2 figures: 20 m/s
    expectAnswer(
      'An apple falls from rest for 2.0 s. Take g = 9.8 m/s^2. How fast is it going?',
      "19.6 m/s, ≈ 20 m/s to the data's 2 significant figures",
      'free-fall',
    );
  });

  test('projectile on level ground: range, maximum height, time of flight', () => {
    // R = 400 * sin(60°) / 9.81 = 35.31 m
    expectAnswer(
      'A projectile is launched at 20.0 m/s at an angle of 30.0°. What is its range?',
      "35.31 m, ≈ 35.3 m to the data's 3 significant figures",
      'projectile',
    );
    // H = 400 * 0.25 / 19.62 = 5.097 m
    expectAnswer(
      'A ball is kicked at 20.0 m/s at an angle of 30.0 degrees. What is its maximum height?',
      "5.097 m, ≈ 5.10 m to the data's 3 significant figures",
      'projectile',
    );
    // T = 2*20*0.5/9.81 = 2.039 s
    expectAnswer(
      'v0 = 20.0 m/s, theta = 30.0 deg, t = ?',
      "2.039 s, ≈ 2.04 s to the data's 3 significant figures",
      'projectile',
    );
  });

  test("Newton's second law, weight, friction", () => {
    expectAnswer('m = 2 kg, a = 3 m/s^2, F = ?', '6 N', 'newtons-second-law');
    // 0.5 kN / 250 kg = 2 m/s^2
    expectAnswer(
      'A force of 0.50 kN acts on a 250 kg crate. Find the acceleration.',
      '2.0 m/s^2',
      'newtons-second-law',
    );
    // 12.0 * 9.81 = 117.72 N
    expectAnswer(
      'What is the weight of a 12.0 kg bag?',
      "117.72 N, ≈ 118 N to the data's 3 significant figures",
      'weight',
    );
    // 500 g → 0.5 kg → 4.905 N → 3 figures
    expectAnswer('m = 500 g, W = ?', "4.905 N, ≈ 4.91 N to the data's 3 significant figures", 'weight');
    // 0.30 * 10 * 9.81 = 29.43 → 2 figures
    expectAnswer(
      'A 10 kg box rests on a level floor. The coefficient of friction is 0.30. What is the friction force?',
      "29.43 N, ≈ 29 N to the data's 2 significant figures",
      'friction',
    );
    // Ff = μ N directly
    expectAnswer('μ = 0.25, N = 400 N, Ff = ?', '100 N', 'friction');
  });

  test('work, kinetic and potential energy, power', () => {
    expectAnswer('A force of 50 N pushes a box 10 m. How much work is done?', '500 J', 'work');
    expectAnswer('A 2.0 kg ball moves at 3.0 m/s. Find its kinetic energy.', '9.0 J', 'kinetic-energy');
    // 1200 kg at 72 km/h = 20 m/s: 0.5*1200*400 = 240000 J = 240 kJ
    expectAnswer('m = 1200 kg, v = 72 km/h, KE = ?', '240 kJ', 'kinetic-energy');
    // 5 * 9.81 * 12 = 588.6
    expectAnswer(
      'A 5.00 kg box is lifted to a height of 12.0 m. What is its gravitational potential energy?',
      "588.6 J, ≈ 589 J to the data's 3 significant figures",
      'potential-energy',
    );
    // 3000 J / 60 s = 50 W
    expectAnswer('A motor does 3.0 kJ of work in 1.0 min. What is its power?', '50 W', 'power');
    // chain: W = F s = 200*15 = 3000 J, P = 3000/10 = 300 W
    expectAnswer('A force of 200 N moves a crate 15 m in 10 s. What is the power?', '300 W', 'power');
  });

  test('momentum, density, pressure', () => {
    expectAnswer('A 0.15 kg ball moves at 40 m/s. What is its momentum?', '6.0 kg*m/s', 'momentum');
    // 540 g / 200 mL = 0.54 kg / 2e-4 m^3 = 2700 kg/m^3
    expectAnswer('A block has a mass of 540 g and a volume of 200 mL. What is its density?', '2700 kg/m^3', 'density');
    // V = m/ρ = 2.0/1000 = 0.002 m^3 = 2.0 L
    expectAnswer('m = 2.0 kg, rho = 1000 kg/m^3, V = ?', '2.0 L', 'density');
    // 600 N / 0.20 m^2 = 3000 Pa
    expectAnswer('A 600 N force acts on an area of 0.20 m^2. What is the pressure?', '3000 Pa', 'pressure');
  });

  test("Ohm's law, series and parallel resistors, electric power", () => {
    expectAnswer('a 1.5 kΩ resistor carries 20 mA, find the voltage', '30 V', 'ohms-law');
    // 12 V / 4.0 Ω = 3.0 A
    expectAnswer('V = 12 V, R = 4.0 Ω, I = ?', '3.0 A', 'ohms-law');
    // 9 V / 450 Ω = 0.02 A = 20 mA
    expectAnswer('A 9.0 V battery drives current through a 450 Ω resistor. What is the current?', '20 mA', 'ohms-law');
    // 1/(1/2 + 1/3 + 1/6) = 1 Ω
    expectAnswer(
      'Three resistors of 2.0 Ω, 3.0 Ω and 6.0 Ω are connected in parallel. Find the equivalent resistance.',
      '1.0 ohm',
      'resistors',
    );
    expectAnswer('R1 = 100 Ω, R2 = 220 Ω, R3 = 330 Ω in series. R = ?', '650 ohm', 'resistors');
    // chain: 2 + 4 = 6 Ω; 12 V / 6 Ω = 2 A
    expectAnswer(
      'Resistors of 2.0 Ω and 4.0 Ω are connected in series to a 12 V battery. What is the current?',
      '2.0 A',
      'ohms-law',
    );
    // P = V I = 230 * 5 = 1150 W
    expectAnswer('V = 230 V, I = 5.00 A, P = ?', '1150 W', 'electric-power');
    // P = I^2 R = 4 * 50 = 200 W
    expectAnswer('A current of 2.0 A flows through a 50 Ω resistor. What is the power?', '200 W', 'electric-power');
  });

  test('waves and the ideal gas law', () => {
    expectAnswer('A wave has a frequency of 50 Hz and a wavelength of 2.0 m. What is its speed?', '100 m/s', 'waves');
    // 340 / 680 = 0.5 m
    expectAnswer('Sound travels at 340 m/s. What is the wavelength of a 680 Hz tone?', '0.5 m', 'waves');
    // p = nRT/V = 2.00 * 8.314 * 298.15 / 0.0100 = 495 763 Pa → 496 kPa
    expectAnswer(
      '2.00 mol of gas at 25.0 °C occupies 10.0 L. What is the pressure?',
      "495.8 kPa, ≈ 496 kPa to the data's 3 significant figures",
      'ideal-gas',
    );
    // T = pV/(nR) = 101325 * 0.0224 / 8.314 = 273.0 K (1 atm, 22.4 L, 1.00 mol)
    expectAnswer(
      'p = 1.00 atm, V = 22.4 L, n = 1.00 mol, T = ?',
      "273.0 K, ≈ 273 K to the data's 3 significant figures",
      'ideal-gas',
    );
    // n = pV/(RT) = 200000 * 0.005 / (8.314 * 300) = 0.4009 mol
    expectAnswer(
      'A gas at 200 kPa and 300 K fills 5.00 L. How many moles are there?',
      "0.4009 mol, ≈ 0.401 mol to the data's 3 significant figures",
      'ideal-gas',
    );
  });
});

describe('physics engine: units, significant figures and refusals', () => {
  test('answers in a requested unit', () => {
    // 20 m/s for 5 s... asked in km/h: 100 m / 5 s = 20 m/s = 72 km/h
    expectAnswer('A runner covers 100 m in 12.5 s. What is her speed in km/h?', '28.8 km/h');
    expectAnswer('m = 2.0 kg, a = 300 m/s^2, F = ? kN', '0.60 kN');
  });

  test('significant figures follow the least precise datum used', () => {
    expectAnswer('m = 2.000 kg, a = 3.000 m/s^2, F = ?', '6.000 N');
    expectAnswer('m = 2 kg, a = 3.000 m/s^2, F = ?', '6 N');
  });

  test('a unit that cannot fit is invalid and named', () => {
    const a = solve('t = 5 m, v = 3 m/s, s = ?');
    assert.equal(a.status, 'invalid');
    assert.match(a.reason ?? '', /t = 5 m/u);
    assert.match(a.reason ?? '', /length/u);
    assert.equal(a.verified, false);
    const b = solve('A car travels for a time of 5 m at 3 m/s. How far does it go?');
    assert.equal(b.status, 'invalid');
    assert.match(b.reason ?? '', /time/u);
    assert.equal(solve('m = -2 kg, a = 3 m/s^2, F = ?').status, 'invalid');
    assert.equal(solve('p = 100 kPa, V = 1.0 L, T = -300 °C, n = ?').status, 'invalid');
  });

  test('missing data is unsupported and says what is missing, never a guess', () => {
    const a = solve('m = 2 kg, F = ?');
    assert.equal(a.status, 'unsupported');
    assert.match(a.reason ?? '', /acceleration/u);
    assert.equal(a.answer, null);
    assert.equal(solve('What is the speed of the car?').status, 'unsupported');
    assert.equal(solve('hello world').status, 'unsupported');
    const b = solve('Resistors of 2.0 Ω and 4.0 Ω. What is the total resistance?');
    assert.equal(b.status, 'unsupported');
    assert.match(b.reason ?? '', /series or in parallel/u);
  });
});

describe('physics engine: check()', () => {
  test('accepts equivalent values and units', () => {
    const q = 'm = 2.0 kg, a = 250 m/s^2, F = ?';
    assert.deepEqual(physicsEngine.check(q, '500 N'), { correct: true, differences: [] });
    assert.equal(physicsEngine.check(q, '0.5 kN').correct, true);
    assert.equal(physicsEngine.check(q, 'F = 0.50 kN').correct, true);
    assert.equal(
      physicsEngine.check('A car accelerates from 0 to 27 m/s in 9 s, how far does it go?', '121.5 m').correct,
      true,
    );
    assert.equal(
      physicsEngine.check('A car travels at 72 km/h for 10 min. How far does it go?', '12000 m').correct,
      true,
    );
    assert.equal(physicsEngine.check('a 1.5 kΩ resistor carries 20 mA, find the voltage', '30000 mV').correct, true);
  });

  test('rejects wrong values and units and says where', () => {
    const q = 'm = 2.0 kg, a = 250 m/s^2, F = ?';
    const off = physicsEngine.check(q, '600 N');
    assert.equal(off.correct, false);
    // Issue #14: too high or too low, never the right value.
    assert.match(off.differences.join(' '), /600 N is too high/u);
    assert.doesNotMatch(off.differences.join(' '), /500/u);
    const unit = physicsEngine.check(q, '500 J');
    assert.equal(unit.correct, false);
    assert.match(unit.differences.join(' '), /Wrong unit dimension/u);
    assert.match(physicsEngine.check(q, '500').differences.join(' '), /no unit/u);
    assert.equal(physicsEngine.check('m = 2 kg, F = ?', '5 N').correct, false);
  });
});

describe('physics engine: practice()', () => {
  for (const q of [
    'A car accelerates from 0 to 27 m/s in 9.0 s. What is its acceleration?',
    'a 1.5 kΩ resistor carries 20 mA, find the voltage',
    '2.00 mol of gas at 25.0 °C occupies 10.0 L. What is the pressure?',
    'A projectile is launched at 20.0 m/s at an angle of 30.0°. What is its range?',
  ]) {
    test(`three new, solved and checked problems for: ${q}`, () => {
      const items = physicsEngine.practice(q);
      assert.equal(items.length, 3);
      const original = solve(q);
      for (const item of items) {
        assert.equal(item.verified, true);
        assert.notEqual(item.question, q);
        const again = solve(item.question);
        assert.equal(again.status, 'solved');
        assert.equal(again.kind, original.kind);
        assert.equal(again.answer?.text, item.answer);
        assert.ok(readAnswer(item.answer) !== 0);
        assert.equal(physicsEngine.check(item.question, item.answer).correct, true);
      }
    });
  }
});

// Fuzz: random data with three significant figures; the answer is graded by substituting it into the formula
// here (independent of the engine's pipeline), and a 20 % perturbation of it must fail check().
const rand = (() => {
  let seed = 12345;
  return () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
})();
const r3 = (lo: number, hi: number): number => Number((lo + (hi - lo) * rand()).toPrecision(3));
const f3 = (x: number): string => {
  const s = x.toPrecision(3);
  return s.includes('e') ? String(Number(s)) : s;
};

interface FuzzCase {
  question: string;
  /** The asked quantity's exact SI value computed here. */
  expected: number;
}

const G = 9.81;
const deg = Math.PI / 180;
const FAMILIES: Record<string, () => FuzzCase> = {
  'kinematics v = v0 + a t': () => {
    const v0 = r3(1, 30),
      a = r3(0.5, 9),
      t = r3(1, 20);
    return { question: `v0 = ${f3(v0)} m/s, a = ${f3(a)} m/s^2, t = ${f3(t)} s, v = ?`, expected: v0 + a * t };
  },
  'kinematics s = v0 t + a t^2 / 2': () => {
    const v0 = r3(1, 30),
      a = r3(0.5, 9),
      t = r3(1, 20);
    return {
      question: `A cart moving at ${f3(v0)} m/s initially accelerates at ${f3(a)} m/s^2 for ${f3(t)} s. How far does it travel?`,
      expected: v0 * t + 0.5 * a * t * t,
    };
  },
  'kinematics v^2 = v0^2 + 2 a s': () => {
    const v0 = r3(1, 30),
      a = r3(0.5, 9),
      s = r3(5, 500);
    return {
      question: `u = ${f3(v0)} m/s, a = ${f3(a)} m/s^2, s = ${f3(s)} m, v = ?`,
      expected: Math.sqrt(v0 * v0 + 2 * a * s),
    };
  },
  'kinematics from X to Y km/h in t': () => {
    const v0 = r3(10, 50),
      v = r3(60, 120),
      t = r3(2, 20);
    return {
      question: `A car speeds up from ${f3(v0)} km/h to ${f3(v)} km/h in ${f3(t)} s. What is its acceleration?`,
      expected: (v - v0) / 3.6 / t,
    };
  },
  'free fall': () => {
    const h = r3(2, 300);
    return {
      question: `A stone is dropped from a height of ${f3(h)} m. How long does it take to hit the ground?`,
      expected: Math.sqrt((2 * h) / G),
    };
  },
  'projectile range': () => {
    const v0 = r3(5, 60),
      th = r3(10, 80);
    return {
      question: `A ball is launched at ${f3(v0)} m/s at an angle of ${f3(th)}°. What is its range?`,
      expected: (v0 * v0 * Math.sin(2 * th * deg)) / G,
    };
  },
  'projectile height': () => {
    const v0 = r3(5, 60),
      th = r3(10, 80);
    return {
      question: `v0 = ${f3(v0)} m/s, theta = ${f3(th)} deg, h = ?`,
      expected: (v0 * Math.sin(th * deg)) ** 2 / (2 * G),
    };
  },
  "Newton's second law": () => {
    const F = r3(1, 900),
      m = r3(1, 90);
    return { question: `F = ${f3(F)} N, m = ${f3(m)} kg, a = ?`, expected: F / m };
  },
  weight: () => {
    const m = r3(100, 900);
    return { question: `What is the weight of a ${f3(m)} g apple?`, expected: (m / 1000) * G };
  },
  friction: () => {
    const mu = r3(0.1, 0.9),
      m = r3(1, 90);
    return {
      question: `A ${f3(m)} kg crate slides on a level floor with a coefficient of friction of ${f3(mu)}. What is the friction force?`,
      expected: mu * m * G,
    };
  },
  work: () => {
    const F = r3(1, 900),
      s = r3(1, 90);
    return { question: `A force of ${f3(F)} N moves a box ${f3(s)} m. How much work is done?`, expected: F * s };
  },
  'kinetic energy': () => {
    const m = r3(1, 90),
      v = r3(1, 90);
    return { question: `m = ${f3(m)} kg, v = ${f3(v)} km/h, KE = ?`, expected: 0.5 * m * (v / 3.6) ** 2 };
  },
  'potential energy → height': () => {
    const E = r3(100, 9000),
      m = r3(1, 90);
    return { question: `PE = ${f3(E)} J, m = ${f3(m)} kg, h = ?`, expected: E / (m * G) };
  },
  power: () => {
    const W = r3(1, 900),
      t = r3(1, 50);
    return {
      question: `A machine does ${f3(W)} kJ of work in ${f3(t)} min. What is its power?`,
      expected: (W * 1000) / (t * 60),
    };
  },
  momentum: () => {
    const m = r3(1, 90),
      v = r3(1, 90);
    return { question: `p = ${f3(m * v)} kg*m/s, m = ${f3(m)} kg, v = ?`, expected: Number(f3(m * v)) / m };
  },
  density: () => {
    const m = r3(10, 900),
      V = r3(10, 900);
    return {
      question: `A sample of mass ${f3(m)} g has a volume of ${f3(V)} mL. What is its density?`,
      expected: m / 1000 / (V * 1e-6),
    };
  },
  pressure: () => {
    const F = r3(10, 900),
      A = r3(0.1, 9);
    return { question: `F = ${f3(F)} N, A = ${f3(A)} m^2, p = ?`, expected: F / A };
  },
  "Ohm's law": () => {
    const R = r3(1, 90),
      I = r3(1, 900);
    return { question: `A ${f3(R)} kΩ resistor carries ${f3(I)} uA. Find the voltage.`, expected: R * 1000 * I * 1e-6 };
  },
  'resistors in parallel': () => {
    const a = r3(1, 900),
      b = r3(1, 900),
      c = r3(1, 900);
    return {
      question: `Resistors of ${f3(a)} Ω, ${f3(b)} Ω and ${f3(c)} Ω are connected in parallel. Find the equivalent resistance.`,
      expected: 1 / (1 / a + 1 / b + 1 / c),
    };
  },
  'resistors in series': () => {
    const a = r3(1, 900),
      b = r3(1, 900);
    return { question: `R1 = ${f3(a)} Ω, R2 = ${f3(b)} Ω, in series, R = ?`, expected: a + b };
  },
  'electric power': () => {
    const V = r3(1, 240),
      R = r3(1, 900);
    return {
      question: `A ${f3(V)} V supply is connected across a ${f3(R)} Ω resistor. What is the power?`,
      expected: (V * V) / R,
    };
  },
  waves: () => {
    const f = r3(10, 900),
      l = r3(0.1, 9);
    return {
      question: `A wave of frequency ${f3(f)} Hz has a wavelength of ${f3(l)} m. What is its speed?`,
      expected: f * l,
    };
  },
  'ideal gas': () => {
    const n = r3(0.1, 9),
      T = r3(-50, 300),
      V = r3(1, 90);
    return {
      question: `n = ${f3(n)} mol, T = ${f3(T)} °C, V = ${f3(V)} L, p = ?`,
      expected: (n * 8.314 * (T + 273.15)) / (V / 1000),
    };
  },
};

describe('physics engine: fuzz per family (independent numeric grading, perturbation fails)', () => {
  for (const [family, make] of Object.entries(FAMILIES)) {
    test(family, () => {
      for (let i = 0; i < 25; i += 1) {
        const { question, expected } = make();
        const a = solve(question);
        assert.equal(a.status, 'solved', `${question}: ${a.reason ?? ''}`);
        assert.equal(a.verified, true, question);
        const got = readAnswer(a.answer?.text ?? '');
        // Three significant figures: within half a unit in the third figure (≤ 0.5 % relative).
        assert.ok(
          Math.abs(got - expected) <= Math.abs(expected) * 0.0051,
          `${question}: ${a.answer?.text} vs ${expected}`,
        );
        assert.equal(physicsEngine.check(question, a.answer?.text ?? '').correct, true, question);
        const [num = '', unit = ''] = (a.answer?.text ?? '').split(' ');
        const perturbed = `${Number((Number(num) * 1.2).toPrecision(4))} ${unit}`.trim();
        assert.equal(physicsEngine.check(question, perturbed).correct, false, `${question}: ${perturbed} accepted`);
      }
    });
  }
});

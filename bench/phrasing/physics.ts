import type { Family } from './problem.ts';
import type { Random } from './random.ts';

/** Standard gravity when the question gives none, as the school books use it. */
const G = 9.81;
/** The speed of light and Planck's constant (CODATA, exact in SI). */
const C = 299_792_458;
const PLANCK = 6.626_070_15e-34;

/** A value with a few significant figures, as a book prints data ("2.5", "40", "0.75"). */
function datum(random: Random, low: number, high: number, step: number): number {
  const steps = Math.round((high - low) / step);
  return Number((low + random.int(0, steps) * step).toFixed(6));
}

const kinematicsImplied: Family = {
  name: 'kinematics with implied data',
  tool: 'physics-solver',
  about: '"dropped" (starts at rest), "how high" (speed 0 at the top), "from rest", g when none is given',
  make(random) {
    const kind = random.int(0, 5);
    if (kind === 0) {
      const h = datum(random, 5, 80, 5);
      return {
        question: random.pick([
          `A ball is dropped from ${String(h)} m. How long does it take to hit the ground?`,
          `a stone is dropped from a height of ${String(h)} m. how long does it fall?`,
          `An apple falls from a ${String(h)} m tall tree. How long until it reaches the ground?`,
        ]),
        expected: { kind: 'quantity', value: Math.sqrt((2 * h) / G), unit: 's' },
      };
    }
    if (kind === 1) {
      const h = datum(random, 5, 80, 5);
      return {
        question: random.pick([
          `A ball is dropped from ${String(h)} m. How fast is it going when it hits the ground?`,
          `a rock is dropped off a ${String(h)} m cliff. what is its speed just before it lands?`,
        ]),
        expected: { kind: 'quantity', value: Math.sqrt(2 * G * h), unit: 'm/s' },
      };
    }
    if (kind === 2) {
      const v = datum(random, 5, 40, 1);
      return {
        question: random.pick([
          `A ball is thrown straight up at ${String(v)} m/s. How high does it go?`,
          `a stone is launched vertically upward with a speed of ${String(v)} m/s. what is the maximum height?`,
          `How high does a ball rise if it is thrown upward at ${String(v)} m/s?`,
        ]),
        expected: { kind: 'quantity', value: (v * v) / (2 * G), unit: 'm' },
      };
    }
    if (kind === 3) {
      const v = datum(random, 5, 40, 1);
      return {
        question: random.pick([
          `A ball is thrown straight up at ${String(v)} m/s. How long does it take to reach the top?`,
          `a ball thrown vertically up at ${String(v)} m/s: how long until it stops rising?`,
        ]),
        expected: { kind: 'quantity', value: v / G, unit: 's' },
      };
    }
    const a = datum(random, 0.5, 6, 0.5);
    const t = datum(random, 2, 20, 1);
    if (kind === 4) {
      return {
        question: random.pick([
          `A car starts from rest and accelerates at ${String(a)} m/s^2 for ${String(t)} s. How far does it travel?`,
          `a cyclist accelerates from rest at ${String(a)} m/s² for ${String(t)} seconds. what distance does she cover?`,
          `Starting from rest, a train accelerates uniformly at ${String(a)} m/s^2. How far does it go in ${String(t)} s?`,
        ]),
        expected: { kind: 'quantity', value: 0.5 * a * t * t, unit: 'm' },
      };
    }
    return {
      question: random.pick([
        `A car starts from rest and accelerates at ${String(a)} m/s^2 for ${String(t)} s. What is its final speed?`,
        `a bike accelerates from rest at ${String(a)} m/s² for ${String(t)} s. how fast is it going then?`,
      ]),
      expected: { kind: 'quantity', value: a * t, unit: 'm/s' },
    };
  },
};

const forces: Family = {
  name: 'forces along the motion',
  tool: 'physics-solver',
  about: 'applied force minus friction, opposing forces, frictionless inclines, F = ma, weight',
  make(random) {
    const kind = random.int(0, 4);
    const m = datum(random, 1, 20, 1);
    if (kind === 0) {
      const f = datum(random, 1, 10, 1);
      const F = f + datum(random, 5, 40, 1);
      return {
        question: random.pick([
          `A box of ${String(m)} kg is pushed with ${String(F)} N. Friction is ${String(f)} N. What is the acceleration?`,
          `a ${String(m)} kg crate is pulled with a force of ${String(F)} N against a friction force of ${String(f)} N. find its acceleration`,
          `A force of ${String(F)} N pushes a ${String(m)} kg block across a floor where friction is ${String(f)} N. What is the acceleration of the block?`,
        ]),
        expected: { kind: 'quantity', value: (F - f) / m, unit: 'm/s^2' },
      };
    }
    if (kind === 1) {
      const F2 = datum(random, 2, 20, 1);
      const F1 = F2 + datum(random, 2, 20, 1);
      return {
        question: random.pick([
          `Two forces act on a ${String(m)} kg cart: ${String(F1)} N to the right and ${String(F2)} N to the left. What is its acceleration?`,
          `a ${String(m)} kg sled is pulled east with ${String(F1)} N and west with ${String(F2)} N. what is the acceleration?`,
        ]),
        expected: { kind: 'quantity', value: (F1 - F2) / m, unit: 'm/s^2' },
      };
    }
    if (kind === 2) {
      const angle = random.pick([10, 15, 20, 25, 30, 35, 40, 45, 60]);
      return {
        question: random.pick([
          `A block slides down a frictionless incline of ${String(angle)}°. What is its acceleration?`,
          `what is the acceleration of a ${String(m)} kg block on a frictionless ramp inclined at ${String(angle)} degrees?`,
        ]),
        expected: { kind: 'quantity', value: G * Math.sin((angle * Math.PI) / 180), unit: 'm/s^2' },
      };
    }
    if (kind === 3) {
      const a = datum(random, 0.5, 5, 0.5);
      return {
        question: random.pick([
          `What force is needed to accelerate a ${String(m)} kg mass at ${String(a)} m/s^2?`,
          `how much net force makes a ${String(m)} kg trolley accelerate at ${String(a)} m/s²?`,
        ]),
        expected: { kind: 'quantity', value: m * a, unit: 'N' },
      };
    }
    const mass = datum(random, 40, 95, 1);
    return {
      question: random.pick([
        `What is the weight of a ${String(mass)} kg person on Earth?`,
        `find the weight of a ${String(mass)} kg student`,
      ]),
      expected: { kind: 'quantity', value: mass * G, unit: 'N' },
    };
  },
};

const energy: Family = {
  name: 'work, energy and power',
  tool: 'physics-solver',
  about: 'work lifting a mass (g given or not), kinetic and potential energy, power',
  make(random) {
    const kind = random.int(0, 3);
    const m = datum(random, 2, 80, 1);
    const h = datum(random, 1, 12, 0.5);
    if (kind === 0) {
      const givenG = random.int(0, 1) === 0;
      return {
        question: givenG
          ? `How much work is done lifting ${String(m)} kg by ${String(h)} m? g = 9.81 m/s^2`
          : random.pick([
              `How much work is needed to lift a ${String(m)} kg box ${String(h)} m?`,
              `a ${String(m)} kg crate is lifted ${String(h)} m straight up. how much work is done?`,
            ]),
        expected: { kind: 'quantity', value: m * G * h, unit: 'J' },
      };
    }
    if (kind === 1) {
      const v = datum(random, 1, 30, 1);
      return {
        question: random.pick([
          `What is the kinetic energy of a ${String(m)} kg ball moving at ${String(v)} m/s?`,
          `find the KE of a ${String(m)} kg runner at ${String(v)} m/s`,
        ]),
        expected: { kind: 'quantity', value: 0.5 * m * v * v, unit: 'J' },
      };
    }
    if (kind === 2) {
      return {
        question: random.pick([
          `What is the potential energy of a ${String(m)} kg rock ${String(h)} m above the ground?`,
          `gravitational potential energy of ${String(m)} kg at a height of ${String(h)} m?`,
        ]),
        expected: { kind: 'quantity', value: m * G * h, unit: 'J' },
      };
    }
    const W = datum(random, 100, 5000, 50);
    const t = datum(random, 2, 60, 1);
    return {
      question: random.pick([
        `A motor does ${String(W)} J of work in ${String(t)} s. What is its power?`,
        `what power is needed to do ${String(W)} J of work in ${String(t)} seconds?`,
      ]),
      expected: { kind: 'quantity', value: W / t, unit: 'W' },
    };
  },
};

const honestRounding: Family = {
  name: 'data with few significant figures',
  tool: 'physics-solver',
  about: 'density, pressure and speed from data with 1 or 2 significant figures (the answer keeps 4)',
  make(random) {
    const kind = random.int(0, 2);
    if (kind === 0) {
      const m = random.pick([2, 3, 5, 7, 0.5, 1.5]);
      const V = random.pick([0.003, 0.007, 0.0003, 0.006, 0.009]);
      return {
        question: random.pick([
          `What is the density of a ${String(m)} kg block of volume ${String(V)} m^3?`,
          `a ${String(m)} kg object has a volume of ${String(V)} m³. find its density`,
        ]),
        expected: { kind: 'quantity', value: m / V, unit: 'kg/m^3' },
      };
    }
    if (kind === 1) {
      const F = random.pick([20, 50, 70, 200, 900]);
      const A = random.pick([0.3, 0.03, 0.6, 0.7, 0.9]);
      return {
        question: random.pick([
          `A force of ${String(F)} N acts on an area of ${String(A)} m^2. What is the pressure?`,
          `what pressure does ${String(F)} N exert on ${String(A)} m²?`,
        ]),
        expected: { kind: 'quantity', value: F / A, unit: 'Pa' },
      };
    }
    const d = random.pick([100, 200, 500, 1000]);
    const t = random.pick([7, 9, 11, 13, 30]);
    return {
      question: random.pick([
        `A runner covers ${String(d)} m in ${String(t)} s. What is her average speed?`,
        `what is the average speed of a car that travels ${String(d)} m in ${String(t)} s?`,
      ]),
      expected: { kind: 'quantity', value: d / t, unit: 'm/s' },
    };
  },
};

const constants: Family = {
  name: 'standard constants',
  tool: 'physics-solver',
  about: "questions that need the speed of light, Planck's constant or g without giving them",
  make(random) {
    const kind = random.int(0, 2);
    if (kind === 0) {
      const d = random.pick([3.84e8, 1.496e11, 4.2e7, 3.6e7]);
      return {
        question: random.pick([
          `How long does light take to travel ${d.toExponential().replace('e+', ' × 10^')} m?`,
          `how long does it take light to cover ${String(d)} m?`,
        ]),
        expected: { kind: 'quantity', value: d / C, unit: 's' },
      };
    }
    if (kind === 1) {
      const nm = random.pick([400, 450, 500, 550, 600, 650, 700]);
      return {
        question: random.pick([
          `What is the energy of a photon of wavelength ${String(nm)} nm?`,
          `find the energy of a ${String(nm)} nm photon`,
        ]),
        expected: { kind: 'quantity', value: (PLANCK * C) / (nm * 1e-9), unit: 'J' },
      };
    }
    const f = random.pick([1e14, 5e14, 6e14, 3e9]);
    return {
      question: random.pick([
        `What is the wavelength of light with a frequency of ${f.toExponential().replace('e+', ' × 10^')} Hz?`,
        `find the wavelength of an electromagnetic wave of frequency ${String(f)} Hz`,
      ]),
      expected: { kind: 'quantity', value: C / f, unit: 'm' },
    };
  },
};

export const PHYSICS_FAMILIES: readonly Family[] = [kinematicsImplied, forces, energy, honestRounding, constants];

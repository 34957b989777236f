import type { SkillId } from '@studyease/contract';

/**
 * More seed questions per skill, beside the skill's `example` (contract, skills.ts): practice for a skill the
 * student has not asked about yet grows from one of these, drawn at random, so a session mixes the skill's
 * question types (a spring and a momentum question under forces) and the physics data have three significant
 * figures (new numbers with one figure run out after a handful). Each solves, verifies and has its skill (tests).
 */
export const MORE_SEEDS: Partial<Record<SkillId, readonly string[]>> = {
  percentages: ['What is 25% of 240?', 'Increase 80 by 15%'],
  'linear-equations': ['Solve 3/x = 1/(x - 2)'],
  inequalities: ['Solve x^2 - 4 < 0'],
  systems: ['Solve 2x + y = 7 and x - y = 2'],
  factoring: ['Expand (2x + 3)(x - 4)', 'Simplify (x^2 - 9)/(x - 3)'],
  'exponents-logarithms': ['Solve log_2(x) = 5'],
  derivatives: ['Find the second derivative of x^4 - 3x^2'],
  integrals: ['Integrate x^2 from 0 to 3'],
  'trig-identities': ['Simplify tan(x) cos(x)'],
  kinematics: [
    'A car accelerates from rest at 2.50 m/s^2 for 8.00 s. How far does it travel?',
    'A car accelerates uniformly from 12.0 m/s to 28.0 m/s in 6.00 s. What is its acceleration?',
    'A ball is dropped from a height of 45.0 m. How long does it take to hit the ground?',
    'A train slows from 25.0 m/s to rest over 150 m. What is its deceleration?',
    'A projectile is launched at 20.0 m/s at an angle of 30.0°. What is its range?',
  ],
  forces: [
    'What force is needed to accelerate a 1250 kg car at 2.50 m/s^2?',
    'A net force of 45.0 N acts on a 9.00 kg box. What is its acceleration?',
    'What is the weight of a 65.0 kg person on Earth?',
    'What is the momentum of a 0.160 kg ball moving at 25.0 m/s?',
    'A spring with a spring constant of 250 N/m is stretched by 0.120 m. What force does it exert?',
    'A 20.0 kg box is pushed across a floor with a coefficient of friction of 0.300. What is the friction force?',
  ],
  energy: [
    'What is the kinetic energy of a 1500 kg car moving at 20.0 m/s?',
    'What is the gravitational potential energy of a 2.50 kg book on a shelf 1.80 m high?',
    'How much work is done pushing a box 12.0 m with a force of 85.0 N?',
    'A motor does 4500 J of work in 15.0 s. What is its power?',
    'A 60.0 kg runner climbs stairs 4.50 m high in 6.00 s. What is her power?',
  ],
  circuits: [
    'A 12.0 V battery drives a current of 0.500 A through a resistor. What is its resistance?',
    'A 60.0 W lamp runs on 230 V. What current does it draw?',
    'A current of 2.50 A flows for 120 s. How much charge passes?',
    'Two resistors of 4.0 ohm and 6.0 ohm are connected in series. What is the total resistance?',
  ],
  'waves-light': [
    'A wave on a rope travels at 12.0 m/s with a frequency of 4.00 Hz. What is its wavelength?',
    'What is the frequency of light with a wavelength of 550 nm?',
    'What is the energy of a photon with a frequency of 6.00 × 10^14 Hz?',
    'What is the period of a wave with a frequency of 50.0 Hz?',
  ],
  'density-pressure': [
    'What is the density of a 250 g stone with a volume of 90.0 cm^3?',
    'A force of 600 N acts on an area of 0.0300 m^2. What is the pressure?',
    'A block has a mass of 5.40 kg and a volume of 0.00200 m^3. What is its density?',
  ],
};

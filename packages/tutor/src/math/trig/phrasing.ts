/** How identity questions are worded and answered: the "prove …" phrasings, true/false verdicts, practice lists. */
/* eslint-disable @typescript-eslint/no-non-null-assertion -- invariants, see README.md "Non-null assertions" */
import type { CheckResult } from '@studyease/contract';

export const PROVE =
  /^(?:please\s+)?(?:can you\s+)?(?:prove|verify|show|check|confirm|is it true)(?:\s+(?:that|whether|if))?(?:\s+the\s+(?:trig(?:onometric)?\s+)?identity)?\s*[:,]?\s*/i;
// Read on trimmed text, from the character before it: tried once per run of spaces (see math/index.ts).
export const IDENTITY_SUFFIX = /(\S)(?:\s*(?:,\s*)?is\s+|\s+)(?:an?\s+)?(?:trig(?:onometric)?\s+)?identity$/i;

export const IDENTITY_PRACTICE = [
  'prove sin(x)^2 + cos(x)^2 = 1',
  'prove 1 + tan(x)^2 = sec(x)^2',
  'prove 1 + cot(x)^2 = csc(x)^2',
  'prove sin(2x) = 2 sin(x) cos(x)',
  'prove cos(2x) = 1 - 2 sin(x)^2',
  'prove cos(2x) = 2 cos(x)^2 - 1',
  'prove cos(2x) = cos(x)^2 - sin(x)^2',
  'prove tan(x) = sin(x)/cos(x)',
  'prove cot(x) = cos(x)/sin(x)',
  'prove tan(x) cos(x) = sin(x)',
  'prove (1 - cos(x)^2)/sin(x) = sin(x)',
  'prove sec(x)^2 - tan(x)^2 = 1',
  'prove tan(x) + cot(x) = sec(x) csc(x)',
  'prove sin(x) tan(x) + cos(x) = sec(x)',
  'prove (sin(x) + cos(x))^2 = 1 + sin(2x)',
  'prove sin(x)^4 - cos(x)^4 = sin(x)^2 - cos(x)^2',
  'prove sin(3x) = 3 sin(x) - 4 sin(x)^3',
  'prove sin(pi/2 - x) = cos(x)',
];

export const SIMPLIFY_PRACTICE = [
  'simplify sin(x)^2 + cos(x)^2',
  'simplify 2*sin(x)*cos(x)',
  'simplify tan(x)*cos(x)',
  'simplify (1 - cos(x)^2)/sin(x)',
  'simplify sec(x)^2 - tan(x)^2',
  'simplify cos(x)^2 - sin(x)^2',
  'simplify 1 - sin(x)^2',
  'simplify sin(x)/tan(x)',
  'simplify sec(x)^2 - 1',
  'simplify cot(x)*sin(x)',
  'simplify 1 - 2*sin(x)^2',
  'simplify (1 + tan(x)^2)*cos(x)^2',
  'simplify csc(x)*tan(x)',
  'simplify sin(x)^4 - cos(x)^4',
];

export const pick = (list: string[]) => (random: () => number) => list[Math.floor(random() * list.length)]!;

export const gradeVerdict = (expected: boolean, student: string): CheckResult => {
  const s = student.trim().toLowerCase();
  const yes = /^(true|yes|correct|valid|it is true|it is an identity|(it'?s )?an identity|holds|it holds)\.?$/.test(s);
  const no =
    /^(false|no|incorrect|invalid|not true|it is false|not an identity|it is not an identity|does not hold)\.?$/.test(
      s,
    );
  if (!yes && !no) return { correct: false, differences: ['answer "true" (it is an identity) or "false" (it is not)'] };
  if (yes === expected) return { correct: true, differences: [] };
  return {
    correct: false,
    differences: [
      expected
        ? 'it is an identity: both sides are equal for every x'
        : 'it is not an identity: the sides differ at some x',
    ],
  };
};

/** The independent numeric check of the trig answers: both sides evaluated at random points, poles avoided. */
import type { Node } from '../ast';
import { seeded } from '../common';
import { type C, Undefined, complex, evaluate, magnitude } from '../evaluate';

interface Numeric {
  agree: Record<string, number>[];
  counterexample?: { env: Record<string, number>; a: C; b: C };
}

export const envText = (env: Record<string, number>): string =>
  Object.entries(env)
    .map(([v, x]) => `${v} = ${x}`)
    .join(', ');

/** Evaluates a and b at random points (poles and badly conditioned points skipped). */
export const compareNumerically = (a: Node, b: Node, vars: string[], seed: string): Numeric => {
  const random = seeded(`trig:${seed}`);
  const agree: Record<string, number>[] = [];
  for (let attempt = 0; attempt < 40 && agree.length < 8; attempt++) {
    const env: Record<string, number> = {};
    for (const v of vars) env[v] = Math.round((random() * 6 - 3) * 1000) / 1000;
    const cenv: Record<string, C> = {};
    for (const [v, x] of Object.entries(env)) cenv[v] = complex(x);
    let va: C;
    let vb: C;
    try {
      va = evaluate(a, cenv);
      vb = evaluate(b, cenv);
    } catch (error) {
      if (error instanceof Undefined) continue;
      throw error;
    }
    const scale = Math.max(1, magnitude(va), magnitude(vb));
    if (!Number.isFinite(scale) || scale > 1e5) continue; // near a pole
    const diff = Math.hypot(va.re - vb.re, va.im - vb.im);
    if (diff <= 1e-9 * scale) agree.push(env);
    else if (diff > 1e-6 * scale) return { agree, counterexample: { env, a: va, b: vb } };
  }
  return { agree };
};

// Engine questions of every tool (from bench/problems.json) that the HTTP benchmarks rotate over: bench:chat's
// streams and bench:load's solve traffic ask the same ones.
export const BENCH_QUESTIONS = /** @type {const} */ ([
  { tool: 'math-solver', question: 'x^2-5x+6=0' },
  { tool: 'physics-solver', question: 'm = 2 kg, a = 3 m/s^2, F = ?' },
  { tool: 'chemistry-solver', question: 'H2 + O2 -> H2O' },
  { tool: 'math-solver', question: 'derivative of x^2*sin(x)' },
  { tool: 'physics-solver', question: 'A car accelerates from 0 to 27 m/s in 9 s. What is its acceleration?' },
  { tool: 'chemistry-solver', question: 'molar mass of H2SO4' },
]);

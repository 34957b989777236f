/**
 * The phrasing layer in front of the engines: questions read the way students write them (rephrase), and what
 * cannot be read explained in the student's own words, with a rewrite or the tool to ask instead (explainRefusal).
 */
export { rephrase } from './rephrase';
export type { Interval, Percentage, Qualifiers, Rephrased } from './rephrased';
export { explainRefusal, type Explained } from './explain-refusal';
export { otherToolFor } from './other-tool';

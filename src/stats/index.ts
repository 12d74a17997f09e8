/**
 * The small statistics toolkit of the Monte Carlo engine: confidence intervals and standard errors for
 * estimated probabilities, z-scores against the exact engine, and a chi-squared goodness-of-fit test
 * (e.g. of the 36 dice pairs). One concept per file; simple-statistics covers summaries and quantiles.
 */
export { Z95, wilsonInterval } from './wilson-interval.js';
export { binomialStandardError } from './standard-error.js';
export { zScore } from './z-score.js';
export {
  chiSquaredGoodnessOfFit,
  chiSquaredPValue,
  type ChiSquaredOptions,
  type ChiSquaredResult,
} from './chi-squared.js';

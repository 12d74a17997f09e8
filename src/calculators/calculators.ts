/**
 * The calculators every front end offers (the CLI's odds subcommands, the web page's calculators),
 * in the order a player reaches for them. Names are unique (checked in tests).
 */
import { attackCalculator } from './attack.js';
import { ccCalculator } from './cc.js';
import type { OddsCalculator } from './calculator.js';
import { integrityCalculator } from './integrity.js';
import { mcCalculator } from './mc.js';
import { rallyCalculator } from './rally.js';
import { recoveryCalculator } from './recovery.js';
import { routCalculator } from './rout.js';
import { vehicleCalculator } from './vehicle.js';

/** Every calculator. */
export const CALCULATORS: readonly OddsCalculator[] = [
  mcCalculator,
  rallyCalculator,
  attackCalculator,
  routCalculator,
  ccCalculator,
  vehicleCalculator,
  recoveryCalculator,
  integrityCalculator,
];

/** The calculator named `name`, or undefined. Never throws. */
export function calculatorNamed(name: string): OddsCalculator | undefined {
  return CALCULATORS.find((c) => c.name === name);
}

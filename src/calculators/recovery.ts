/**
 * `recovery`: Recovering an unpossessed SW/Gun (A4.44): Final dr < 6, +1 CX, +1 night.
 */
import { recoveryQuery } from '../queries/recovery-query.js';
import type { OddsCalculator } from './calculator.js';
import { drmOption } from './common.js';

/** The `recovery` question. */
export const recoveryCalculator: OddsCalculator = {
  name: 'recovery',
  summary: 'Odds that a unit Recovers an unpossessed SW/Gun: Final dr < 6, +1 if CX, +1 at night (A4.44).',
  examples: ['recovery', 'recovery --cx --night --json'],
  options: [
    { flags: '--cx', description: 'the unit is CX: +1 drm' },
    { flags: '--night', description: 'night: +1 drm' },
    drmOption('other drm (e.g. G.5 jungle/kunai/bamboo), -6..6'),
  ],
  query: (o) => recoveryQuery({ cx: o.cx as boolean | undefined, night: o.night as boolean | undefined, drm: o.drm as number | undefined }),
};

/**
 * `recovery`: Recovering an unpossessed SW/Gun (A4.44): Final dr < 6, +1 CX, +1 night.
 */
import { recoveryQuery } from '../queries/recovery-query.js';
import type { OddsCalculator } from './calculator.js';
import { flagOption } from '../options/typed-option.js';
import { drmOption } from './common.js';

const CX = flagOption('--cx', 'the unit is CX: +1 drm');
const NIGHT = flagOption('--night', 'night: +1 drm');
const DRM = drmOption('other drm (e.g. G.5 jungle/kunai/bamboo), -6..6');

/** The `recovery` question. */
export const recoveryCalculator: OddsCalculator = {
  name: 'recovery',
  summary: 'Odds that a unit Recovers an unpossessed SW/Gun: Final dr < 6, +1 if CX, +1 at night (A4.44).',
  examples: ['recovery', 'recovery --cx --night --json'],
  options: [
    CX.spec,
    NIGHT.spec,
    DRM.spec,
  ],
  query: (o) => recoveryQuery({ cx: CX.read(o), night: NIGHT.read(o), drm: DRM.read(o) }),
};

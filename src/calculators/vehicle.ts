/**
 * `vehicle`: MG fire on a vehicle (A9.6, A9.61): To Hit, then the AP To Kill Table against an armored
 * facing, or the IFT Vehicle line against an unarmored one.
 */
import { intIn, OptionValueError } from '../options/option-values.js';
import { vehicleQuery } from '../queries/vehicle-query.js';
import type { RuleSetId } from '../rules/rule-set.js';
import type { OddsCalculator } from './calculator.js';
import { RULE_OPTIONS } from './common.js';

/** Parses `--fp`: a number of FP in (0, 100]; fractions allowed. @throws OptionValueError */
function firepower(v: string): number {
  const n = Number(v.trim());
  if (!/^[0-9]+(\.[0-9]+)?$/.test(v.trim()) || !(n > 0) || n > 100) throw new OptionValueError('expected a number of FP in (0, 100], e.g. 4.');
  return n;
}

/** The `vehicle` question. */
export const vehicleCalculator: OddsCalculator = {
  name: 'vehicle',
  summary:
    'Odds that MG fire kills, burns or Stuns a vehicle: To Hit (Vehicle Target Type, black number), then the AP To Kill Table against an armored facing, or the IFT Vehicle line against an unarmored one (A9.6, A9.61). Each number names its source; the ones no second source confirms are placeholders, listed in the answer: give --th and --tk from your chart.',
  examples: ['vehicle --mg hmg --range 3 --armor 1', 'vehicle --th 8 --tk 4 --th-drm 1 --json', 'vehicle --unarmored --fp 4 --mg mmg', 'vehicle --unarmored --afv-kill --fp 4 --mg mmg --range 2'],
  options: [
    { flags: '--mg <type>', description: 'the MG: lmg, mmg, hmg, 50cal (basic To Kill number, Normal Range and B#)', default: 'hmg' },
    { flags: '--unarmored', description: 'the Target Facing is unarmored: IFT Vehicle line, no To Hit DR (A9.6)' },
    { flags: '--afv-kill', description: 'with --unarmored: a predesignated AFV Kill attack, To Hit first (A9.61)' },
    { flags: '--range <hexes>', description: 'range in hexes, 0-24 (To Hit number; must be within Normal Range)', parse: intIn(0, 24) },
    { flags: '--normal-range <hexes>', description: "the MG's Normal Range, 1-30 (default: the MG type's)", parse: intIn(1, 30) },
    { flags: '--armor <af>', description: 'Armor Factor of the armored Target Facing, 0-30 (Final Kill Number = basic To Kill number - AF)', parse: intIn(0, 30) },
    { flags: '--fp <n>', description: "the MG's FP, for the IFT Vehicle line (--unarmored)", parse: firepower },
    { flags: '--th <n>', description: 'the Modified To Hit number from your chart, 0-13 (hit on Final DR <= it)', parse: intIn(0, 13) },
    { flags: '--tk <n>', description: 'the Final Kill Number from your chart, -2..15 (kill on Final DR < it, Stun on ==)', parse: intIn(-2, 15) },
    { flags: '--th-drm <n>', description: 'To Hit DRM, -6..10', parse: intIn(-6, 10) },
    { flags: '--tk-drm <n>', description: 'DRM of the To Kill DR (or the IFT DR on the Vehicle line), -6..10', parse: intIn(-6, 10) },
    { flags: '--breakdown <n>', description: "the MG's B#, 2-13 (13: never); an Original DR >= B# malfunctions it (A9.7)", parse: intIn(2, 13) },
    { flags: '--fire-group', description: 'the MG fires in a Fire Group (an AFV Kill attack may not: error, A9.61)' },
    { flags: '--halved', description: 'a halved-FP penalty applies (an AFV Kill attack may not: error, A9.61)' },
    ...RULE_OPTIONS,
  ],
  query: (o) =>
    vehicleQuery({
      mg: o.mg as string,
      facing: o.unarmored ? 'unarmored' : 'armored',
      afvKill: o.afvKill as boolean | undefined,
      range: o.range as number | undefined,
      normalRange: o.normalRange as number | undefined,
      armor: o.armor as number | undefined,
      fp: o.fp as number | undefined,
      th: o.th as number | undefined,
      tk: o.tk as number | undefined,
      thDRM: o.thDrm as number | undefined,
      tkDRM: o.tkDrm as number | undefined,
      breakdown: o.breakdown as number | undefined,
      fireGroup: o.fireGroup as boolean | undefined,
      halved: o.halved as boolean | undefined,
      rules: o.rules as RuleSetId,
      settings: o.setting as Record<string, string> | undefined,
    }),
};

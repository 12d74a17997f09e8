/**
 * `vehicle`: MG fire on a vehicle (A9.6, A9.61): To Hit, then the AP To Kill Table against an armored
 * facing, or the IFT Vehicle line against an unarmored one.
 */
import { OptionValueError } from '../options/option-values.js';
import { flagOption, intOption, isNumber, isString, option, optionWithDefault } from '../options/typed-option.js';
import { vehicleQuery } from '../queries/vehicle-query.js';
import type { OddsCalculator } from './calculator.js';
import { RULE_OPTIONS, RULES, SETTING } from './common.js';

/** Parses `--fp`: a number of FP in (0, 100]; fractions allowed. @throws OptionValueError */
function firepower(v: string): number {
  const n = Number(v.trim());
  if (!/^[0-9]+(\.[0-9]+)?$/.test(v.trim()) || !(n > 0) || n > 100) throw new OptionValueError('expected a number of FP in (0, 100], e.g. 4.');
  return n;
}

const MG = optionWithDefault({ flags: '--mg <type>', description: 'the MG: lmg, mmg, hmg, 50cal (basic To Kill number, Normal Range and B#)', default: 'hmg' }, isString);
const UNARMORED = flagOption('--unarmored', 'the Target Facing is unarmored: IFT Vehicle line, no To Hit DR (A9.6)');
const AFV_KILL = flagOption('--afv-kill', 'with --unarmored: a predesignated AFV Kill attack, To Hit first (A9.61)');
const RANGE = intOption('--range <hexes>', 'range in hexes, 0-24 (To Hit number; must be within Normal Range)', 0, 24);
const NORMAL_RANGE = intOption('--normal-range <hexes>', "the MG's Normal Range, 1-30 (default: the MG type's)", 1, 30);
const ARMOR = intOption('--armor <af>', 'Armor Factor of the armored Target Facing, 0-30 (Final Kill Number = basic To Kill number - AF)', 0, 30);
const FP = option({ flags: '--fp <n>', description: "the MG's FP, for the IFT Vehicle line (--unarmored)", parse: firepower }, isNumber);
const TH = intOption('--th <n>', 'the Modified To Hit number from your chart, 0-13 (hit on Final DR <= it)', 0, 13);
const TK = intOption('--tk <n>', 'the Final Kill Number from your chart, -2..15 (kill on Final DR < it, Stun on ==)', -2, 15);
const TH_DRM = intOption('--th-drm <n>', 'To Hit DRM, -6..10', -6, 10);
const TK_DRM = intOption('--tk-drm <n>', 'DRM of the To Kill DR (or the IFT DR on the Vehicle line), -6..10', -6, 10);
const BREAKDOWN = intOption('--breakdown <n>', "the MG's B#, 2-13 (13: never); an Original DR >= B# malfunctions it (A9.7)", 2, 13);
const FIRE_GROUP = flagOption('--fire-group', 'the MG fires in a Fire Group (an AFV Kill attack may not: error, A9.61)');
const HALVED = flagOption('--halved', 'a halved-FP penalty applies (an AFV Kill attack may not: error, A9.61)');

/** The `vehicle` question. */
export const vehicleCalculator: OddsCalculator = {
  name: 'vehicle',
  summary:
    'Odds that MG fire kills, burns or Stuns a vehicle: To Hit (Vehicle Target Type, black number), then the AP To Kill Table against an armored facing, or the IFT Vehicle line against an unarmored one (A9.6, A9.61). Each number names its source; the ones no second source confirms are placeholders, listed in the answer: give --th and --tk from your chart.',
  examples: ['vehicle --mg hmg --range 3 --armor 1', 'vehicle --th 8 --tk 4 --th-drm 1 --json', 'vehicle --unarmored --fp 4 --mg mmg', 'vehicle --unarmored --afv-kill --fp 4 --mg mmg --range 2'],
  options: [
    ...[MG, UNARMORED, AFV_KILL, RANGE, NORMAL_RANGE, ARMOR, FP, TH, TK, TH_DRM, TK_DRM, BREAKDOWN, FIRE_GROUP, HALVED].map((t) => t.spec),
    ...RULE_OPTIONS,
  ],
  query: (o) =>
    vehicleQuery({
      mg: MG.read(o),
      facing: UNARMORED.read(o) ? 'unarmored' : 'armored',
      afvKill: AFV_KILL.read(o),
      range: RANGE.read(o),
      normalRange: NORMAL_RANGE.read(o),
      armor: ARMOR.read(o),
      fp: FP.read(o),
      th: TH.read(o),
      tk: TK.read(o),
      thDRM: TH_DRM.read(o),
      tkDRM: TK_DRM.read(o),
      breakdown: BREAKDOWN.read(o),
      fireGroup: FIRE_GROUP.read(o),
      halved: HALVED.read(o),
      rules: RULES.read(o),
      settings: SETTING.read(o),
    }),
};

/**
 * Hostile inputs a reliability sweep found misbehaving (issue 12, part 2): each one a test asserting
 * the error code (one line, non-zero exit) or the correct behaviour.
 */
import { describe, expect, it } from 'vitest';
import { getRuleSet } from '../../src/rules/rule-set.js';
import { errorCode } from '../rules/helpers.js';

describe('--setting names are the settings own names only', () => {
  it.each(['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__'])('%s=stay is refused (input.setting)', (name) => {
    expect(errorCode(() => getRuleSet('2nd-edition', { [name]: 'stay' }))).toBe('input.setting');
  });
  it('a real setting still works', () => {
    expect(getRuleSet('2nd-edition', { coweringOnOneFP: 'stay' }).settings.coweringOnOneFP).toBe('stay');
  });
});

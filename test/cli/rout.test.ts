import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { bufferIO } from './buffer-io.js';

async function run(args: string[]) {
  const io = bufferIO();
  const code = await runCli(args, io);
  return { code, out: io.out, err: io.err };
}

describe('asl-odds rout', () => {
  it('--json: outcomes, the core events plus arrived and failureToRout, categories with exact fractions', async () => {
    const { code, out } = await run(['rout', '--unit', 'german/4-6-7', '--path', 'open,open', '--json']);
    expect(code).toBe(0);
    const r = JSON.parse(out);
    expect(r.command).toBe('rout');
    expect(r.method).toBe('exact');
    expect(r.input.route).toBe('open,open');
    expect(Object.keys(r.events)).toEqual(expect.arrayContaining(['pass', 'pin', 'break', 'casualtyReduction', 'elimination', 'heatOfBattle', 'surrender', 'arrived', 'failureToRout']));
    expect(r.categoryFractions['arrived intact']).toBe('10285/46656');
    expect(r.outcomes.reduce((s: number, o: { probability: number }) => s + o.probability, 0)).toBeCloseTo(1, 12);
  });
  it('text: the summary by category first (arrives intact / reduced / eliminated), then the odds table', async () => {
    const { code, out } = await run(['rout', '--unit', 'german/4-6-7', '--path', 'open,open', '--leader', 'german/8-1', '--end-adjacent']);
    expect(code).toBe(0);
    expect(out).toContain('asl-odds rout · rule set 2nd-edition · exact');
    expect(out).toMatch(/eliminated for Failure to Rout, hex 1 of 2 \(pinned\); leader 8-1 unharmed/);
    expect(out.split('\n')[0]).toBe('German 4-6-7 routs along open:adj,open: exact (every dice path)');
    expect(out.split('\n')[1]).toMatch(/^ {2}arrives intact\s+\d/);
    expect(out).toMatch(/^ {2}the leader routing with it eliminated\s+/m);
    expect(out.indexOf('arrives intact')).toBeLessThan(out.indexOf('asl-odds rout ·'));
  });
  it('--low-crawl: arrives with probability 1', async () => {
    const { code, out } = await run(['rout', '--unit', 'german/4-6-7', '--path', 'open', '--low-crawl', '--json']);
    expect(code).toBe(0);
    expect(JSON.parse(out).categoryFractions['arrived intact']).toBe('1');
  });
  it('--compare: the routes side by side (two Open Ground hexes against Low Crawl)', async () => {
    const { code, out } = await run(['rout', '--unit', 'german/4-6-7', '--path', 'open,open', '--compare', 'crawl', 'clear:2,open']);
    expect(code).toBe(0);
    expect(out).toMatch(/^Outcome\s+open,open\s+crawl\s+clear:2,open$/m);
    expect(out).toMatch(/^arrived intact\s+22\.0%\s+100\.0%\s+56\.0%$/m);
    const j = JSON.parse((await run(['rout', '--unit', 'german/4-6-7', '--path', 'open,open', '--compare', 'crawl', '--json'])).out);
    expect(j.routes.map((x: { route: string }) => x.route)).toEqual(['open,open', 'crawl']);
    expect(j.routes[1].result.categoryFractions['arrived intact']).toBe('1');
    const csv = (await run(['rout', '--unit', 'german/4-6-7', '--path', 'open', '--compare', 'crawl', '--format', 'csv'])).out;
    expect(csv.split('\n')[0]).toBe('kind,name,route,probability,percent,fraction');
    expect(csv).toContain('outcome,arrived intact,open,');
  });
  it('--compare --report writes one report directory per route, each with its own index.html', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'asl-odds-rout-'));
    const { code } = await run(['rout', '--unit', 'german/4-6-7', '--path', 'open', '--compare', 'crawl', '--report', dir, '--out', join(dir, 'c.json')]);
    expect(code).toBe(0);
    expect(await readdir(dir)).toEqual(expect.arrayContaining(['route-1', 'route-2', 'c.json']));
    for (const r of ['route-1', 'route-2']) expect(await readdir(join(dir, r))).toEqual(expect.arrayContaining(['rout.json', 'rout.svg', 'index.html']));
    const second = JSON.parse(await readFile(join(dir, 'route-2', 'rout.json'), 'utf8'));
    expect(second.categoryFractions['arrived intact']).toBe('1'); // the Low Crawl, not overwritten by the first route
    expect(JSON.parse(await readFile(join(dir, 'c.json'), 'utf8')).routes).toHaveLength(2);
  });
  it('--trials runs the same chain by Monte Carlo (categories estimated)', async () => {
    const { code, out } = await run(['rout', '--unit', 'german/4-6-7', '--path', 'open,open', '--trials', '20000', '--seed', 'r', '--threads', '1', '--json']);
    expect(code).toBe(0);
    const r = JSON.parse(out);
    expect(r.method).toBe('monte-carlo');
    expect(r.categories['arrived intact']).toBeGreaterThan(0.18);
    expect(r.categories['arrived intact']).toBeLessThan(0.26);
  });

  const bad: [string, string[], RegExp][] = [
    ['an unknown hex', ['--path', 'open,opne'], /--path: unknown hex 'opne'/],
    ['a route over 6 MF', ['--path', 'open:3,open:4'], /--path: .*7 MF.*6 MF/],
    ['Low Crawl over two hexes', ['--path', 'open,open', '--low-crawl'], /--low-crawl: Low Crawl is a rout of one hex/],
    ['a Disrupted unit crawling', ['--path', 'crawl', '--disrupted'], /--low-crawl: a Disrupted unit may not use Low Crawl/],
    ['a leader that is not a leader', ['--path', 'open', '--leader', 'german/4-6-8'], /--leader: 'german\/4-6-8' is a squad/],
    ['--wounded on a squad', ['--path', 'open', '--wounded'], /--wounded: only a SMC/],
    ['--drm out of range', ['--path', 'open', '--drm', '9'], /--drm/],
    ['--from not open/clear', ['--path', 'open', '--from', 'woods'], /--from/],
    ['a bad --compare route', ['--path', 'open', '--compare', 'xx'], /--compare: unknown hex 'xx'/],
    ['--compare with --trials', ['--path', 'open', '--compare', 'crawl', '--trials', '100'], /--compare: routes are compared exactly/],
    ['--compare with a bad --format', ['--path', 'open', '--compare', 'crawl', '--format', 'xml'], /--format/],
    ['Monte Carlo options without --trials', ['--path', 'open', '--seed', 'x'], /--trials/],
  ];
  for (const [name, args, message] of bad) {
    it(`bad input, ${name}: one line naming the option, exit 2`, async () => {
      const { code, err, out } = await run(['rout', '--unit', 'german/4-6-7', ...args]);
      expect(code).toBe(2);
      expect(err.trim().split('\n')).toHaveLength(1);
      expect(err).toMatch(message);
      expect(err).not.toMatch(/\n\s+at /);
      expect(out).toBe('');
    });
  }
  it('bad input: a hero never routs; an unknown unit names the closest ids', async () => {
    expect((await run(['rout', '--unit', 'german/hero', '--path', 'open'])).code).toBe(2);
    const u = await run(['rout', '--unit', 'german/4-7-7', '--path', 'open']);
    expect(u.code).toBe(2);
    expect(u.err).toMatch(/closest: german\/4-6-7/);
  });
  it('--path is required', async () => {
    expect((await run(['rout', '--unit', 'german/4-6-7'])).code).toBe(2);
  });
});

describe('asl-odds recovery (A4.44)', () => {
  it('5/6; CX at night 1/2', async () => {
    const a = JSON.parse((await run(['recovery', '--json'])).out);
    expect(a.command).toBe('recovery');
    expect(a.outcomes.find((o: { state: string }) => o.state === 'recovered').fraction).toBe('5/6');
    const b = JSON.parse((await run(['recovery', '--cx', '--night', '--json'])).out);
    expect(b.input.totalDRM).toBe(2);
    expect(b.outcomes.find((o: { state: string }) => o.state === 'recovered').fraction).toBe('1/2');
  });
  it('text table', async () => {
    const { code, out } = await run(['recovery', '--cx']);
    expect(code).toBe(0);
    expect(out).toMatch(/^recovered\s+66\.7%\s+1 in 1\.5\s+2\/3$/m);
  });
  it('bad --drm: one line, exit 2', async () => {
    const { code, err } = await run(['recovery', '--drm', 'x']);
    expect(code).toBe(2);
    expect(err.trim().split('\n')).toHaveLength(1);
    expect(err).toMatch(/--drm/);
  });
});

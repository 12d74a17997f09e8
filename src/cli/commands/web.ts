/**
 * `asl-odds web`: serves the web page (the calculators, offline after the first visit) from the
 * installed package's dist-web/ and prints its address.
 */
import { spawn } from 'node:child_process';
import { Command } from 'commander';
import type { CliContext } from '../io.js';
import { intIn } from '../parse.js';

/** Opens `url` in the desktop's browser; failures are reported, never thrown. */
function openBrowser(url: string, cli: CliContext): void {
  const [cmd, args] = process.platform === 'darwin' ? ['open', [url]] : process.platform === 'win32' ? ['cmd', ['/c', 'start', '', url]] : ['xdg-open', [url]];
  const child = spawn(cmd, args as string[], { stdio: 'ignore', detached: true });
  child.on('error', () => cli.io.stderr(`asl-odds web: could not open a browser (${cmd}); open ${url} yourself\n`));
  child.unref();
}

/**
 * What `asl-odds web` prints once it serves: the address to open, and for every network address (`--host
 * 0.0.0.0`) the machine's own addresses another device can open (`0.0.0.0` is not one), with what
 * offline use needs: browsers keep a page for offline use (its service worker) only when it is served
 * over https or from this machine (localhost), so a phone opening a plain http LAN address gets the
 * page while the server runs, not offline.
 * @param lan the LAN addresses' URLs, or null when the server listens on one address only
 */
export function servingLines(url: string, local: string, lan: readonly string[] | null): string {
  if (lan === null) {
    const loopback = /^http:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])[:/]/.test(url);
    return `asl-odds web: serving ${url} (Ctrl-C to stop)\n${loopback ? '' : 'Offline use needs the page served over https or from localhost; from this plain http address it works only while this server runs.\n'}`;
  }
  const lines = [`asl-odds web: serving on every network of this machine (Ctrl-C to stop)`, `  on this machine: ${local}`];
  if (lan.length === 0) lines.push('  no network address found: is this machine on a network?');
  for (const u of lan) lines.push(`  from a phone or another computer on the same network: ${u}`);
  lines.push('Offline use needs the page served over https or from localhost: over a plain http network address the page works only while this server runs (browsers keep no offline copy there).');
  return lines.join('\n') + '\n';
}

/** Builds the `web` subcommand. */
export function webCommand(cli: CliContext): Command {
  return new Command('web')
    .description('Serve the web page (calculators for mc, rally, attack, rout, recovery, integrity and the odds tables; works offline after the first visit) and print its address. Build it first with npm run build:web.')
    .option('--port <n>', 'port to listen on (0: any free port)', intIn(0, 65535), 8177)
    .option('--host <address>', 'address to listen on (default 127.0.0.1: this machine only; 0.0.0.0: every network, for a phone on the same network; its addresses are printed)', '127.0.0.1')
    .option('--open', 'open the page in the default browser')
    .addHelpText('after', '\nExamples:\n  asl-odds web\n  asl-odds web --port 8080 --open\n')
    .action(async (o: { port: number; host: string; open?: boolean }) => {
      const { isAnyAddress, lanAddresses, startWebServer, urlOf } = await import('../web-server.js'); // loaded when asked for
      const web = await startWebServer({ port: o.port, host: o.host });
      const port = Number(new URL(web.url).port);
      const local = isAnyAddress(o.host) ? urlOf('127.0.0.1', port) : web.url;
      cli.io.stdout(servingLines(web.url, local, isAnyAddress(o.host) ? lanAddresses().map((a) => urlOf(a, port)) : null));
      if (o.open) openBrowser(local, cli);
      await new Promise<void>((done) => {
        const stop = () => {
          process.off('SIGINT', stop);
          process.off('SIGTERM', stop);
          void web.close().then(done);
        };
        process.on('SIGINT', stop);
        process.on('SIGTERM', stop);
      });
    });
}

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

/** Builds the `web` subcommand. */
export function webCommand(cli: CliContext): Command {
  return new Command('web')
    .description('Serve the web page (calculators for mc, rally, attack, rout, recovery, integrity and the odds tables; works offline after the first visit) and print its address. Build it first with npm run build:web.')
    .option('--port <n>', 'port to listen on (0: any free port)', intIn(0, 65535), 8177)
    .option('--host <address>', 'address to listen on (default 127.0.0.1: this machine only; 0.0.0.0 for your phone on the same network)', '127.0.0.1')
    .option('--open', 'open the page in the default browser')
    .addHelpText('after', '\nExamples:\n  asl-odds web\n  asl-odds web --port 8080 --open\n')
    .action(async (o: { port: number; host: string; open?: boolean }) => {
      const { startWebServer } = await import('../web-server.js'); // loaded when asked for
      const web = await startWebServer({ port: o.port, host: o.host });
      cli.io.stdout(`asl-odds web: serving ${web.url} (Ctrl-C to stop)\n`);
      if (o.open) openBrowser(web.url, cli);
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

/**
 * A static file server for the built web page (dist-web/, `npm run build:web`): `asl-odds web`.
 * Local use only: binds 127.0.0.1 by default, serves files under the root and nothing else.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { AslOddsError } from '../errors.js';
import { PACKAGE_ROOT } from '../io/package-root.js';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** The installed package's dist-web/ (built by `npm run build:web`, shipped in the package). Never throws. */
export function webRoot(): string {
  return join(PACKAGE_ROOT, 'dist-web');
}

/** A running server. */
export interface WebServer {
  /** e.g. `http://127.0.0.1:8177/` */
  readonly url: string;
  readonly server: Server;
  close(): Promise<void>;
}

/**
 * Serves `root` on `host:port` (port 0: any free port).
 * @throws AslOddsError `web.notBuilt` (exit 1) when `root/index.html` is missing (run `npm run build:web`);
 *   `web.port` (exit 2) when the port is taken or not allowed
 */
export async function startWebServer(options: { root?: string; port?: number; host?: string } = {}): Promise<WebServer> {
  const root = resolve(options.root ?? webRoot());
  if (!existsSync(join(root, 'index.html'))) {
    throw new AslOddsError('web.notBuilt', `the web page is not built (${join(root, 'index.html')} is missing); run npm run build:web`, 1);
  }
  const host = options.host ?? '127.0.0.1';
  const server = createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split(/[?#]/)[0]);
    const file = normalize(join(root, path.endsWith('/') ? `${path}index.html` : path));
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    if (!(file === root || file.startsWith(root + sep)) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    const hashed = /[\\/]assets[\\/]/.test(file);
    res.writeHead(200, {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      // hashed assets never change; index.html and the service worker are checked every time
      'Cache-Control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
      'X-Content-Type-Options': 'nosniff',
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', (e: NodeJS.ErrnoException) =>
      fail(e.code === 'EADDRINUSE' || e.code === 'EACCES' ? new AslOddsError('web.port', `--port: port ${options.port} on ${host} is ${e.code === 'EADDRINUSE' ? 'in use' : 'not allowed'}; pick another with --port <n>`, 2) : e),
    );
    server.listen(options.port ?? 8177, host, () => ok());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}/`,
    server,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

/**
 * A static file server for the built web page (dist-web/, `npm run build:web`): `asl-odds web`.
 * Binds 127.0.0.1 by default. Every request is other people's input (with `--host 0.0.0.0`, anyone on
 * the network): a request it cannot read (a malformed percent escape, a NUL) gets 400 and the server
 * keeps serving; only regular files whose real path (symbolic links resolved) lies under the root's real
 * path are served; closing it ends open connections at once (a browser's keep-alive connection kept
 * Ctrl-C waiting 30 s and more).
 */
import { createReadStream, existsSync } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { AslOddsError, printableLine } from '../errors.js';
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
 * The file under `root` a request path names, or a status: 400 when the path cannot be read (malformed
 * percent escape, NUL), 404 when it names nothing servable (outside the root, once symbolic links are
 * resolved, or not a regular file). Never throws.
 * @param realRoot the root's real path (symbolic links resolved)
 */
export async function resolveRequestPath(realRoot: string, url: string): Promise<{ file: string } | { status: 400 | 404 }> {
  let path: string;
  try {
    path = decodeURIComponent(url.split(/[?#]/)[0]);
  } catch {
    return { status: 400 };
  }
  if (path.includes('\0') || !path.startsWith('/')) return { status: 400 };
  const file = normalize(join(realRoot, path.endsWith('/') ? `${path}index.html` : path));
  if (!isUnder(realRoot, file)) return { status: 404 };
  try {
    const real = await realpath(file);
    if (!isUnder(realRoot, real) || !(await stat(real)).isFile()) return { status: 404 };
    return { file: real };
  } catch {
    return { status: 404 };
  }
}

function isUnder(root: string, file: string): boolean {
  return file === root || file.startsWith(root.endsWith(sep) ? root : root + sep);
}

/** Host names and addresses `--host` may be: an IP address, or a host name of letters, digits, dots and hyphens. */
const HOST_NAME = /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?$/;

/** True for the addresses that mean "every interface of this machine" (`0.0.0.0`, `::`). Never throws. */
export function isAnyAddress(host: string): boolean {
  return host === '0.0.0.0' || host === '::' || host === '[::]';
}

/**
 * This machine's network addresses another device (a phone on the same network) can open: IPv4 first,
 * then global IPv6; loopback and link-local addresses left out. Never throws.
 * @example lanAddresses() // ['192.168.1.20']
 */
export function lanAddresses(): string[] {
  const v4: string[] = [];
  const v6: string[] = [];
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) {
      if (a.internal) continue;
      if (a.family === 'IPv4') v4.push(a.address);
      else if (!/^fe80:/i.test(a.address)) v6.push(a.address);
    }
  }
  return [...v4, ...v6];
}

/** `http://host:port/`, an IPv6 address in brackets. Never throws. */
export function urlOf(host: string, port: number): string {
  return `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}/`;
}

/**
 * Serves `root` on `host:port` (port 0: any free port).
 * @throws AslOddsError `web.notBuilt` (exit 1) when `root/index.html` is missing (run `npm run build:web`);
 *   `web.port` (exit 2) when the port is taken or not allowed; `web.host` (exit 2) when `host` is not a
 *   host name or address, names no address, or is not an address of this machine
 */
export async function startWebServer(options: { root?: string; port?: number; host?: string } = {}): Promise<WebServer> {
  const host = options.host ?? '127.0.0.1';
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  if (!isIP(bare) && !HOST_NAME.test(host)) {
    throw new AslOddsError('web.host', `--host: '${printableLine(host)}' is not a host name or IP address; e.g. 127.0.0.1 (this machine), 0.0.0.0 (every network of this machine)`, 2);
  }
  const root = resolve(options.root ?? webRoot());
  if (!existsSync(join(root, 'index.html'))) {
    throw new AslOddsError('web.notBuilt', `the web page is not built (${join(root, 'index.html')} is missing); run npm run build:web`, 1);
  }
  const realRoot = await realpath(root);
  const server = createServer((req, res) => {
    void respond(realRoot, req, res);
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', (e: NodeJS.ErrnoException) => fail(listenError(e, host, options.port)));
    server.listen(options.port ?? 8177, bare, () => ok());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 8177);
  return {
    url: urlOf(host, port),
    server,
    close: () =>
      new Promise<void>((ok) => {
        server.close(() => ok());
        // a browser keeps its connections open (keep-alive): end them, or close waits for them
        server.closeAllConnections();
      }),
  };
}

/** A listen failure as one line for the user (the port or the host named), or the error itself. Never throws. */
function listenError(e: NodeJS.ErrnoException, host: string, port: number | undefined): Error {
  if (e.code === 'EADDRINUSE' || e.code === 'EACCES') {
    return new AslOddsError('web.port', `--port: port ${port} on ${host} is ${e.code === 'EADDRINUSE' ? 'in use' : 'not allowed'}; pick another with --port <n>`, 2);
  }
  if (e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN' || e.code === 'EAI_FAIL' || e.code === 'EAI_NONAME') {
    return new AslOddsError('web.host', `--host: '${printableLine(host)}' names no address this machine can find; e.g. 127.0.0.1 (this machine), 0.0.0.0 (every network of this machine)`, 2);
  }
  if (e.code === 'EADDRNOTAVAIL' || e.code === 'EINVAL' || e.code === 'EAFNOSUPPORT') {
    return new AslOddsError('web.host', `--host: ${printableLine(host)} is not an address of this machine; e.g. 127.0.0.1 (this machine), 0.0.0.0 (every network of this machine)`, 2);
  }
  return e;
}

const TEXT = { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' };

/** Answers one request. Never throws (a failure mid-stream ends the response). */
async function respond(realRoot: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const found = await resolveRequestPath(realRoot, req.url ?? '/');
    if ('status' in found) {
      res.writeHead(found.status, TEXT).end(found.status === 400 ? 'bad request\n' : 'not found\n');
      return;
    }
    const file = found.file;
    const hashed = /[\\/]assets[\\/]/.test(file.slice(realRoot.length));
    res.writeHead(200, {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      // hashed assets never change; index.html and the service worker are checked every time
      'Cache-Control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
      'X-Content-Type-Options': 'nosniff',
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    const stream = createReadStream(file);
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  } catch {
    if (!res.headersSent) res.writeHead(500, TEXT).end('server error\n');
    else res.destroy();
  }
}

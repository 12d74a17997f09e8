/**
 * `asl-odds web`'s server (src/cli/web-server.ts) as the network sees it, over real sockets on
 * 127.0.0.1 (issue 42, section 5, "One request stops the web server"): a malformed request gets 400 and
 * the server keeps serving; nothing outside the served directory is read, a symbolic link pointing out
 * of it included; closing it (Ctrl-C) ends a browser's open keep-alive connection at once; a bad
 * `--host` is one line, exit 2.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servingLines } from '../../src/cli/commands/web.js';
import { runCli } from '../../src/cli/main.js';
import { isAnyAddress, lanAddresses, startWebServer, urlOf, type WebServer } from '../../src/cli/web-server.js';
import { isAslOddsError } from '../../src/errors.js';
import { bufferIO } from './buffer-io.js';

const base = mkdtempSync(join(tmpdir(), 'asl-odds-web-server-'));
const root = join(base, 'site');
const SECRET = 'secret outside the root';
let web: WebServer;

beforeAll(async () => {
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>asl-odds</title>');
  writeFileSync(join(root, 'assets', 'app-1234.js'), 'console.log(1)');
  mkdirSync(join(base, 'outside'));
  writeFileSync(join(base, 'outside', 'secret.txt'), SECRET);
  writeFileSync(join(base, 'secret.txt'), SECRET);
  symlinkSync(join(base, 'secret.txt'), join(root, 'leak.txt'));
  symlinkSync(join(base, 'outside'), join(root, 'outdir'));
  symlinkSync(join(root, 'index.html'), join(root, 'inside.html')); // a link within the root is fine
  web = await startWebServer({ root, port: 0 });
});
afterAll(async () => {
  await web?.close();
  rmSync(base, { recursive: true, force: true });
});

/** Sends `head` as written on a raw socket and returns the whole response text. */
function raw(head: string): Promise<string> {
  const { port } = new URL(web.url);
  return new Promise((ok, fail) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(head));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (d) => (text += d));
    socket.on('end', () => ok(text));
    socket.on('error', fail);
  });
}
const get = (path: string) => raw(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
const status = (response: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1]);

describe('asl-odds web: the server', () => {
  it('answers a malformed request with 400 and keeps serving', async () => {
    for (const path of ['/%', '/%c0%ae%c0%ae/etc/passwd', '/%E0%A4%A', '/a%00b', '/%zz']) {
      expect(status(await get(path)), path).toBe(400);
      expect(status(await get('/')), `after ${path}`).toBe(200);
    }
  });
  it('serves the page and its files', async () => {
    const index = await get('/');
    expect(status(index)).toBe(200);
    expect(index).toContain('<title>asl-odds</title>');
    expect(index).toMatch(/cache-control: no-cache/i);
    const asset = await get('/assets/app-1234.js');
    expect(asset).toMatch(/content-type: text\/javascript/i);
    expect(asset).toMatch(/immutable/);
    expect(status(await get('/inside.html'))).toBe(200);
  });
  it('never reads a file outside the served directory (symbolic links resolved, dot segments, encodings)', async () => {
    for (const path of ['/leak.txt', '/outdir/secret.txt', '/../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt', '/assets/../../secret.txt', '//etc/passwd', '/outdir/']) {
      const r = await get(path);
      expect(status(r), path).toBe(404);
      expect(r, path).not.toContain(SECRET);
    }
    expect(status(await raw('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n'))).toBe(405);
  });
  it('closes at once with a browser connection open (keep-alive), as Ctrl-C does', async () => {
    const own = await startWebServer({ root, port: 0 });
    const agent = new Agent({ keepAlive: true });
    const body = await new Promise<string>((ok, fail) => {
      request(own.url, { agent }, (res) => {
        let t = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (t += d));
        res.on('end', () => ok(t));
      })
        .on('error', fail)
        .end();
    });
    expect(body).toContain('asl-odds');
    // and a second client that has sent half a request
    const { port } = new URL(own.url);
    const half = connect(Number(port), '127.0.0.1', () => half.write('GET / HTTP/1.1\r\nHost: x\r\n'));
    half.on('error', () => {});
    // and a browser's preconnected socket that has sent nothing yet (held the real process 15 s and more)
    const silent = connect(Number(port), '127.0.0.1');
    silent.on('error', () => {});
    await new Promise((r) => setTimeout(r, 100));
    const t0 = performance.now();
    await own.close();
    const ms = performance.now() - t0;
    agent.destroy();
    half.destroy();
    silent.destroy();
    expect(ms).toBeLessThan(1000); // before: the keep-alive connection held it open for seconds
  });
});

describe('asl-odds web --host', () => {
  it('a host that is not a name or address, names nothing, or is not this machine\'s: one line, exit 2', async () => {
    for (const host of ['a b;c', 'no-such-host.invalid', '192.0.2.1', '$(touch x)', '-']) {
      const e = await startWebServer({ root, port: 0, host }).then(
        (w) => w.close().then(() => null),
        (x: unknown) => x,
      );
      expect(isAslOddsError(e), host).toBe(true);
      expect((e as { code: string }).code, host).toBe('web.host');
      expect((e as { exitCode: number }).exitCode).toBe(2);
      expect((e as Error).message, host).toMatch(/^--host: .*; e\.g\. 127\.0\.0\.1/);
      expect((e as Error).message).not.toContain('\n');
    }
  });
  it('on the command line: one line, exit 2, no "internal error"', async () => {
    const io = bufferIO();
    expect(await runCli(['web', '--host', 'a b;c', '--port', '0'], io)).toBe(2);
    expect(io.err.trim().split('\n')).toHaveLength(1);
    expect(io.err).toContain("--host: 'a b;c' is not a host name or IP address");
    expect(io.err).not.toContain('internal');
    expect(io.out).toBe('');
  });
  it('0.0.0.0 prints the addresses a phone can open, and what offline use needs', () => {
    expect(isAnyAddress('0.0.0.0') && isAnyAddress('::')).toBe(true);
    const lan = lanAddresses();
    for (const a of lan) expect(a).not.toMatch(/^(127\.|::1$|fe80:)/i);
    const text = servingLines('http://0.0.0.0:8177/', urlOf('127.0.0.1', 8177), ['http://192.168.1.20:8177/', urlOf('2001:db8::5', 8177)]);
    expect(text).toContain('on this machine: http://127.0.0.1:8177/');
    expect(text).toContain('same network: http://192.168.1.20:8177/');
    expect(text).toContain('same network: http://[2001:db8::5]:8177/');
    expect(text).not.toContain('0.0.0.0');
    expect(text).toMatch(/Offline use needs the page served over https or from localhost/);
    expect(servingLines('http://127.0.0.1:8177/', 'http://127.0.0.1:8177/', null)).toBe('asl-odds web: serving http://127.0.0.1:8177/ (Ctrl-C to stop)\n');
    expect(servingLines('http://192.168.1.20:8177/', 'http://192.168.1.20:8177/', null)).toMatch(/Offline use needs/);
  });
  it('serves on 0.0.0.0 and answers on a LAN address of this machine (when it has one)', async () => {
    const any = await startWebServer({ root, port: 0, host: '0.0.0.0' });
    try {
      const port = Number(new URL(any.url).port);
      const v4 = lanAddresses().find((a) => !a.includes(':'));
      if (v4) {
        const text = await new Promise<string>((ok, fail) => {
          const s = connect(port, v4, () => s.write('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'));
          let t = '';
          s.setEncoding('utf8');
          s.on('data', (d) => (t += d));
          s.on('end', () => ok(t));
          s.on('error', fail);
        });
        expect(status(text)).toBe(200);
      }
    } finally {
      await any.close();
    }
  });
});

// A tiny static server for the built game: serves DIR under a URL prefix on 127.0.0.1.
// Usage: node serve.mjs DIR PORT [PREFIX]   e.g. node serve.mjs ../../dist 4173 /games/molscrab/
// Like a plain static host: no rewrites, correct MIME types (wasm included), a redirect from
// PREFIX without its slash, ETags so a revalidation costs a 304. No compression, unless
// GZIP=1 is set (as most hosts do it: gzip for a client that accepts it; `make lighthouse`).
// Tests import `staticHost` to get a host whose root can be switched (a new deploy) or
// taken down (offline) while a page is open.
import { createServer } from 'node:http';
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const types = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm', '.json': 'application/json', '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon', '.txt': 'text/plain',
};

/// A static host. `host.root` may be reassigned at any time (a deploy); `host.down = true` makes
/// it drop every connection, like a server that is unreachable; `host.bytesSent` counts the
/// bytes of file bodies it has sent (a 304 sends none).
export function staticHost(dir, prefixArg = '/') {
  const prefix = prefixArg.endsWith('/') ? prefixArg : prefixArg + '/';
  const host = {
    root: resolve(dir), prefix, down: false, bytesSent: 0, server: null, gzip: process.env.GZIP === '1',
  };
  host.server = createServer(async (req, res) => {
    if (host.down) {
      req.socket.destroy();
      return;
    }
    const root = host.root;
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (path === prefix.slice(0, -1)) {
      res.writeHead(301, { location: prefix }).end();
      return;
    }
    if (!path.startsWith(prefix)) {
      res.writeHead(404).end('not found');
      return;
    }
    let file = normalize(join(root, path.slice(prefix.length)));
    if (file !== root && !file.startsWith(root + sep)) {
      res.writeHead(403).end('forbidden');
      return;
    }
    try {
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file);
      const etag = '"' + createHash('sha1').update(body).digest('base64url') + '"';
      const headers = {
        'content-type': types[extname(file)] ?? 'application/octet-stream',
        'cache-control': 'no-cache',
        etag,
      };
      if (req.headers['if-none-match'] === etag) {
        res.writeHead(304, headers).end();
        return;
      }
      if (host.gzip && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
        const zipped = gzipSync(body, { level: 6 });
        headers['content-encoding'] = 'gzip';
        headers.vary = 'accept-encoding';
        host.bytesSent += zipped.length;
        res.writeHead(200, headers).end(zipped);
        return;
      }
      host.bytesSent += body.length;
      res.writeHead(200, headers).end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  /// listens on 127.0.0.1 (port 0: any free port) and resolves to the site's URL
  host.listen = (port = 0) =>
    new Promise((ok) => host.server.listen(port, '127.0.0.1', () =>
      ok(`http://127.0.0.1:${host.server.address().port}${prefix}`)));
  host.close = () => new Promise((ok) => {
    host.server.closeAllConnections();
    host.server.close(() => ok());
  });
  return host;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [dirArg = 'dist', portArg = '4173', prefixArg = '/'] = process.argv.slice(2);
  const host = staticHost(dirArg, prefixArg);
  host.listen(Number(portArg)).then((url) => console.log(`serving ${host.root} at ${url}`));
}

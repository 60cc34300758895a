/**
 * The production build of the server (issue 18, N76): api/server.ts compiled by scripts/build.ts
 * runs with plain node, finds what it reads beside its sources (SQLite migrations, the moderation
 * model, the API docs' assets), serves the API, and answers a small JSON body uncompressed and a
 * large one compressed, as the real node server does.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { buildServer } from '../../scripts/build';
import { freePort, REPO_ROOT, type RunningServer, startServer } from './support/server-process';

describe('the compiled server', () => {
  let server: RunningServer | undefined;
  const dir = mkdtempSync(join(tmpdir(), 'nestmate-compiled-'));

  afterAll(async () => {
    await server?.stop('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts with node from dist, migrates, and serves the API, its docs and compressed JSON', async () => {
    const compiled = await buildServer(join(REPO_ROOT, 'dist/test-server/server.js'));
    server = await startServer({ dbFile: join(dir, 'db.sqlite'), port: await freePort(), compiled });
    expect(server.output()).toContain('[seed] reference data: 22 universities');

    const me = await fetch(`${server.url}/api/me`, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(me.status).toBe(200);
    expect(me.headers.get('content-encoding')).toBeNull();
    expect(await me.json()).toEqual({ user: null });

    // fetch would decode by itself: ask with node's own view of the bytes.
    const doc = await fetch(`${server.url}/api/openapi.json`, { headers: { 'accept-encoding': 'gzip' } });
    expect(doc.headers.get('content-encoding')).toBe('gzip');
    expect(doc.headers.get('vary')).toMatch(/accept-encoding/i);
    const plain = await fetch(`${server.url}/api/openapi.json`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toMatch(/accept-encoding/i);
    const text = await plain.text();
    expect(JSON.parse(text).openapi).toBe('3.1.0');

    const raw = await rawGet(`${server.url}/api/openapi.json`, { 'accept-encoding': 'gzip' });
    expect(gunzipSync(raw).toString()).toBe(text);

    const docsAsset = await fetch(`${server.url}/api/docs/assets/swagger-ui.css`);
    expect(docsAsset.status).toBe(200);
  });
});

/** The body's bytes as sent (undici's fetch decompresses transparently). */
async function rawGet(url: string, headers: Record<string, string>): Promise<Buffer> {
  const { request } = await import('node:http');
  return new Promise((ok, fail) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => ok(Buffer.concat(chunks)));
      res.on('error', fail);
    })
      .on('error', fail)
      .end();
  });
}

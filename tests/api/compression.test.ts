/** Issue 18 §2, §4: compression only above the threshold, precompressed files, body limits by length. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { chooseEncoding } from '../../api/middleware/compression';
import { makeTestApp, TEST_ORIGIN } from '../support/test-app';

const get = (t: ReturnType<typeof makeTestApp>, path: string, headers: Record<string, string> = {}) =>
  t.app.fetch(new Request(`${TEST_ORIGIN}${path}`, { headers }));

describe('response compression', () => {
  it('never compresses a small JSON answer, whatever the client accepts', async () => {
    const res = await get(makeTestApp(), '/api/me', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toBeNull();
    expect(await res.json()).toEqual({ user: null });
  });

  it('compresses a large answer with Brotli or gzip as accepted, to the same bytes, and says so in Vary', async () => {
    const t = makeTestApp();
    const plain = await get(t, '/api/openapi.json');
    expect(plain.headers.get('content-encoding')).toBeNull();
    const text = await plain.text();
    expect(text.length).toBeGreaterThan(1024);

    const br = await get(t, '/api/openapi.json', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(text);

    const gzip = await get(t, '/api/openapi.json', { 'accept-encoding': 'gzip' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(text);

    const refused = await get(t, '/api/openapi.json', { 'accept-encoding': 'gzip;q=0, br;q=0' });
    expect(refused.headers.get('content-encoding')).toBeNull();
    expect(await refused.text()).toBe(text);
  });

  it('reads Accept-Encoding as RFC 9110 does (Brotli first, q=0 refuses, * allows gzip)', () => {
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding('gzip, br')).toBe('br');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('BR; q=0.5')).toBe('br');
    expect(chooseEncoding('*')).toBe('gzip');
    expect(chooseEncoding('deflate')).toBeNull();
  });

  it('serves the precompressed twin of a built file with its encoding, and the file itself otherwise', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'nestmate-dist-'));
    mkdirSync(join(dist, 'assets'));
    const js = `export const x = "${'a'.repeat(4000)}";\n`;
    writeFileSync(join(dist, 'assets/app-1.js'), js);
    writeFileSync(join(dist, 'assets/app-1.js.br'), brotliCompressSync(js));
    writeFileSync(join(dist, 'assets/app-1.js.gz'), gzipSync(js));
    const t = makeTestApp({ WEB_DIST: dist });
    const br = await get(t, '/assets/app-1.js', { 'accept-encoding': 'gzip, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toMatch(/javascript/);
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(br.headers.get('cache-control')).toContain('immutable');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(js);
    const gz = await get(t, '/assets/app-1.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(js);
    const identity = await get(t, '/assets/app-1.js');
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect(await identity.text()).toBe(js);
  });
});

describe('request body limits', () => {
  const big = JSON.stringify({ email: 'big@ucla.edu', password: 'x'.repeat(70_000) });

  it('refuses a declared Content-Length over the limit with 413, before reading, and changes nothing', async () => {
    const t = makeTestApp();
    const res = await t.app.fetch(
      new Request(`${TEST_ORIGIN}/api/auth/sign-up`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(big)) },
        body: big,
      }),
    );
    expect(res.status).toBe(413);
    expect((await res.json()).code).toBe('HTTP.PAYLOAD_TOO_LARGE');
    expect(await t.db.users.findByEmail('big@ucla.edu')).toBeNull();
  });

  it('counts a body sent without a length (chunked) and refuses it past the limit', async () => {
    const t = makeTestApp();
    const chunked = (text: string) =>
      new ReadableStream({
        start(controller) {
          for (let i = 0; i < text.length; i += 8_000)
            controller.enqueue(new TextEncoder().encode(text.slice(i, i + 8_000)));
          controller.close();
        },
      });
    const send = (text: string) =>
      t.app.fetch(
        new Request(`${TEST_ORIGIN}/api/auth/sign-up`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
          body: chunked(text),
          duplex: 'half',
        } as RequestInit),
      );
    const res = await send(big);
    expect(res.status).toBe(413);
    expect(await t.db.users.findByEmail('big@ucla.edu')).toBeNull();
    // A small chunked body gets through to validation (400 for a weak password, not 413).
    const small = await send(JSON.stringify({ email: 'small@ucla.edu', password: 'short' }));
    expect(small.status).toBe(400);
  });
});

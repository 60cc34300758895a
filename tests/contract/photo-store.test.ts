/**
 * The PhotoStore contract, run against every adapter: local disk, and S3 against a small fake
 * S3 server on loopback (no S3 service runs here) that insists on SigV4-signed requests.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalDiskPhotoStore } from '../../adapters/storage/local-disk.photo-store';
import { S3PhotoStore } from '../../adapters/storage/s3.photo-store';
import { photoObjectKeys, photoVariantKey } from '../../core/profiles/photo-type';
import type { PhotoStore } from '../../core/profiles/ports';

function fakeS3(accessKeyId: string) {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const auth = req.headers.authorization ?? '';
    requests.push(`${req.method} ${req.url}`);
    if (!auth.startsWith(`AWS4-HMAC-SHA256 Credential=${accessKeyId}/`) || !req.headers['x-amz-date']) {
      res.writeHead(403).end('<Error><Code>AccessDenied</Code></Error>');
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const key = req.url ?? '';
      if (req.method === 'PUT') {
        objects.set(key, { body: Buffer.concat(chunks), type: String(req.headers['content-type'] ?? '') });
        res.writeHead(200).end();
      } else if (req.method === 'GET') {
        const o = objects.get(key);
        if (!o) res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
        else res.writeHead(200, { 'content-type': o.type }).end(o.body);
      } else if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204).end();
      } else res.writeHead(405).end();
    });
  });
  return { server, objects, requests };
}

type Harness = { store: PhotoStore; cleanup: () => Promise<void> };

const adapters: Record<string, () => Promise<Harness>> = {
  'local disk': async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nestmate-store-'));
    return { store: new LocalDiskPhotoStore(dir), cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
  },
  's3 (fake server)': async () => {
    const fake = fakeS3('AKIATEST');
    await new Promise<void>((r) => fake.server.listen(0, '127.0.0.1', r));
    const port = (fake.server.address() as AddressInfo).port;
    const store = new S3PhotoStore({
      endpoint: `http://127.0.0.1:${port}`,
      bucket: 'nestmate-photos',
      region: 'us-east-1',
      accessKeyId: 'AKIATEST',
      secretAccessKey: 'secret',
    });
    return { store, cleanup: () => new Promise<void>((r) => fake.server.close(() => r())) };
  },
};

for (const [name, make] of Object.entries(adapters)) {
  describe(`PhotoStore contract: ${name}`, () => {
    let h: Harness;
    beforeEach(async () => {
      h = await make();
    });
    afterEach(async () => {
      await h.cleanup();
    });

    const key = 'user-1/1700000000000-abcd1234.webp';
    const bytes = new Uint8Array([82, 73, 70, 70, 1, 2, 3, 4]);

    it('stores and returns bytes with their content type', async () => {
      await h.store.put(key, bytes, 'image/webp');
      const got = await h.store.get(key);
      expect(got?.contentType).toBe('image/webp');
      expect([...(got?.bytes ?? [])]).toEqual([...bytes]);
    });

    it('answers null for a missing key and deletes idempotently', async () => {
      expect(await h.store.get('user-1/1-none.webp')).toBeNull();
      await h.store.put(key, bytes, 'image/webp');
      await h.store.delete(key);
      await h.store.delete(key);
      expect(await h.store.get(key)).toBeNull();
    });

    it("keeps a photo's sized copies (issue 18) beside it under keys derived from its key", async () => {
      const keys = photoObjectKeys(key);
      expect(keys).toEqual([
        key,
        'user-1/1700000000000-abcd1234-w96.webp',
        'user-1/1700000000000-abcd1234-w320.webp',
        'user-1/1700000000000-abcd1234-w800.webp',
      ]);
      for (const [i, k] of keys.entries()) await h.store.put(k, new Uint8Array([82, 73, 70, 70, i]), 'image/webp');
      for (const [i, k] of keys.entries())
        expect([...((await h.store.get(k))?.bytes ?? [])]).toEqual([82, 73, 70, 70, i]);
      await h.store.delete(photoVariantKey(key, 320));
      expect(await h.store.get(photoVariantKey(key, 320))).toBeNull();
      expect(await h.store.get(key)).not.toBeNull();
      for (const k of keys) await h.store.delete(k);
      for (const k of keys) expect(await h.store.get(k)).toBeNull();
    });

    it('refuses keys outside the {userId}/{timestamp}.{ext} shape', async () => {
      for (const bad of ['../etc/passwd', 'user-1/../../x.webp', 'user-1/x.svg', '/abs/x.webp']) {
        await expect(h.store.put(bad, bytes, 'image/webp')).rejects.toThrow();
        expect(await h.store.get(bad)).toBeNull();
      }
    });
  });
}

describe('S3PhotoStore', () => {
  it('signs every request with SigV4 and uses path-style bucket URLs', async () => {
    const fake = fakeS3('AKIATEST');
    await new Promise<void>((r) => fake.server.listen(0, '127.0.0.1', r));
    const port = (fake.server.address() as AddressInfo).port;
    const store = new S3PhotoStore({
      endpoint: `http://127.0.0.1:${port}`,
      bucket: 'b',
      region: 'us-east-1',
      accessKeyId: 'AKIATEST',
      secretAccessKey: 's',
    });
    await store.put('u/1-a.webp', new Uint8Array([1]), 'image/webp');
    expect(fake.requests).toEqual(['PUT /b/u/1-a.webp']);
    const wrongKey = new S3PhotoStore({
      endpoint: `http://127.0.0.1:${port}`,
      bucket: 'b',
      region: 'us-east-1',
      accessKeyId: 'OTHER',
      secretAccessKey: 's',
    });
    await expect(wrongKey.put('u/1-a.webp', new Uint8Array([1]), 'image/webp')).rejects.toThrow(/403/);
    await new Promise<void>((r) => fake.server.close(() => r()));
  });
});

/** The default photo store (issue 3): files under ./data/media, served by the app at /media. */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { PhotoStore } from '../../core/profiles/ports';
import { contentTypeOf, isSafeKey } from './keys';

export class LocalDiskPhotoStore implements PhotoStore {
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private path(key: string): string {
    if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${key}`);
    const full = resolve(join(this.root, key));
    if (!full.startsWith(this.root + sep)) throw new Error(`storage key escapes the root: ${key}`);
    return full;
  }

  async put(key: string, bytes: Uint8Array) {
    const file = this.path(key);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, bytes);
  }

  async get(key: string) {
    if (!isSafeKey(key)) return null;
    try {
      return { bytes: new Uint8Array(await readFile(this.path(key))), contentType: contentTypeOf(key) };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
  }

  async delete(key: string) {
    await rm(this.path(key), { force: true });
  }
}

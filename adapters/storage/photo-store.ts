/** The photo store a process uses (D26): S3 when it is configured, the media directory otherwise. */
import type { PhotoStore } from '../../core/profiles/ports';
import { LocalDiskPhotoStore } from './local-disk.photo-store';
import { S3PhotoStore } from './s3.photo-store';

/** The settings it reads (config/env.ts parses them; adapters do not import config). */
export type PhotoStoreSettings = {
  MEDIA_DIR: string;
  S3_ENDPOINT?: string;
  S3_BUCKET?: string;
  S3_REGION: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
};

/** The server and the CLI read and delete the same objects, so both build their store here. */
export function photoStoreFor(env: PhotoStoreSettings): PhotoStore {
  if (env.S3_BUCKET && env.S3_ENDPOINT && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY) {
    return new S3PhotoStore({
      endpoint: env.S3_ENDPOINT,
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    });
  }
  return new LocalDiskPhotoStore(env.MEDIA_DIR);
}

/**
 * Any S3-compatible store (AWS S3, MinIO, R2, …) behind the same port, for several API processes
 * (D4). Requests are signed with SigV4 by aws4fetch, a small, dependency-free signer.
 */
import { AwsClient } from 'aws4fetch';
import type { PhotoStore } from '../../core/profiles/ports';
import { contentTypeOf, isSafeKey } from './keys';

export type S3Config = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style URLs (endpoint/bucket/key), as MinIO and most self-hosted stores expect. */
  forcePathStyle?: boolean;
};

export class S3PhotoStore implements PhotoStore {
  private readonly client: AwsClient;

  constructor(
    private readonly config: S3Config,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {
    this.client = new AwsClient({
      accessKeyId: config.accessKeyId,
      secretAccessKey: config.secretAccessKey,
      region: config.region,
      service: 's3',
    });
  }

  private async send(key: string, init: RequestInit): Promise<Response> {
    return this.fetchImpl(await this.client.sign(this.url(key), init));
  }

  private url(key: string): string {
    if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${key}`);
    const endpoint = new URL(this.config.endpoint);
    if (this.config.forcePathStyle ?? true) return `${endpoint.origin}/${this.config.bucket}/${key}`;
    return `${endpoint.protocol}//${this.config.bucket}.${endpoint.host}/${key}`;
  }

  async put(key: string, bytes: Uint8Array, contentType: string) {
    const res = await this.send(key, {
      method: 'PUT',
      body: bytes as unknown as BodyInit,
      headers: { 'content-type': contentType },
    });
    if (!res.ok) throw new Error(`S3 put ${key} failed: ${res.status}`);
  }

  async get(key: string) {
    if (!isSafeKey(key)) return null;
    const res = await this.send(key, { method: 'GET' });
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`S3 get ${key} failed: ${res.status}`);
    return {
      bytes: new Uint8Array(await res.arrayBuffer()),
      contentType: res.headers.get('content-type') ?? contentTypeOf(key),
    };
  }

  async delete(key: string) {
    const res = await this.send(key, { method: 'DELETE' });
    if (!res.ok && res.status !== 404) throw new Error(`S3 delete ${key} failed: ${res.status}`);
  }
}

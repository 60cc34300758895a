/**
 * What an account keeps outside the database, erased before its rows go (D25): its profile photos
 * with their sized copies (issue 18) and its verification selfies. Run as `processDataRequests`'
 * `beforeErase`; a failure stops the erasure (the request stays pending and the next run tries
 * again), so no object outlives its account's rows.
 */
import { photoObjectKeys } from '../profiles/photo-type';
import type { PhotoStore, ProfileRepository } from '../profiles/ports';
import type { VerificationDeps } from '../verification/ports';
import { eraseSelfies } from '../verification/verification';

export type StoredObjectDeps = {
  profiles: Pick<ProfileRepository, 'listPhotos'>;
  verifications: VerificationDeps['verifications'];
  photoStore: PhotoStore;
};

export async function eraseStoredObjects(deps: StoredObjectDeps, userId: string): Promise<void> {
  for (const photo of await deps.profiles.listPhotos(userId))
    for (const key of photoObjectKeys(photo.key)) await deps.photoStore.delete(key);
  await eraseSelfies(deps, userId);
}

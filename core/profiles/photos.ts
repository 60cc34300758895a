/** Photo upload, removal and ordering (000 §5, §7; 001 §5; D26). */
import type { DomainError } from '../shared/errors';
import { err, ok, type Result } from '../shared/result';
import { profileErrors } from './errors';
import type { Photo } from './model';
import {
  PHOTO_VARIANT_WIDTHS,
  type PhotoVariantWidth,
  photoKey,
  photoObjectKeys,
  photoVariantKey,
  sniffImageType,
} from './photo-type';
import type { ProfileDeps } from './ports';
import { PHOTO_LIMITS } from './rules';

type PhotoDeps = Pick<ProfileDeps, 'clock' | 'ids' | 'profiles' | 'photoStore' | 'images' | 'log'>;

export async function uploadPhoto(
  deps: PhotoDeps,
  userId: string,
  file: { name: string; bytes: Uint8Array },
): Promise<Result<Photo[], DomainError>> {
  const name = file.name.slice(0, 100) || 'photo';
  if (file.bytes.length > PHOTO_LIMITS.maxBytes) return err(profileErrors.photoTooLarge(name));
  if (!sniffImageType(file.bytes)) return err(profileErrors.photoNotImage(name));
  if ((await deps.profiles.listPhotos(userId)).length >= PHOTO_LIMITS.max) return err(profileErrors.tooManyPhotos());
  const image = await deps.images.reencode(file.bytes);
  if (!image) return err(profileErrors.photoNotImage(name));

  const now = deps.clock.now();
  const id = deps.ids.newId();
  const key = photoKey(userId, now, id.slice(0, 8), image.ext);
  await deps.photoStore.put(key, image.bytes, image.contentType);
  // The sized copies are made from the clean re-encoded photo, before the row makes it visible.
  const variants = await Promise.all(PHOTO_VARIANT_WIDTHS.map((width) => deps.images.variant(image.bytes, width)));
  for (const [i, variant] of variants.entries()) {
    const width = PHOTO_VARIANT_WIDTHS[i] as PhotoVariantWidth;
    if (variant) await deps.photoStore.put(photoVariantKey(key, width), variant.bytes, variant.contentType);
  }
  if (!(await deps.profiles.addPhoto(userId, { id, key }, PHOTO_LIMITS.max, now))) {
    // Another upload took the last slot meanwhile: nothing partial stays behind.
    for (const k of photoObjectKeys(key)) await deps.photoStore.delete(k);
    return err(profileErrors.tooManyPhotos());
  }
  return ok(await deps.profiles.listPhotos(userId));
}

/**
 * Removes a photo. A completed profile keeps at least one (001 §5); the list entry goes even if
 * deleting the file fails (000 §7), and the failure is logged.
 */
export async function deletePhoto(
  deps: PhotoDeps,
  userId: string,
  photoId: string,
): Promise<Result<Photo[], DomainError>> {
  const profile = await deps.profiles.get(userId);
  const min = profile?.completedAt ? PHOTO_LIMITS.editorMin : 0;
  const removed = await deps.profiles.removePhoto(userId, photoId, min, deps.clock.now());
  if (removed === 'min') return err(profileErrors.needOnePhoto());
  if (!removed) return err(profileErrors.photoNotFound());
  for (const key of photoObjectKeys(removed.key)) {
    try {
      await deps.photoStore.delete(key);
    } catch (e) {
      deps.log(`[photos] could not delete ${key}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  return ok(await deps.profiles.listPhotos(userId));
}

/** The first photo is the profile photo (001 §5). */
export async function reorderPhotos(
  deps: PhotoDeps,
  userId: string,
  photoIds: string[],
): Promise<Result<Photo[], DomainError>> {
  if (!(await deps.profiles.reorderPhotos(userId, photoIds, deps.clock.now()))) return err(profileErrors.photoOrder());
  return ok(await deps.profiles.listPhotos(userId));
}

/**
 * The bytes `/media` serves (issue 18): the photo, or its copy `width` wide. A photo stored before
 * copies existed gets its copy made on first request and stored, so old photos heal themselves
 * (N86); only a photo still on its owner's profile gets one (not a selfie, not a deleted photo), and
 * a copy made while its photo was being deleted is deleted again. Null when the photo is gone.
 */
export async function readPhoto(
  deps: Pick<ProfileDeps, 'photoStore' | 'images'> & { profiles: Pick<ProfileDeps['profiles'], 'listPhotos'> },
  owner: string,
  key: string,
  width: PhotoVariantWidth | null,
): Promise<{ bytes: Uint8Array; contentType: string } | null> {
  if (width === null) return deps.photoStore.get(key);
  const variantKey = photoVariantKey(key, width);
  const stored = await deps.photoStore.get(variantKey);
  if (stored) return stored;
  const original = await deps.photoStore.get(key);
  if (!original) return null;
  const onProfile = async () => (await deps.profiles.listPhotos(owner)).some((p) => p.key === key);
  if (!(await onProfile())) return original;
  const made = await deps.images.variant(original.bytes, width);
  if (!made) return original;
  await deps.photoStore.put(variantKey, made.bytes, made.contentType);
  if (!(await onProfile())) await deps.photoStore.delete(variantKey);
  return { bytes: made.bytes, contentType: made.contentType };
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiUpload } from '../../../lib/api-client';
import type { OwnProfile, Photo } from '../../../lib/api-types';
import { ownProfileQueryKey } from './get-own-profile';

export const uploadPhoto = async (file: File): Promise<Photo[]> =>
  (await apiUpload('POST /api/profile/photos', { photo: file })).photos;

export const deletePhoto = async (photoId: string): Promise<Photo[]> =>
  (await api('DELETE /api/profile/photos/{photoId}', { params: { photoId } })).photos;

export const reorderPhotos = async (photoIds: string[]): Promise<Photo[]> =>
  (await api('PUT /api/profile/photos/order', { body: { photoIds } })).photos;

/** Writes the server's photo list into the cached own profile, so every screen shows the same order. */
export function useSetCachedPhotos() {
  const queryClient = useQueryClient();
  return (photos: Photo[]) =>
    queryClient.setQueryData<OwnProfile>(
      ownProfileQueryKey,
      (current) =>
        current && {
          ...current,
          photos,
          galleryUrls: photos.map((p) => p.url),
          profilePhotoUrl: photos[0]?.url ?? null,
        },
    );
}

export function useDeletePhoto() {
  const setPhotos = useSetCachedPhotos();
  return useMutation({ mutationFn: deletePhoto, onSuccess: setPhotos });
}

export function useReorderPhotos() {
  const setPhotos = useSetCachedPhotos();
  return useMutation({ mutationFn: reorderPhotos, onSuccess: setPhotos });
}

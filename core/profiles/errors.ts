import { DomainError } from '../shared/errors';
import { PROFILE_MESSAGES } from './rules';

export const profileErrors = {
  photoTooLarge: (name: string) => new DomainError('PROFILES.PHOTO_TOO_LARGE', PROFILE_MESSAGES.photoTooLarge(name)),
  photoNotImage: (name: string) => new DomainError('PROFILES.PHOTO_NOT_IMAGE', PROFILE_MESSAGES.photoNotImage(name)),
  tooManyPhotos: () => new DomainError('PROFILES.TOO_MANY_PHOTOS', PROFILE_MESSAGES.tooManyPhotos),
  needPhotos: () => new DomainError('PROFILES.NEED_PHOTOS', PROFILE_MESSAGES.needPhotos),
  needOnePhoto: () => new DomainError('PROFILES.NEED_PHOTOS', PROFILE_MESSAGES.needOnePhoto),
  photoNotFound: () => new DomainError('PROFILES.PHOTO_NOT_FOUND', 'Photo not found.'),
  notFound: () => new DomainError('PROFILES.NOT_FOUND', 'Profile Not Found'),
  photoOrder: () => new DomainError('PROFILES.PHOTO_ORDER', 'List each of your photos exactly once.'),
};

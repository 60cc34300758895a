/** Capabilities the profile use cases need (style habit 3). */
import type { ContentFlagRepository } from '../messaging/ports';
import type { MessageClassifier } from '../moderation/classifier';
import type { Clock } from '../shared/clock';
import type { IdGenerator } from '../shared/ids';
import type { Photo, Profile, PromptSummary, TrustBadges } from './model';
import type { Basics, LifestyleInput, Preferences, PromptAnswerInput } from './rules';
import type { VisibilityLookup } from './visibility';

export type ProfileWrite = {
  basics: Basics;
  prompts: PromptAnswerInput[];
  preferences: Preferences;
  lifestyle?: LifestyleInput;
};

export interface ProfileRepository extends VisibilityLookup {
  /** Issue 16's badges as other students see them; none for a missing profile. */
  badges(userId: string): Promise<TrustBadges>;
  get(userId: string): Promise<Profile | null>;
  listPhotos(userId: string): Promise<Photo[]>;
  /** Appends a photo unless the user already has `max`; atomic, so two uploads cannot make a seventh. */
  addPhoto(userId: string, photo: { id: string; key: string }, max: number, at: Date): Promise<boolean>;
  /** Removes the photo's row; null when it is not this user's. `min` refuses removing below it. */
  removePhoto(userId: string, photoId: string, min: number, at: Date): Promise<Photo | null | 'min'>;
  /** Sets the order to exactly these ids; false when they are not exactly the user's photos. */
  reorderPhotos(userId: string, photoIds: string[], at: Date): Promise<boolean>;
  /** Writes basics, the 3 answers and preferences in one transaction; `complete` stamps completion. */
  save(userId: string, write: ProfileWrite, options: { complete: boolean }, at: Date): Promise<void>;
}

export interface PromptCatalog {
  listActive(): Promise<PromptSummary[]>;
}

export interface UniversityDirectory {
  /** The list's spelling of a university name typed in any case, or null when it is not listed. */
  canonical(name: string): string | null;
  universities(): readonly string[];
  majors(): readonly string[];
}

/** The school a student's confirmed address gives, or null (issue 16 §1); kept with the account. */
export interface VerifiedSchools {
  verifiedUniversity(userId: string): Promise<string | null>;
}

export interface PhotoStore {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<{ bytes: Uint8Array; contentType: string } | null>;
  delete(key: string): Promise<void>;
}

export type ProcessedImage = { bytes: Uint8Array; ext: string; contentType: string; width: number; height: number };

export interface ImageProcessor {
  /** Decodes and re-encodes, dropping all metadata (EXIF, GPS); null when the bytes do not decode. */
  reencode(bytes: Uint8Array): Promise<ProcessedImage | null>;
  /** A smaller WebP copy whose shorter side is `width` (never enlarged); null when the bytes do not decode. */
  variant(bytes: Uint8Array, width: number): Promise<ProcessedImage | null>;
}

export type ProfileDeps = {
  clock: Clock;
  ids: IdGenerator;
  profiles: ProfileRepository;
  prompts: PromptCatalog;
  directory: UniversityDirectory;
  schools: VerifiedSchools;
  photoStore: PhotoStore;
  images: ImageProcessor;
  log: (line: string) => void;
  /** Bio and prompt answers are classified on save (issue 15). */
  moderation: MessageClassifier;
  flags: Pick<ContentFlagRepository, 'add'>;
};

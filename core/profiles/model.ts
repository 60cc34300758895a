/** A student's profile as core sees it (001 §3 Profile, profile_prompts, roommate_preferences). */
import type { Basics, LifestyleInput, Preferences } from './rules';

export type Photo = { id: string; key: string; url: string; position: number };

export type PromptAnswer = { promptId: string; promptText: string; category: string; response: string };

export type Profile = {
  userId: string;
  basics: Basics | null;
  lifestyle: LifestyleInput;
  photos: Photo[];
  prompts: PromptAnswer[];
  preferences: Preferences | null;
  completedAt: Date | null;
  updatedAt: Date | null;
};

/**
 * What another student sees of someone's verification (issue 16): the school their confirmed
 * address belongs to is the one on their profile, and an admin matched a live selfie to their
 * current main photo.
 */
export type TrustBadges = { schoolVerified: boolean; photoVerified: boolean };

export type PromptSummary = { id: string; promptText: string; category: string; displayOrder: number };

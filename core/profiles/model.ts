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

export type PromptSummary = { id: string; promptText: string; category: string; displayOrder: number };

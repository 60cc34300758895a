/**
 * Words shown for the profile value sets of core/profiles/rules.ts. The value sets themselves
 * come from core (000 §5); these records are typed by them, so a value added in core without a
 * label here fails the build. Shared by the profile screens and the profile view dialog.
 */
import { money } from '../../../core/matching/compatibility';
import type {
  ALCOHOL_OPTIONS,
  COOKING_FREQUENCIES,
  CosignerOption,
  FinancialStatus,
  HousingStatus,
  PET_OPTIONS,
  SmokingTolerance,
} from '../../../core/profiles/rules';

export const SMOKING_LABELS: Record<SmokingTolerance, string> = {
  no_smoking: 'No smoking',
  outside_only: 'Outside only',
  vaping_ok: 'Vaping is OK',
  smoking_ok: 'Smoking is OK',
};

export const HOUSING_LABELS: Record<HousingStatus, string> = {
  looking_for_roommates: 'I have a place and need roommates',
  looking_to_join: 'Looking to join a place',
  flexible: 'Flexible',
};

export const FINANCIAL_LABELS: Record<FinancialStatus, string> = {
  'steady-income': 'Steady income',
  'part-time': 'Part-time job',
  'family-support': 'Family support',
  'financial-aid': 'Financial aid',
  mixed: 'A mix of these',
};

export const COSIGNER_LABELS: Record<CosignerOption, string> = {
  no: "No, I don't need one",
  yes: 'Yes, I need a cosigner',
  maybe: 'Maybe',
  unsure: 'Not sure yet',
};

export const COOKING_LABELS: Record<(typeof COOKING_FREQUENCIES)[number], string> = {
  rarely: 'Rarely',
  sometimes: 'Sometimes',
  often: 'Often',
  daily: 'Daily',
};

export const ALCOHOL_LABELS: Record<(typeof ALCOHOL_OPTIONS)[number], string> = {
  never: 'Never',
  socially: 'Socially',
  regularly: 'Regularly',
};

export const PET_LABELS: Record<(typeof PET_OPTIONS)[number], string> = {
  no_pets: 'No pets',
  have_pets: 'I have pets',
  want_pets: 'I want pets',
  allergic: "I'm allergic",
};

/** "fall-2026" → "Fall 2026"; asap and flexible in words. */
export function moveInLabel(choice: string): string {
  if (choice === 'asap') return 'As soon as possible';
  if (choice === 'flexible') return 'Flexible';
  const [term = '', year = ''] = choice.split('-');
  return `${term.charAt(0).toUpperCase()}${term.slice(1)} ${year}`.trim();
}

/** A label for a stored value, or the value itself when it is not in the record. */
export const labelFor = (labels: Record<string, string>, value: string | null | undefined): string | null =>
  value ? (labels[value] ?? value) : null;

/** "$800 – $1,100", "From $800", "Up to $1,100", or null. */
export function budgetLabel(min: number | null, max: number | null): string | null {
  if (min !== null && max !== null) return `${money(min)} – ${money(max)}`;
  if (min !== null) return `From ${money(min)}`;
  if (max !== null) return `Up to ${money(max)}`;
  return null;
}

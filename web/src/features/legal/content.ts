/** The date every policy page shows as "Last updated" (change it with the text). */
export const LEGAL_UPDATED = 'November 22, 2026';

/** Progress of a tick list (001 §2): checked over total, as a whole percent for the bar. */
export type ChecklistProgress = { checked: number; total: number; percent: number };

export function checklistProgress(checkedIds: ReadonlySet<string>, allIds: readonly string[]): ChecklistProgress {
  const total = allIds.length;
  // Only ids that belong to the list count, so a stale id can never push the bar past 100%.
  const checked = allIds.filter((id) => checkedIds.has(id)).length;
  return { checked, total, percent: total === 0 ? 0 : Math.round((checked / total) * 100) };
}

/** Ticks or unticks one item, returning a new set (state stays immutable for React). */
export function toggleItem(checkedIds: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(checkedIds);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

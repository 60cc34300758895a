/** Where a stored photo is served (signed-in students only, N25). */
export const mediaUrl = (key: string) => `/media/${key}`;

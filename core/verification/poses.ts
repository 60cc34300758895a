/**
 * The poses a verification selfie is taken in (issue 16 §2): drawn on the server, so a photo taken
 * earlier or found elsewhere is unlikely to match. Each is easy to do with one hand holding a phone
 * and easy for an admin to judge at a glance.
 */
export const POSES = [
  { id: 'thumbs-up', label: 'Thumbs up next to your face' },
  { id: 'peace-sign', label: 'Peace sign next to your face' },
  { id: 'hand-on-head', label: 'One hand flat on top of your head' },
  { id: 'three-fingers', label: 'Hold up three fingers beside your cheek' },
  { id: 'touch-ear', label: 'Touch your ear with one finger' },
  { id: 'cover-eye', label: 'Cover one eye with your hand' },
  { id: 'look-left', label: 'Look over your left shoulder, face still visible' },
  { id: 'hand-on-chin', label: 'Rest your chin on your fist' },
  { id: 'wave', label: 'Wave at the camera with an open hand' },
  { id: 'point-up', label: 'Point up with one finger beside your face' },
] as const;

export type PoseId = (typeof POSES)[number]['id'];

export const poseLabel = (id: string): string => POSES.find((p) => p.id === id)?.label ?? id;

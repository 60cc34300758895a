import { type AppPath, paths } from '../lib/paths';

/**
 * The whole route table of 001 §2, in one place. `access`: public pages anyone may open,
 * guest pages for signed-out visitors (signed-in users are sent on), session pages that send
 * signed-out visitors to /sign-in.
 */
export type Access = 'public' | 'guest' | 'session';

/** The screens this issue builds. */
export const builtRoutes: Array<{ path: AppPath; access: Access }> = [
  { path: paths.home, access: 'public' },
  { path: paths.signUp, access: 'guest' },
  { path: paths.signIn, access: 'guest' },
  { path: paths.forgotPassword, access: 'guest' },
  { path: paths.resetPassword, access: 'public' },
  { path: paths.editProfile, access: 'session' },
  { path: paths.upgrade, access: 'session' },
  { path: paths.success, access: 'session' },
  { path: paths.manageSubscription, access: 'session' },
  // Settings and safety screens (features/settings, features/safety).
  { path: paths.settings, access: 'session' },
  { path: paths.blockedUsers, access: 'session' },
  { path: paths.emergencyContact, access: 'session' },
  // Static legal, safety and resource pages (features/legal, safety, resources).
  { path: paths.safetyTips, access: 'public' },
  { path: paths.accessibilityStatement, access: 'public' },
  { path: paths.communityGuidelines, access: 'public' },
  { path: paths.termsOfService, access: 'public' },
  { path: paths.privacyPolicy, access: 'public' },
  { path: paths.acceptableUsePolicy, access: 'public' },
  { path: paths.securityCenter, access: 'public' },
  { path: paths.resources, access: 'public' },
  { path: paths.rentersRightsCa, access: 'public' },
  { path: paths.rentalScams, access: 'public' },
  { path: paths.roommateQuestions, access: 'public' },
  { path: paths.viewingChecklist, access: 'public' },
  { path: paths.leaseChecklist, access: 'public' },
  { path: paths.costCalculator, access: 'public' },
  // Checks admin rights itself: no session or no rights is "Access Denied" and a redirect to / (001 §4).
  { path: paths.admin, access: 'public' },
];

/** Every path of the route table (without the catch-all 404). */
export const routePaths: AppPath[] = builtRoutes.map((route) => route.path);

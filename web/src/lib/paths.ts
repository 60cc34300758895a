/**
 * Every route path of the product (001 §2). Shared by features for links; app/routes.ts
 * builds the route table from it.
 */
export const paths = {
  home: '/',
  signUp: '/sign-up',
  signIn: '/sign-in',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  success: '/success',
  settings: '/settings',
  manageSubscription: '/manage-subscription',
  upgrade: '/upgrade',
  editProfile: '/edit-profile',
  blockedUsers: '/blocked-users',
  emergencyContact: '/emergency-contact',
  safetyTips: '/safety-tips',
  accessibilityStatement: '/accessibility-statement',
  communityGuidelines: '/community-guidelines',
  termsOfService: '/terms-of-service',
  privacyPolicy: '/privacy-policy',
  acceptableUsePolicy: '/acceptable-use-policy',
  securityCenter: '/security-center',
  resources: '/resources',
  rentersRightsCa: '/resources/renters-rights-ca',
  rentalScams: '/resources/rental-scams',
  roommateQuestions: '/resources/roommate-questions',
  viewingChecklist: '/resources/viewing-checklist',
  leaseChecklist: '/resources/lease-checklist',
  costCalculator: '/resources/cost-calculator',
  admin: '/admin',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/**
 * A conversation open on the Messages tab (`?tab=matches&conversation=`, as notifications link to it): the
 * list's rows are links to it, so a tap before the page's JavaScript has run still opens the chat (N247).
 */
export const conversationPath = (conversationId: string) =>
  `/?tab=matches&conversation=${encodeURIComponent(conversationId)}`;

/** A conversation's roommate agreement (issue 21); outside 001 §2's table, like a chat's `?conversation=`. */
export const roommateAgreementPath = (conversationId: string) =>
  `/roommate-agreement/${encodeURIComponent(conversationId)}`;

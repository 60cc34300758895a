import { type ComponentType, lazy } from 'react';
import { type RouteObject, useLocation, useRoutes } from 'react-router-dom';
import { useMe } from '../features/auth/api/get-me';
import { RootLayout } from './root-layout';
import { GuestOnly, RequireSession } from './routes/access';
import { HomeRoute } from './routes/home';
import { RouteErrorBoundary } from './routes/route-error';

// Every page but `/` is split out, so the landing page's first load stays small.
const SignUpRoute = lazy(() => import('../features/auth/routes/sign-up').then((m) => ({ default: m.SignUpRoute })));
const SignInRoute = lazy(() => import('../features/auth/routes/sign-in').then((m) => ({ default: m.SignInRoute })));
const ForgotPasswordRoute = lazy(() =>
  import('../features/auth/routes/forgot-password').then((m) => ({ default: m.ForgotPasswordRoute })),
);
const ResetPasswordRoute = lazy(() =>
  import('../features/auth/routes/reset-password').then((m) => ({ default: m.ResetPasswordRoute })),
);
const EditProfileRoute = lazy(() =>
  import('../features/profiles/routes/edit-profile').then((m) => ({ default: m.EditProfileRoute })),
);
const UpgradeRoute = lazy(() => import('./routes/upgrade').then((m) => ({ default: m.UpgradeRoute })));
const SuccessRoute = lazy(() => import('./routes/success').then((m) => ({ default: m.SuccessRoute })));
const ManageSubscriptionRoute = lazy(() =>
  import('./routes/manage-subscription').then((m) => ({ default: m.ManageSubscriptionRoute })),
);
const SafetyTipsRoute = lazy(() =>
  import('../features/safety/routes/safety-tips').then((m) => ({ default: m.SafetyTipsRoute })),
);
const AccessibilityStatementRoute = lazy(() =>
  import('../features/legal/routes/accessibility-statement').then((m) => ({ default: m.AccessibilityStatementRoute })),
);
const CommunityGuidelinesRoute = lazy(() =>
  import('../features/legal/routes/community-guidelines').then((m) => ({ default: m.CommunityGuidelinesRoute })),
);
const TermsOfServiceRoute = lazy(() =>
  import('../features/legal/routes/terms-of-service').then((m) => ({ default: m.TermsOfServiceRoute })),
);
const PrivacyPolicyRoute = lazy(() =>
  import('../features/legal/routes/privacy-policy').then((m) => ({ default: m.PrivacyPolicyRoute })),
);
const AcceptableUsePolicyRoute = lazy(() =>
  import('../features/legal/routes/acceptable-use-policy').then((m) => ({ default: m.AcceptableUsePolicyRoute })),
);
const SecurityCenterRoute = lazy(() =>
  import('../features/safety/routes/security-center').then((m) => ({ default: m.SecurityCenterRoute })),
);
const ResourceHubRoute = lazy(() =>
  import('../features/resources/routes/resource-hub').then((m) => ({ default: m.ResourceHubRoute })),
);
const RentersRightsCaRoute = lazy(() =>
  import('../features/resources/routes/renters-rights-ca').then((m) => ({ default: m.RentersRightsCaRoute })),
);
const RentalScamsRoute = lazy(() =>
  import('../features/resources/routes/rental-scams').then((m) => ({ default: m.RentalScamsRoute })),
);
const RoommateQuestionsRoute = lazy(() =>
  import('../features/resources/routes/roommate-questions').then((m) => ({ default: m.RoommateQuestionsRoute })),
);
const ViewingChecklistRoute = lazy(() =>
  import('../features/resources/routes/viewing-checklist').then((m) => ({ default: m.ViewingChecklistRoute })),
);
const LeaseChecklistRoute = lazy(() =>
  import('../features/resources/routes/lease-checklist').then((m) => ({ default: m.LeaseChecklistRoute })),
);
const CostCalculatorRoute = lazy(() =>
  import('../features/resources/routes/cost-calculator').then((m) => ({ default: m.CostCalculatorRoute })),
);
const AdminDashboardRoute = lazy(() =>
  import('./routes/admin-dashboard').then((m) => ({ default: m.AdminDashboardRoute })),
);
const SettingsRoute = lazy(() => import('./routes/settings').then((m) => ({ default: m.SettingsRoute })));
const BlockedUsersRoute = lazy(() =>
  import('../features/safety/routes/blocked-users').then((m) => ({ default: m.BlockedUsersRoute })),
);
const EmergencyContactsRoute = lazy(() =>
  import('../features/safety/routes/emergency-contacts').then((m) => ({ default: m.EmergencyContactsRoute })),
);
const RoommateAgreementPage = lazy(() =>
  import('./routes/roommate-agreement').then((m) => ({ default: m.RoommateAgreementPage })),
);
const NotFoundRoute = lazy(() => import('./routes/not-found').then((m) => ({ default: m.NotFoundRoute })));

type StaticPage = ComponentType<{ back: { to: string; label: string } }>;

/** Legal and safety pages go back to /settings (001 §2), which only makes sense when signed in. */
function BackToSettings({ page: Page }: { page: StaticPage }) {
  const me = useMe();
  return <Page back={me.data ? { to: '/settings', label: 'Settings' } : { to: '/', label: 'Home' }} />;
}

/** The route table of 001 §2 (paths and access in ./routes.ts). */
export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <HomeRoute /> },
      {
        element: <GuestOnly />,
        children: [
          { path: '/sign-up', element: <SignUpRoute /> },
          { path: '/sign-in', element: <SignInRoute /> },
          { path: '/forgot-password', element: <ForgotPasswordRoute /> },
        ],
      },
      { path: '/reset-password', element: <ResetPasswordRoute /> },
      {
        element: <RequireSession />,
        children: [
          { path: '/edit-profile', element: <EditProfileRoute /> },
          { path: '/upgrade', element: <UpgradeRoute /> },
          { path: '/success', element: <SuccessRoute /> },
          { path: '/manage-subscription', element: <ManageSubscriptionRoute /> },
          { path: '/settings', element: <SettingsRoute /> },
          { path: '/blocked-users', element: <BlockedUsersRoute /> },
          { path: '/emergency-contact', element: <EmergencyContactsRoute /> },
          // Issue 21: a conversation's roommate agreement and shared costs.
          { path: '/roommate-agreement/:conversationId', element: <RoommateAgreementPage /> },
        ],
      },
      { path: '/safety-tips', element: <BackToSettings page={SafetyTipsRoute} /> },
      { path: '/accessibility-statement', element: <BackToSettings page={AccessibilityStatementRoute} /> },
      { path: '/community-guidelines', element: <BackToSettings page={CommunityGuidelinesRoute} /> },
      { path: '/terms-of-service', element: <BackToSettings page={TermsOfServiceRoute} /> },
      { path: '/privacy-policy', element: <BackToSettings page={PrivacyPolicyRoute} /> },
      { path: '/acceptable-use-policy', element: <BackToSettings page={AcceptableUsePolicyRoute} /> },
      { path: '/security-center', element: <BackToSettings page={SecurityCenterRoute} /> },
      { path: '/resources', element: <ResourceHubRoute /> },
      { path: '/resources/renters-rights-ca', element: <RentersRightsCaRoute /> },
      { path: '/resources/rental-scams', element: <RentalScamsRoute /> },
      { path: '/resources/roommate-questions', element: <RoommateQuestionsRoute /> },
      { path: '/resources/viewing-checklist', element: <ViewingChecklistRoute /> },
      { path: '/resources/lease-checklist', element: <LeaseChecklistRoute /> },
      { path: '/resources/cost-calculator', element: <CostCalculatorRoute /> },
      { path: '/admin', element: <AdminDashboardRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

/**
 * The route table under the declarative router (N172): `createBrowserRouter` alone cost the
 * landing page's first load 15 KB gzip more, for loaders and actions the app does not use.
 */
export function AppRoutes() {
  const location = useLocation();
  const element = useRoutes(appRoutes);
  return <RouteErrorBoundary resetKey={location.key}>{element}</RouteErrorBoundary>;
}

/**
 * Types of the HTTP contract, derived from `../generated/api-schema.ts`, which openapi-typescript generates
 * from /api/openapi.json (`npm run api:types`; a test fails when it is stale). A route whose
 * shape changes on the server therefore breaks the web build instead of failing at run time.
 */
import type { components, paths } from '../generated/api-schema';

type HttpMethod = 'get' | 'post' | 'put' | 'delete';
type Operation<P extends keyof paths, M extends HttpMethod> = NonNullable<paths[P][M]>;

type JsonBodyOf<O> = O extends { requestBody: { content: { 'application/json': infer B } } } ? B : never;

type JsonOf<R> = R extends { content: { 'application/json': infer J } } ? J : null;

type SuccessOf<O> = O extends { responses: infer R }
  ? R extends { 200: infer S }
    ? JsonOf<S>
    : R extends { 201: infer S }
      ? JsonOf<S>
      : R extends { 202: infer S }
        ? JsonOf<S>
        : null
  : never;

type Contract<M extends HttpMethod, P extends keyof paths> = {
  body: JsonBodyOf<Operation<P, M>>;
  response: SuccessOf<Operation<P, M>>;
};

type MultipartBodyOf<O> = O extends { requestBody: { content: { 'multipart/form-data': infer B } } } ? B : never;

/** A multipart upload (not JSON): the form fields it takes and its success response. */
type UploadContract<M extends HttpMethod, P extends keyof paths> = {
  fields: MultipartBodyOf<Operation<P, M>>;
  response: SuccessOf<Operation<P, M>>;
};

export type Me = components['schemas']['Me'];
export type AgreementBody = components['schemas']['Agreement'];
export type RoommateAgreementView = components['schemas']['RoommateAgreementView'];
export type AgreementTerms = components['schemas']['AgreementTerms'];
export type SharedCosts = components['schemas']['SharedCosts'];
export type OwnProfile = components['schemas']['OwnProfile'];
export type PublicProfile = components['schemas']['PublicProfile'];
export type ProfileInput = components['schemas']['ProfileInput'];
export type Photo = components['schemas']['Photo'];
export type Candidate = components['schemas']['Candidate'];
/** A group as a card (issue 20): in the deck and in Who Liked You. */
export type GroupCard = NonNullable<components['schemas']['GroupCard']>;
export type Comparison = components['schemas']['Comparison'];
export type FactorComparison = components['schemas']['FactorComparison'];
export type DeckRequest = components['schemas']['DeckRequest'];
export type SwipeOutcome = components['schemas']['SwipeOutcome'];
export type EmergencyContact = components['schemas']['EmergencyContact'];
export type DataRequest = components['schemas']['DataRequest'];
export type TrustStatus = components['schemas']['TrustStatus'];
export type PoseChallenge = components['schemas']['PoseChallenge'];
export type VerificationQueueItem = components['schemas']['VerificationQueueItem'];
export type SecurityIncidentRequest = Endpoints['POST /api/security-incidents']['body'];

export type ProblemFieldError = { path: string; message: string };

/** RFC 9457 problem details as the server sends them; fields are optional because bodies are parsed defensively. */
export type Problem = Partial<components['schemas']['Problem']> & { status: number };

/** Every endpoint the web app calls: method + path → request body and success response. */
export type Endpoints = {
  'GET /api/config': Contract<'get', '/api/config'>;
  'GET /api/me': Contract<'get', '/api/me'>;
  'POST /api/me/email': Contract<'post', '/api/me/email'>;
  'GET /api/me/marketing-emails': Contract<'get', '/api/me/marketing-emails'>;
  'PUT /api/me/marketing-emails': Contract<'put', '/api/me/marketing-emails'>;
  'POST /api/auth/sign-up': Contract<'post', '/api/auth/sign-up'>;
  'POST /api/auth/resend-confirmation': Contract<'post', '/api/auth/resend-confirmation'>;
  'POST /api/auth/sign-in': Contract<'post', '/api/auth/sign-in'>;
  'POST /api/auth/sign-out': Contract<'post', '/api/auth/sign-out'>;
  'POST /api/auth/refresh': Contract<'post', '/api/auth/refresh'>;
  'POST /api/auth/password-reset': Contract<'post', '/api/auth/password-reset'>;
  'POST /api/auth/password-reset/confirm': Contract<'post', '/api/auth/password-reset/confirm'>;
  'POST /api/agreements': Contract<'post', '/api/agreements'>;
  'POST /api/password-strength': Contract<'post', '/api/password-strength'>;
  'POST /api/log-consent': Contract<'post', '/api/log-consent'>;
  'POST /api/security-events': Contract<'post', '/api/security-events'>;
  'GET /api/prompts': Contract<'get', '/api/prompts'>;
  'GET /api/reference/universities': Contract<'get', '/api/reference/universities'>;
  'GET /api/reference/majors': Contract<'get', '/api/reference/majors'>;
  'GET /api/profile': Contract<'get', '/api/profile'>;
  'PUT /api/profile': Contract<'put', '/api/profile'>;
  'POST /api/profile/complete': Contract<'post', '/api/profile/complete'>;
  'DELETE /api/profile/photos/{photoId}': Contract<'delete', '/api/profile/photos/{photoId}'>;
  'PUT /api/profile/photos/order': Contract<'put', '/api/profile/photos/order'>;
  'GET /api/profiles/{userId}': Contract<'get', '/api/profiles/{userId}'>;
  'GET /api/profiles/{userId}/comparison': Contract<'get', '/api/profiles/{userId}/comparison'>;
  'POST /api/discover/deck': Contract<'post', '/api/discover/deck'>;
  'GET /api/discover/most-compatible': Contract<'get', '/api/discover/most-compatible'>;
  'GET /api/groups': Contract<'get', '/api/groups'>;
  'POST /api/groups': Contract<'post', '/api/groups'>;
  'PUT /api/groups/{groupId}': Contract<'put', '/api/groups/{groupId}'>;
  'DELETE /api/groups/{groupId}': Contract<'delete', '/api/groups/{groupId}'>;
  'POST /api/groups/{groupId}/invite-code': Contract<'post', '/api/groups/{groupId}/invite-code'>;
  'POST /api/groups/join': Contract<'post', '/api/groups/join'>;
  'POST /api/groups/{groupId}/leave': Contract<'post', '/api/groups/{groupId}/leave'>;
  'DELETE /api/groups/{groupId}/members/{userId}': Contract<'delete', '/api/groups/{groupId}/members/{userId}'>;
  'PUT /api/group-mode': Contract<'put', '/api/group-mode'>;
  'POST /api/swipes': Contract<'post', '/api/swipes'>;
  'GET /api/super-likes/status': Contract<'get', '/api/super-likes/status'>;
  'GET /api/likes/received': Contract<'get', '/api/likes/received'>;
  'POST /api/likes/{userId}/like-back': Contract<'post', '/api/likes/{userId}/like-back'>;
  'POST /api/likes/{userId}/pass': Contract<'post', '/api/likes/{userId}/pass'>;
  'GET /api/matches': Contract<'get', '/api/matches'>;
  'GET /api/premium/status': Contract<'get', '/api/premium/status'>;
  'GET /api/boost/status': Contract<'get', '/api/boost/status'>;
  'POST /api/boost': Contract<'post', '/api/boost'>;
  'GET /api/conversations': Contract<'get', '/api/conversations'>;
  'POST /api/conversations': Contract<'post', '/api/conversations'>;
  'GET /api/conversations/{conversationId}/messages': Contract<'get', '/api/conversations/{conversationId}/messages'>;
  'POST /api/conversations/{conversationId}/messages': Contract<'post', '/api/conversations/{conversationId}/messages'>;
  'POST /api/conversations/{conversationId}/verification-request': Contract<
    'post',
    '/api/conversations/{conversationId}/verification-request'
  >;
  'POST /api/conversations/{conversationId}/read': Contract<'post', '/api/conversations/{conversationId}/read'>;
  'GET /api/conversations/{conversationId}/roommate-agreement': Contract<
    'get',
    '/api/conversations/{conversationId}/roommate-agreement'
  >;
  'POST /api/conversations/{conversationId}/roommate-agreement': Contract<
    'post',
    '/api/conversations/{conversationId}/roommate-agreement'
  >;
  'POST /api/conversations/{conversationId}/roommate-agreement/versions': Contract<
    'post',
    '/api/conversations/{conversationId}/roommate-agreement/versions'
  >;
  'POST /api/conversations/{conversationId}/roommate-agreement/accept': Contract<
    'post',
    '/api/conversations/{conversationId}/roommate-agreement/accept'
  >;
  'GET /api/conversations/{conversationId}/roommate-agreement/costs': Contract<
    'get',
    '/api/conversations/{conversationId}/roommate-agreement/costs'
  >;
  'POST /api/conversations/{conversationId}/roommate-agreement/expenses': Contract<
    'post',
    '/api/conversations/{conversationId}/roommate-agreement/expenses'
  >;
  'GET /api/conversations/{conversationId}/roommate-agreement/check-in': Contract<
    'get',
    '/api/conversations/{conversationId}/roommate-agreement/check-in'
  >;
  'POST /api/conversations/{conversationId}/roommate-agreement/check-in': Contract<
    'post',
    '/api/conversations/{conversationId}/roommate-agreement/check-in'
  >;
  'POST /api/conversations/{conversationId}/roommate-agreement/settlements': Contract<
    'post',
    '/api/conversations/{conversationId}/roommate-agreement/settlements'
  >;
  'GET /api/conversations/{conversationId}/reads': Contract<'get', '/api/conversations/{conversationId}/reads'>;
  'DELETE /api/conversations/{conversationId}': Contract<'delete', '/api/conversations/{conversationId}'>;
  'GET /api/conversations/{conversationId}/icebreakers': Contract<
    'get',
    '/api/conversations/{conversationId}/icebreakers'
  >;
  'GET /api/calls/config': Contract<'get', '/api/calls/config'>;
  'GET /api/conversations/{conversationId}/call': Contract<'get', '/api/conversations/{conversationId}/call'>;
  'GET /api/payments/catalog': Contract<'get', '/api/payments/catalog'>;
  'POST /api/payments/checkout': Contract<'post', '/api/payments/checkout'>;
  'POST /api/payments/payment': Contract<'post', '/api/payments/payment'>;
  'POST /api/payments/portal': Contract<'post', '/api/payments/portal'>;
  // Safety, privacy and feedback (settings and safety screens; D20, D25).
  'GET /api/blocks': Contract<'get', '/api/blocks'>;
  'POST /api/blocks': Contract<'post', '/api/blocks'>;
  'DELETE /api/blocks/{blockId}': Contract<'delete', '/api/blocks/{blockId}'>;
  'POST /api/reports': Contract<'post', '/api/reports'>;
  'GET /api/emergency-contacts': Contract<'get', '/api/emergency-contacts'>;
  'POST /api/emergency-contacts': Contract<'post', '/api/emergency-contacts'>;
  'PUT /api/emergency-contacts/{contactId}': Contract<'put', '/api/emergency-contacts/{contactId}'>;
  'DELETE /api/emergency-contacts/{contactId}': Contract<'delete', '/api/emergency-contacts/{contactId}'>;
  'POST /api/emergency-contacts/{contactId}/primary': Contract<'post', '/api/emergency-contacts/{contactId}/primary'>;
  'POST /api/security-incidents': Contract<'post', '/api/security-incidents'>;
  'GET /api/data-requests': Contract<'get', '/api/data-requests'>;
  'POST /api/data-requests': Contract<'post', '/api/data-requests'>;
  'GET /api/data-requests/{requestId}/download': Contract<'get', '/api/data-requests/{requestId}/download'>;
  'POST /api/feature-requests': Contract<'post', '/api/feature-requests'>;
  'GET /api/feature-requests/popular': Contract<'get', '/api/feature-requests/popular'>;
  'POST /api/feature-requests/{featureRequestId}/vote': Contract<
    'post',
    '/api/feature-requests/{featureRequestId}/vote'
  >;
  // Hidden words (issue 15): incoming messages containing one are collapsed.
  'GET /api/hidden-words': Contract<'get', '/api/hidden-words'>;
  'PUT /api/hidden-words': Contract<'put', '/api/hidden-words'>;
  'GET /api/notifications': Contract<'get', '/api/notifications'>;
  'GET /api/notifications/unread-count': Contract<'get', '/api/notifications/unread-count'>;
  'POST /api/notifications/read': Contract<'post', '/api/notifications/read'>;
  'POST /api/notifications/read-all': Contract<'post', '/api/notifications/read-all'>;
  'GET /api/notifications/preferences': Contract<'get', '/api/notifications/preferences'>;
  'PUT /api/notifications/preferences': Contract<'put', '/api/notifications/preferences'>;
  'POST /api/notifications/push-subscriptions': Contract<'post', '/api/notifications/push-subscriptions'>;
  'POST /api/notifications/push-subscriptions/remove': Contract<'post', '/api/notifications/push-subscriptions/remove'>;
  // Admin dashboard (001 §2, §4; D22, D27): every route answers 403 AUTH.FORBIDDEN to non-admins.
  'GET /api/admin/access': Contract<'get', '/api/admin/access'>;
  'GET /api/admin/stats': Contract<'get', '/api/admin/stats'>;
  'GET /api/admin/reports': Contract<'get', '/api/admin/reports'>;
  'GET /api/admin/reports/{reportId}': Contract<'get', '/api/admin/reports/{reportId}'>;
  'PUT /api/admin/reports/{reportId}': Contract<'put', '/api/admin/reports/{reportId}'>;
  'GET /api/admin/flags': Contract<'get', '/api/admin/flags'>;
  'POST /api/admin/flags/{flagId}/review': Contract<'post', '/api/admin/flags/{flagId}/review'>;
  'POST /api/admin/flags/review': Contract<'post', '/api/admin/flags/review'>;
  'GET /api/admin/users': Contract<'get', '/api/admin/users'>;
  'PUT /api/admin/users/{userId}/status': Contract<'put', '/api/admin/users/{userId}/status'>;
  'GET /api/admin/users/{userId}/history': Contract<'get', '/api/admin/users/{userId}/history'>;
  'GET /api/admin/analytics': Contract<'get', '/api/admin/analytics'>;
  'GET /api/admin/analytics/outcomes': Contract<'get', '/api/admin/analytics/outcomes'>;
  // Photo verification (issue 16 §2): your trust card and a pose; the admins' selfie queue.
  'GET /api/verification': Contract<'get', '/api/verification'>;
  'POST /api/verification/challenge': Contract<'post', '/api/verification/challenge'>;
  'GET /api/admin/verifications': Contract<'get', '/api/admin/verifications'>;
  'POST /api/admin/verifications/{verificationId}/review': Contract<
    'post',
    '/api/admin/verifications/{verificationId}/review'
  >;
};

/** Endpoints that take multipart/form-data (file uploads), called with `apiUpload`. */
export type UploadEndpoints = {
  'POST /api/profile/photos': UploadContract<'post', '/api/profile/photos'>;
  'POST /api/verification/selfie': UploadContract<'post', '/api/verification/selfie'>;
};

export type UploadEndpoint = keyof UploadEndpoints;

export type Endpoint = keyof Endpoints;

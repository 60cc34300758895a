/**
 * Contracts of roommate agreements and shared costs (issue 21). Every path hangs off a
 * conversation: only its current participants get in ('owner': the conversation is theirs),
 * anyone else gets 404 as for the conversation itself.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { SMOKING_TOLERANCES } from '../../../core/profiles/rules';
import { CLEANING_FREQUENCIES, SPLIT_METHODS } from '../../../core/roommate-agreements/model';
import { jsonBody, jsonResponse, problems, SESSION_SECURITY } from '../../openapi';

const tags = ['Roommate agreements'];
const user = { security: SESSION_SECURITY };
const Params = z.object({ conversationId: z.string().max(200) });

// Loose caps that only bound the work; core checks the real rules with the product's messages.
const Text = z.string().max(5000);
const Cents = z.number().int().openapi({ description: 'Integer cents' });
const SplitSchema = z
  .strictObject({
    method: z.enum(SPLIT_METHODS),
    weights: z
      .array(z.strictObject({ userId: z.string().max(200), weight: z.number().int() }))
      .max(50)
      .openapi({
        description: 'room_size: square feet per person; custom: basis points summing to 10000; equal: ignored',
      }),
  })
  .openapi('AgreementSplit');
export const TermsSchema = z
  .strictObject({
    quietHours: z.strictObject({ from: z.string().max(10), to: z.string().max(10), notes: Text }),
    guests: z.strictObject({ daytime: Text, overnight: Text, maxOvernightPerWeek: z.number().int().nullable() }),
    cleaning: z
      .array(
        z.strictObject({
          task: Text,
          who: z.array(z.string().max(200)).max(50),
          frequency: z.enum(CLEANING_FREQUENCIES),
        }),
      )
      .max(100),
    supplies: Text,
    kitchen: Text,
    smoking: z.enum(SMOKING_TOLERANCES),
    pets: Text,
    temperature: Text,
    rent: z.strictObject({ monthlyCents: Cents, split: SplitSchema }),
    bills: z.array(z.strictObject({ name: Text, monthlyCents: Cents, split: SplitSchema })).max(100),
    depositCents: Cents,
    moveInDate: z.string().max(20).nullable(),
    leaseTermMonths: z.number().int().nullable(),
    problems: Text,
  })
  .openapi('AgreementTerms');

const Person = z
  .object({ userId: z.string(), name: z.string(), active: z.boolean() })
  .openapi('AgreementPerson', { description: 'First name only; an inactive account is not a party to new versions' });
const Version = z
  .object({
    version: z.number().int(),
    terms: TermsSchema,
    parties: z.array(z.string()),
    proposedBy: z.string().nullable(),
    createdAt: z.string(),
    acceptances: z.array(z.object({ userId: z.string(), acceptedAt: z.string() })),
  })
  .openapi('AgreementVersion');
const AgreementSchema = z
  .object({
    id: z.string(),
    conversationId: z.string(),
    currentVersion: z.number().int(),
    acceptedVersion: z
      .number()
      .int()
      .nullable()
      .openapi({ description: 'The newest version everyone accepted: locked' }),
    acceptedAt: z.string().nullable(),
    createdAt: z.string(),
    versions: z.array(Version),
  })
  .openapi('RoommateAgreement');
const AgreementView = z
  .object({
    agreement: AgreementSchema.nullable(),
    people: z.array(Person),
    parties: z.array(z.string()).openapi({ description: 'Who a new version is written for now' }),
  })
  .openapi('RoommateAgreementView');

const ExpenseSchema = z
  .object({
    id: z.string(),
    kind: z.enum(['expense', 'settlement']),
    description: z.string(),
    amountCents: z.number().int(),
    paidBy: z.string(),
    forUserIds: z.array(z.string()),
    createdAt: z.string(),
  })
  .openapi('SharedExpense');
const CostsSchema = z
  .object({
    version: z.number().int(),
    parties: z.array(z.string()),
    people: z.array(Person),
    shares: z.array(
      z.object({
        userId: z.string(),
        rentCents: z.number().int(),
        bills: z.array(z.object({ name: z.string(), cents: z.number().int() })),
        monthlyCents: z.number().int(),
        annualCents: z.number().int(),
      }),
    ),
    rentCents: z.number().int(),
    bills: z.array(z.object({ name: z.string(), monthlyCents: z.number().int(), method: z.enum(SPLIT_METHODS) })),
    rentMethod: z.enum(SPLIT_METHODS),
    expenses: z.array(ExpenseSchema),
    balances: z.array(z.object({ userId: z.string(), cents: z.number().int() })),
    transfers: z.array(z.object({ from: z.string(), to: z.string(), amountCents: z.number().int() })),
  })
  .openapi('SharedCosts');

const base = '/api/conversations/{conversationId}/roommate-agreement';

export const getAgreementRoute = createRoute({
  method: 'get',
  path: base,
  tags,
  summary: "The conversation's roommate agreement with every version (null before anyone starts one)",
  'x-access': 'owner',
  ...user,
  request: { params: Params },
  responses: {
    200: jsonResponse(AgreementView, 'The agreement, the people in the conversation and who a new version is for'),
    ...problems([400, 401, 404]),
  },
});

export const startAgreementRoute = createRoute({
  method: 'post',
  path: base,
  tags,
  summary: "Start the conversation's agreement, pre-filled from everyone's preferences (an existing one is returned)",
  'x-access': 'owner',
  ...user,
  request: { params: Params },
  responses: {
    200: jsonResponse(AgreementView, 'It already existed'),
    201: jsonResponse(AgreementView, 'Started: version 1'),
    ...problems([400, 401, 404, 409, 429], { mutating: true }),
  },
});

export const proposeVersionRoute = createRoute({
  method: 'post',
  path: `${base}/versions`,
  tags,
  summary: 'Propose changes as a new version; `baseVersion` must still be the current one (409 otherwise)',
  'x-access': 'owner',
  ...user,
  request: {
    params: Params,
    body: jsonBody(z.strictObject({ baseVersion: z.number().int().min(1), terms: TermsSchema })),
  },
  responses: {
    201: jsonResponse(AgreementView, 'The new version, waiting for everyone'),
    ...problems([401, 404, 409, 429], { body: true, mutating: true }),
  },
});

export const acceptVersionRoute = createRoute({
  method: 'post',
  path: `${base}/accept`,
  tags,
  summary: 'Accept the current version; when everyone has, it is locked as the accepted version',
  'x-access': 'owner',
  ...user,
  request: { params: Params, body: jsonBody(z.strictObject({ version: z.number().int().min(1) })) },
  responses: {
    200: jsonResponse(AgreementView, 'Accepted'),
    ...problems([401, 404, 409, 429], { body: true, mutating: true }),
  },
});

export const getCostsRoute = createRoute({
  method: 'get',
  path: `${base}/costs`,
  tags,
  summary:
    'Split with roommates: shares by the accepted agreement, the ledger, balances and the transfers that settle it',
  'x-access': 'owner',
  ...user,
  request: { params: Params },
  responses: {
    200: jsonResponse(CostsSchema, 'Shared costs'),
    ...problems([400, 401, 403, 404, 409]),
  },
});

export const addExpenseRoute = createRoute({
  method: 'post',
  path: `${base}/expenses`,
  tags,
  summary: 'Add a shared expense you paid, split equally among `forUserIds`',
  'x-access': 'owner',
  ...user,
  request: {
    params: Params,
    body: jsonBody(
      z.strictObject({
        description: z.string().max(2000),
        amountCents: z.number().int(),
        forUserIds: z.array(z.string().max(200)).max(50),
      }),
    ),
  },
  responses: {
    201: jsonResponse(CostsSchema, 'Shared costs with the new expense'),
    ...problems([401, 403, 404, 409, 429], { body: true, mutating: true }),
  },
});

export const settleRoute = createRoute({
  method: 'post',
  path: `${base}/settlements`,
  tags,
  summary: 'Record that you paid someone back (settle up)',
  'x-access': 'owner',
  ...user,
  request: {
    params: Params,
    body: jsonBody(z.strictObject({ toUserId: z.string().max(200), amountCents: z.number().int() })),
  },
  responses: {
    201: jsonResponse(CostsSchema, 'Shared costs with the settlement'),
    ...problems([401, 403, 404, 409, 429], { body: true, mutating: true }),
  },
});

const CheckInSchema = z
  .object({
    due: z
      .union([z.literal(30), z.literal(90)])
      .nullable()
      .openapi({ description: 'The check-in open now, in days after acceptance' }),
    answered: z.array(z.number().int()),
    acceptedAt: z.string().nullable().openapi({ description: 'When everyone first accepted a version' }),
  })
  .openapi('AgreementCheckIn');

export const getCheckInRoute = createRoute({
  method: 'get',
  path: `${base}/check-in`,
  tags,
  summary: 'The "How\'s living together?" check-in open now (30 and 90 days after acceptance), if any',
  'x-access': 'owner',
  ...user,
  request: { params: Params },
  responses: {
    200: jsonResponse(CheckInSchema, 'The open check-in, or due: null'),
    ...problems([400, 401, 403, 404, 409]),
  },
});

export const answerCheckInRoute = createRoute({
  method: 'post',
  path: `${base}/check-in`,
  tags,
  summary: 'Answer the open check-in: 1–5, what works, what does not, optionally "we didn\'t move in"',
  'x-access': 'owner',
  ...user,
  request: {
    params: Params,
    body: jsonBody(
      z.strictObject({
        checkpointDays: z.union([z.literal(30), z.literal(90)]),
        rating: z.number().int(),
        whatWorks: z.string().max(5000).default(''),
        whatDoesnt: z.string().max(5000).default(''),
        didNotMoveIn: z.boolean().default(false),
      }),
    ),
  },
  responses: {
    201: jsonResponse(CheckInSchema, 'Answered'),
    ...problems([401, 403, 404, 409, 429], { body: true, mutating: true }),
  },
});

import { clientNotificationsInput, onMyWayInput } from '../../src/shared/schemas/client-messages';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeParse, type $ZodType } from 'zod/v4/core';
import { notes, visits, visitSeries } from '../../src/server/db/schema';
import { eq } from 'drizzle-orm';
import {
  ACCOUNT_ROLES,
  INVOICE_STATUSES,
  NIL_ATTACHABLE_ID,
  NOTE_ATTACHABLE_TYPES,
  VISIT_STATUSES,
  VISIT_TASK_STATUSES,
  WORKSPACE_ROLES,
} from '../../src/shared/constants';
import { updateUserRoleInput } from '../../src/shared/schemas/admin';
import {
  requestPasswordResetRequest,
  resetPasswordRequest,
  sendVerificationEmailRequest,
  signInInput,
  signUpRequest,
  updateUserRequest,
} from '../../src/shared/schemas/auth';
import { clientInput, clientPatch } from '../../src/shared/schemas/clients';
import { visitRequestInput, visitRequestPatch } from '../../src/shared/schemas/portal';
import {
  createInvoiceInput,
  markPaidInput,
  recordPaymentInput,
  deletePaymentInput,
  refundPaymentInput,
  updatePaymentInput,
  sendInvoiceInput,
  updateInvoiceInput,
  voidInvoiceInput,
} from '../../src/shared/schemas/invoices';
import { MAX_CENTS } from '../../src/shared/schemas/money';
import { createQuoteInput, declineQuoteInput, sendQuoteInput, updateQuoteInput } from '../../src/shared/schemas/quotes';
import { createQuoteRow } from '../support/quotes';
import { createNoteInput, updateNoteInput } from '../../src/shared/schemas/notes';
import { updatePhotoInput } from '../../src/shared/schemas/photos';
import { createSeriesInput, previewSeriesInput, updateSeriesInput } from '../../src/shared/schemas/series';
import {
  changePasswordRequest,
  secondaryProfileInput,
  setPasswordRequest,
  updateProfileInput,
} from '../../src/shared/schemas/profiles';
import { addPropertyTaskInput, propertyInput, updatePropertyTaskInput } from '../../src/shared/schemas/properties';
import { optimizeRoutesInput } from '../../src/shared/schemas/routes';
import { assignTaskInput, taskInput } from '../../src/shared/schemas/tasks';
import {
  addVisitTaskInput,
  addVisitUserInput,
  createVisitInput,
  followUpInput,
  updateVisitInput,
  updateVisitTaskInput,
} from '../../src/shared/schemas/visits';
import {
  chooseWorkspaceInput,
  inviteMemberInput,
  updateMemberInput,
  setUpWorkspaceInput,
  updateWorkspaceInput,
} from '../../src/shared/schemas/workspaces';
import {
  addMember,
  addPropertyTask,
  addVisitTask,
  createClientRow,
  createGoogleUser,
  createInvoiceRow,
  createPhotoRow,
  createProperty,
  createSecondaryProfile,
  createTask,
  createUser,
  createVisit,
  type TestUser,
} from '../support/factories';
import { TEST_ORIGIN, createTestApp } from '../support/test-app';
import { createInvitationRow } from '../support/worlds';

// Fuzzing with fast-check on every write endpoint. Each endpoint gets hostile bodies,
// query strings and path ids; the server must never answer 5xx, and whatever it accepts (2xx)
// must be a body its shared schema accepts.

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
/** Per endpoint: past this, fast-check stops (shrinking included) and reports what it has. */
const TIME_LIMIT_MS = 10_000 + RUNS * 400;

// The app is made at collection time: the list of endpoints, and so the tests, come from its router.
const t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '1000000' });

/** Writes behind better-auth's `/api/auth/*` wildcard, which the router cannot list. */
const BETTER_AUTH_WRITES = [
  'POST /api/auth/sign-up/email',
  'POST /api/auth/sign-in/email',
  'POST /api/auth/update-user',
  'POST /api/auth/change-password',
  'POST /api/auth/sign-out',
  'POST /api/auth/request-password-reset',
  'POST /api/auth/reset-password',
  'POST /api/auth/send-verification-email',
];

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const WRITE_ENDPOINTS = [
  ...new Set([
    ...t.app.routes
      .filter((route) => WRITE_METHODS.has(route.method) && route.path.startsWith('/api/') && !route.path.includes('*'))
      .map((route) => `${route.method} ${route.path}`),
    ...BETTER_AUTH_WRITES,
  ]),
].sort();

/** Write endpoints fuzzed elsewhere, and where. */
const FUZZED_ELSEWHERE: Record<string, string> = {
  'POST /api/photos': 'multipart uploads: tests/api/hostile-uploads.test.ts',
  'POST /api/visits/:id/signature': 'multipart uploads: tests/api/proof-of-visit.test.ts',
  'POST /api/portal/quotes/:id/approve': 'multipart approvals: tests/api/quotes.test.ts',
  'POST /api/quotes/:id/approve-in-person': 'multipart approvals: tests/api/quotes.test.ts',
};

/**
 * Every write endpoint → the shared schema of its body (null: it takes none). A 2xx answer
 * must mean the body sent passes this schema. A new endpoint without a row fails the suite.
 */
const BODY_SCHEMAS: Record<string, $ZodType | null> = {
  'DELETE /api/clients/:id': null,
  'PATCH /api/clients/:id': clientPatch,
  'POST /api/clients': clientInput,
  'POST /api/properties/:id/client': null,
  // The client portal
  'POST /api/clients/:id/portal-link': null,
  'POST /api/clients/:id/portal-revoke': null,
  'POST /api/portal/requests': visitRequestInput,
  'POST /api/portal/enter/:token': null,
  // 'Verify my e-mail': the token is in the path (identity.test.ts)
  'POST /api/verify-email/:token': null,
  'PATCH /api/visit-requests/:id': visitRequestPatch,
  'DELETE /api/invoices/:id': null,
  'DELETE /api/notes/:id': null,
  'DELETE /api/photos/:id': null,
  'DELETE /api/properties/:id': null,
  'DELETE /api/properties/:id/tasks/:propertyTaskId': null,
  'DELETE /api/secondary-profiles/:id': null,
  'DELETE /api/tasks/:id': null,
  'DELETE /api/visit-series/:id': null,
  'DELETE /api/visits/:id': null,
  'DELETE /api/visits/:id/tasks/:taskId': null,
  'DELETE /api/visits/:id/users/:userId': null,
  'DELETE /api/workspaces/:id': null,
  'DELETE /api/me/before-claim/:id': null,
  'DELETE /api/workspaces/:id/invitations/:invitationId': null,
  'DELETE /api/workspaces/:id/members/:userId': null,
  'PATCH /api/admin/users/:id': updateUserRoleInput,
  'PATCH /api/invoices/:id': updateInvoiceInput,
  'PATCH /api/me/profile': updateProfileInput,
  'PATCH /api/notes/:id': updateNoteInput,
  'PATCH /api/photos/:id': updatePhotoInput,
  'PATCH /api/properties/:id': propertyInput,
  'PATCH /api/properties/:id/tasks/:propertyTaskId': updatePropertyTaskInput,
  'PATCH /api/secondary-profiles/:id': secondaryProfileInput,
  'PATCH /api/tasks/:id': taskInput,
  'PATCH /api/visit-series/:id': updateSeriesInput,
  'PATCH /api/visits/:id': updateVisitInput,
  'PATCH /api/visits/:id/tasks/:taskId': updateVisitTaskInput,
  'PATCH /api/workspaces/:id': updateWorkspaceInput,
  'POST /api/workspaces': setUpWorkspaceInput,
  'POST /api/invitations/by-token/:token/accept': null,
  'POST /api/invitations/by-token/:token/decline': null,
  'PATCH /api/workspaces/:id/members/:userId': updateMemberInput,
  'POST /api/auth/change-password': changePasswordRequest,
  'POST /api/auth/sign-in/email': signInInput,
  'POST /api/auth/sign-out': null,
  'POST /api/auth/sign-up/email': signUpRequest,
  'POST /api/auth/update-user': updateUserRequest,
  'POST /api/auth/request-password-reset': requestPasswordResetRequest,
  'POST /api/auth/reset-password': resetPasswordRequest,
  'POST /api/auth/send-verification-email': sendVerificationEmailRequest,
  'POST /api/clear-auth': null,
  'POST /api/invitations/:id/accept': null,
  'POST /api/invitations/:id/decline': null,
  'POST /api/invoices': createInvoiceInput,
  'POST /api/invoices/:id/mark-paid': markPaidInput,
  'POST /api/invoices/:id/payments': recordPaymentInput,
  'PATCH /api/invoices/:id/payments/:paymentId': updatePaymentInput,
  'DELETE /api/invoices/:id/payments/:paymentId': deletePaymentInput,
  'POST /api/invoices/:id/payments/:paymentId/refund': refundPaymentInput,
  // 'Pay now' takes no body
  'POST /api/portal/invoices/:id/checkout': null,
  // the provider's webhook: a raw body whose signature is checked (payments.test.ts)
  'POST /api/payments/webhooks/stripe': null,
  'POST /api/invoices/:id/void': voidInvoiceInput,
  'POST /api/invoices/:id/send': sendInvoiceInput,
  // Quotes
  'POST /api/quotes': createQuoteInput,
  'PATCH /api/quotes/:id': updateQuoteInput,
  'DELETE /api/quotes/:id': null,
  'POST /api/quotes/:id/cancel': null,
  'POST /api/quotes/:id/send': sendQuoteInput,
  'POST /api/portal/quotes/:id/decline': declineQuoteInput,
  'POST /api/me/password': setPasswordRequest,
  'POST /api/notes': createNoteInput,
  'POST /api/notifications/:id/read': null,
  'POST /api/notifications/read-all': null,
  'POST /api/properties': propertyInput,
  'POST /api/properties/:id/tasks': addPropertyTaskInput,
  'POST /api/secondary-profiles': secondaryProfileInput,
  'POST /api/tasks': taskInput,
  'POST /api/tasks/:id/assign': assignTaskInput,
  'POST /api/calendar/feed/regenerate': null,
  'POST /api/routes/optimize': optimizeRoutesInput,
  'POST /api/visit-series': createSeriesInput,
  'POST /api/visit-series/preview': previewSeriesInput,
  'POST /api/visits': createVisitInput,
  'POST /api/visits/:id/report/send': null,
  'POST /api/visits/:id/on-my-way': onMyWayInput,
  'PUT /api/clients/:id/notifications': clientNotificationsInput,
  // the one-click unsubscribe: a mail program's form body, whatever it says, is ignored
  'POST /api/unsubscribe/:token': null,
  'POST /api/visits/:id/tasks': addVisitTaskInput,
  'POST /api/visits/:id/users': addVisitUserInput,
  'POST /api/visits/:id/tasks/:taskId/follow-up': followUpInput,
  'POST /api/workspaces/:id/invitations': inviteMemberInput,
  'PUT /api/me/workspace': chooseWorkspaceInput,
};

const stats = { endpoints: 0, runs: 0, serverErrors: 0 };

let owner: TestUser;
let tech: TestUser;
let inviter: TestUser;
let admin: TestUser;
let subject: TestUser;

beforeAll(async () => {
  owner = await createUser(t, { name: 'Fuzz Owner' });
  tech = await createUser(t);
  inviter = await createUser(t);
  admin = await createUser(t, { role: 'admin' });
  subject = await createUser(t);
});
afterAll(async () => {
  console.log(
    `fuzz: ${stats.endpoints} write endpoints, ${stats.runs} runs, seed ${SEED}, ${stats.serverErrors} server errors`,
  );
  await t.close();
});

/**
 * Who sends each run. These writes end the caller's session or can succeed only once per
 * account, so each of their runs gets a fresh user (one without a password for
 * POST /api/me/password). Admin endpoints are sent by an admin, the rest by the owner.
 */
async function actorFor(key: string): Promise<TestUser> {
  if (key === 'POST /api/me/password') return createGoogleUser(t);
  if (['POST /api/auth/sign-out', 'POST /api/clear-auth', 'POST /api/auth/change-password'].includes(key)) {
    return createUser(t);
  }
  // Deleting the owner's workspace would take every later endpoint's world with it: the
  // technician sends it (403 on the owner's workspace, 404 on any other id).
  if (key === 'DELETE /api/workspaces/:id') return tech;
  return key.includes(' /api/admin/') ? admin : owner;
}

// ── the world each endpoint is fuzzed against (fresh per endpoint: a DELETE cannot starve the next one) ──

async function buildWorld() {
  // The team as it was: a run may have changed a role, removed the technician or moved the
  // owner's default workspace (requests here name none).
  await addMember(t, owner.workspaceId, owner, 'owner');
  await addMember(t, owner.workspaceId, tech, 'technician', owner);
  const property = await createProperty(t, owner, { name: 'Fuzz Farm' }, [tech]);
  const elsewhere = await createProperty(t, inviter, { name: 'Not Yours' });
  const task = await createTask(t, owner, { name: 'Fuzz task' });
  const propertyTask = await addPropertyTask(t, property.id, task.id);
  const visit = await createVisit(t, property.id, { lead: owner, assistants: [tech] });
  const visitTask = await addVisitTask(t, visit.id, task.id, { price: 1250 });
  const doneVisit = await createVisit(t, property.id, {
    lead: owner,
    status: 'completed',
    scheduledAt: new Date('2029-01-02T09:00:00Z'),
  });
  await addVisitTask(t, doneVisit.id, task.id, { price: 4000, status: 'completed' });
  const invoice = await createInvoiceRow(t, property.id);
  const client = await createClientRow(t, owner.workspaceId, { name: 'Fuzz Client' }, [property.id]);
  const secondary = await createSecondaryProfile(t, owner);
  // A well-formed storage key (no file behind it), so deleting the row deletes "its" file quietly.
  const photo = await createPhotoRow(
    t,
    owner,
    { type: 'property', id: property.id },
    { storagePath: `${Date.now()}-${randomUUID().slice(0, 8)}.jpg` },
  );
  const [note] = await t.db
    .insert(notes)
    .values({
      workspaceId: owner.workspaceId,
      content: 'Fuzz note',
      attachableType: 'property',
      attachableId: property.id,
      createdBy: owner.id,
    })
    .returning();
  // One to the owner (from another business, to answer), one the owner sent (to take back).
  const invitation = await createInvitationRow(t, inviter.workspaceId, owner.email, {
    role: 'manager',
    invitedBy: inviter,
  });
  const sentInvitation = await createInvitationRow(
    t,
    owner.workspaceId,
    `guest-${randomUUID().slice(0, 8)}@example.com`,
    {
      invitedBy: owner,
    },
  );
  const seriesStart = new Date('2029-02-05T14:00:00Z');
  const [series] = await t.db
    .insert(visitSeries)
    .values({
      workspaceId: owner.workspaceId,
      propertyId: property.id,
      startsAt: seriesStart,
      timeZone: 'America/New_York',
      rrule: 'FREQ=WEEKLY;COUNT=3',
      assigneeIds: [owner.id],
      createdBy: owner.id,
    })
    .returning();
  const occurrence = await createVisit(t, property.id, { lead: owner, scheduledAt: seriesStart });
  await t.db
    .update(visits)
    .set({ seriesId: series!.id, occurrenceAt: seriesStart })
    .where(eq(visits.id, occurrence.id));
  const quote = await createQuoteRow(t, owner, {
    workspaceId: owner.workspaceId,
    clientId: client.id,
    propertyId: property.id,
  });
  const byArea: Record<string, string[]> = {
    quotes: [quote.id],
    properties: [property.id, elsewhere.id],
    'visit-series': [series!.id],
    tasks: [task.id],
    visits: [visit.id, doneVisit.id],
    invoices: [invoice.id],
    clients: [client.id],
    notes: [note!.id],
    photos: [photo.id],
    'secondary-profiles': [secondary.id],
    invitations: [invitation.id],
    workspaces: [owner.workspaceId],
    admin: [subject.id, admin.id],
  };
  return {
    byArea,
    propertyTask: propertyTask.id,
    visitTask: visitTask.id,
    /** Completed, with a completed task: what an invoice can bill. */
    billableVisit: doneVisit.id,
    sentInvitation: sentInvitation.id,
    /** Every record id, and the technician (never the actors themselves: an admin could promote them). */
    all: [
      ...Object.entries(byArea).flatMap(([area, ids]) => (area === 'admin' ? [] : ids)),
      propertyTask.id,
      tech.id,
      inviter.workspaceId,
    ],
  };
}
type World = Awaited<ReturnType<typeof buildWorld>>;

/** Real ids for a path parameter: the record the path is about, in the signed-in owner's world. */
function realIds(path: string, param: string, world: World): string[] {
  if (param === 'propertyTaskId') return [world.propertyTask];
  if (param === 'invitationId') return [world.sentInvitation];
  if (param === 'taskId') return [world.visitTask];
  if (param === 'userId') return [tech.id, owner.id];
  return world.byArea[path.split('/')[2] ?? ''] ?? world.all;
}

// ── hostile values ──

const hugeString = fc
  .tuple(
    fc.constantFrom('a', 'é', '😀', ' ', '\u0000', '<script>', "'", '\\', '%'),
    fc.integer({ min: 1_000, max: 200_000 }),
  )
  .map(([unit, length]) => unit.repeat(length).slice(0, length));

const hostileString = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 })).map(([a, b]) => `${a}\u0000${b}`),
  fc.constantFrom(
    '',
    ' ',
    '\t\n',
    '\u00a0',
    '😀',
    '👨‍👩‍👧‍👦',
    '\u202egnp.exe',
    'Z̷̢̛a̸l̵g̶o',
    '\ufeff',
    '\ud800',
    '\udfff',
    'İß',
    "' OR 1=1 --",
    '%_\\',
    '${{7*7}}',
    '__proto__',
  ),
  // numbers as strings
  fc.integer().map(String),
  fc.double().map(String),
  fc.constantFrom(
    '1e309',
    '-1e309',
    'NaN',
    'Infinity',
    '-Infinity',
    '0x1F',
    '1_000',
    ' 42 ',
    '4.',
    '.5',
    '-0',
    '9'.repeat(400),
  ),
);

const hostileNumber = fc.oneof(
  fc.integer({ min: -1_000_000_000, max: -1 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(
    -0,
    0.1,
    1.5,
    1e308,
    -1e308,
    5e-324,
    Number.MAX_SAFE_INTEGER + 2,
    2 ** 31,
    2 ** 63,
    MAX_CENTS,
    MAX_CENTS + 1,
    1e21,
  ),
);

const hostileLeaf: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 1, arbitrary: hugeString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false) },
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileLeaf },
  { weight: 1, arbitrary: fc.array(hostileLeaf, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), hostileLeaf, { maxKeys: 4 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
);

/**
 * Values that mean something for a field of that name, right and wrong: the field's own schema
 * sorts them, so most bodies of the "nearly valid" kind get past validation to the services.
 */
function candidates(field: string, world: World): unknown[] {
  const ids = [...world.all, owner.id, inviter.id];
  const text = [
    'Fuzz',
    '  padded  ',
    'Ünïcødé 😀',
    "O'Brien",
    '%_\\',
    'x'.repeat(100),
    '😀'.repeat(50),
    '',
    ' ',
    'x'.repeat(101),
  ];
  switch (field) {
    case 'email':
    case 'to':
      return [
        owner.email,
        owner.email.toUpperCase(),
        ` ${tech.email} `,
        'a@b',
        `x@${'a'.repeat(300)}.com`,
        'no-at-sign',
      ];
    case 'password':
    case 'currentPassword':
    case 'newPassword':
      return ['password123', 'secret1', 'x'.repeat(128), 'x'.repeat(129), 'x'.repeat(200), '12345', ''];
    case 'content':
    case 'notes':
    case 'description':
      return [...text, 'x'.repeat(2_000), 'x'.repeat(2_001), 'x'.repeat(10_000), 'x'.repeat(10_001)];
    case 'name':
    case 'displayName':
    case 'companyName':
    case 'address':
    case 'city':
    case 'state':
    case 'zipCode':
    case 'country':
    case 'phone':
    case 'caption':
      return text;
    case 'image':
      return [null, 'https://example.com/a.png', 'x'.repeat(2_000), 'x'.repeat(2_001), 'javascript:alert(1)'];
    case 'role':
      return [...new Set([...ACCOUNT_ROLES, ...WORKSPACE_ROLES]), 'superadmin', 'OWNER', ''];
    case 'status':
      return [...new Set([...VISIT_STATUSES, ...VISIT_TASK_STATUSES, ...INVOICE_STATUSES]), 'Draft', ''];
    case 'attachableType':
      return [...NOTE_ATTACHABLE_TYPES, '', 'user'];
    case 'attachableId':
    case 'propertyId':
    case 'taskId':
    case 'userId':
      return [...ids, '', NIL_ATTACHABLE_ID, randomUUID()];
    // client-made ids: new, taken, or no id
    case 'id':
      return [randomUUID(), ...world.byArea.visits!, world.byArea.notes![0], NIL_ATTACHABLE_ID, '', 'x'];
    case 'version':
      return [1, 2, 0, -1, 1.5, 2 ** 31, '1', null];
    case 'count':
      return [1, 3, 10, 0, 1_000, 1.5, '3'];
    case 'workspaceId':
      return [owner.workspaceId, inviter.workspaceId, randomUUID(), NIL_ATTACHABLE_ID, '', 'not-a-uuid'];
    // 'Assign to': members (the first as lead), strangers, twice the same, too many
    case 'assigneeIds':
      return [
        [],
        [owner.id],
        [tech.id, owner.id],
        [tech.id, tech.id],
        [inviter.id],
        [randomUUID()],
        [owner.id, 'not-a-uuid'],
        Array.from({ length: 21 }, () => randomUUID()),
        owner.id,
      ];
    case 'taskIds':
      return [[], [world.byArea.tasks![0]], [randomUUID()], ['x'], Array.from({ length: 101 }, () => randomUUID())];
    case 'taxRateBps':
      return [0, 800, 10_000, 10_001, -1, 8.5, '800', null, 2 ** 31];
    case 'paymentTermsDays':
      return [0, 30, 365, 366, -1, 1.5, '30', null];
    case 'invoicePrefix':
      return ['', 'INV-', 'A/B.C_D-1', 'x'.repeat(12), 'x'.repeat(13), 'IN V', '😀', "';--"];
    case 'timeZone':
      return ['UTC', 'America/New_York', 'Europe/Lisbon', 'Asia/Kathmandu', 'Mars/Olympus', '', 'utc', 'x'.repeat(65)];
    case 'rrule':
      return [
        'FREQ=WEEKLY;COUNT=3',
        'RRULE:FREQ=DAILY;COUNT=2',
        'FREQ=DAILY',
        'FREQ=SECONDLY',
        'COUNT=3',
        'x'.repeat(501),
      ];
    case 'visitIds':
    case 'propertyIds':
      return [
        [],
        world.byArea.visits!,
        [world.billableVisit],
        [world.billableVisit, world.billableVisit],
        [world.byArea.properties![0]],
        [world.byArea.properties![0], world.byArea.properties![0]],
        ids,
        Array.from({ length: 201 }, () => randomUUID()),
      ];
    case 'dueDate':
      return ['2030-06-15', '2030-02-30', '0000-01-01', '9999-12-31', '2030-6-1', '', null];
    case 'scheduledAt':
    case 'startsAt':
      return [
        '2030-06-15T10:00:00Z',
        '2030-06-15T10:00:00+14:00',
        '0001-01-01T00:00:00Z',
        '0001-01-01T00:30:00+01:00',
        '9999-12-31T23:59:59.999Z',
        '9999-12-31T23:59:59-01:00',
        '2030-06-15T10:00:00',
        '2030-02-30T10:00:00Z',
      ];
    case 'price':
    case 'customPrice':
    case 'defaultPrice':
      return [0, 1, 1250, MAX_CENTS, MAX_CENTS + 1, -1, 1.5, null, '100'];
    case 'estimatedDurationMinutes':
      return [0, 30, 100_000, 100_001, null, 2 ** 31];
    case 'token':
      return ['', 'made-up-token', 'x'.repeat(300)];
    case 'redirectTo':
    case 'callbackURL':
      return ['/reset-password', '/verify-email', 'https://evil.example/steal', '//evil.example', ''];
    case 'isActive':
    case 'revokeOtherSessions':
    case 'addPropertyTasks':
      return [true, false, 'true'];
    default:
      return [];
  }
}

/** A field's values: mostly ones its schema takes (`nearly`), or mostly hostile ones. */
function fieldValues(field: string, schema: $ZodType, world: World, nearly: boolean): fc.Arbitrary<unknown> {
  const fieldSchema = shapeOf(schema)[field];
  const all = candidates(field, world);
  const valid = all.filter((value) => fieldSchema && safeParse(fieldSchema, value).success);
  const invalid = all.filter((value) => !valid.includes(value));
  const options: fc.WeightedArbitrary<unknown>[] = [{ weight: nearly ? 1 : 6, arbitrary: hostileValue }];
  if (valid.length > 0) options.push({ weight: nearly ? 12 : 1, arbitrary: fc.constantFrom(...valid) });
  if (invalid.length > 0) options.push({ weight: nearly ? 2 : 2, arbitrary: fc.constantFrom(...invalid) });
  // Fresh addresses, so a sign-up or an invitation can succeed more than once.
  if (field === 'email' || field === 'to') {
    options.push({ weight: nearly ? 6 : 1, arbitrary: fc.uuid().map((id) => `fuzz-${id.slice(0, 8)}@example.com`) });
  }
  return fc.oneof(...options);
}

/** The fields of an object schema, by name. */
function shapeOf(schema: $ZodType): Record<string, $ZodType> {
  return (schema._zod.def as { shape?: Record<string, $ZodType> }).shape ?? {};
}
const fieldNames = (schema: $ZodType) => Object.keys(shapeOf(schema));

/** Keys no schema has, some of which a careless service might read. */
const EXTRA_KEYS = ['__proto__', 'constructor', 'role', 'id', 'userId', 'createdBy', 'total', 'isAdmin', 'workspaceId'];

type Body = { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; text: string };

function bodies(schema: $ZodType | null, world: World): fc.Arbitrary<Body> {
  const json = (arbitrary: fc.Arbitrary<unknown>) => arbitrary.map((value): Body => ({ kind: 'json', value }));
  const fields = schema ? fieldNames(schema) : [];
  /** An object with the schema's field names (plus odd extra keys): nearly valid, or hostile with keys left out. */
  const withFields = (nearly: boolean) =>
    fc
      .tuple(
        fc.record(
          Object.fromEntries(fields.map((field) => [field, fieldValues(field, schema!, world, nearly)])),
          nearly ? {} : { requiredKeys: [] },
        ),
        fc.option(fc.dictionary(fc.constantFrom(...EXTRA_KEYS), hostileValue, { maxKeys: 3 }), {
          nil: undefined,
          freq: nearly ? 4 : 2,
        }),
      )
      .map(([known, extra]) => ({ ...extra, ...known }));
  const raw = fc.oneof(
    fc.string({ maxLength: 50 }),
    fc.constantFrom(
      '{',
      '{"a":',
      '{"content": "x"',
      '[',
      'nul',
      '\u0000',
      '{"__proto__": {"isAdmin": true}, "role": "admin"}',
      `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
      `{"a": ${'{"a": '.repeat(5_000)}1${'}'.repeat(5_001)}`,
      '\ufeff{}',
      '{"a": 1, "a": 2}',
    ),
  );
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant<Body>({ kind: 'none' }) },
    { weight: 2, arbitrary: json(fc.jsonValue({ maxDepth: 3 })) },
    ...(fields.length > 0
      ? [
          { weight: 6, arbitrary: json(withFields(true)) },
          { weight: 5, arbitrary: json(withFields(false)) },
        ]
      : []),
    { weight: 1, arbitrary: raw.map((text): Body => ({ kind: 'raw', text })) },
  );
}

const queries = fc.oneof(
  { weight: 3, arbitrary: fc.constant('') },
  {
    weight: 2,
    arbitrary: fc
      .dictionary(
        fc.constantFrom('limit', 'offset', 'q', 'status', 'propertyId', 'attachableType', 'id', '__proto__'),
        fc.oneof(
          hostileString,
          fc.integer({ min: 200, max: 20_000 }).map((length) => 'q'.repeat(length)),
        ),
        { maxKeys: 3 },
      )
      .map((params) => `?${new URLSearchParams(params as Record<string, string>).toString()}`),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '?%',
      '?a=%E0%A4%A',
      '?limit=1e400&offset=-1',
      '?q=%00',
      `?${'a=1&'.repeat(2_000)}`,
      '?=&=&',
      '?limit[]=1',
    ),
  },
);

/** Path segments as a hostile client would type them (already URL-encoded where they need to be). */
const RAW_SEGMENTS = [
  '..',
  '.',
  '%2e%2e',
  '..%2F',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  '%',
  '%E0%A4%A',
  '%F0%9F%98%80',
  'null',
  'undefined',
  '0',
  '-1',
  'NaN',
  NIL_ATTACHABLE_ID,
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  `{${randomUUID()}}`,
  `${randomUUID()}%00`,
  `${randomUUID()}%20`,
  encodeURIComponent("' OR 1=1 --"),
];

function pathSegments(path: string, param: string, world: World): fc.Arbitrary<string> {
  const real = realIds(path, param, world);
  return fc.oneof(
    { weight: 10, arbitrary: fc.constantFrom(...real) },
    { weight: 1, arbitrary: fc.constantFrom(...real).map((id) => id.toUpperCase()) },
    { weight: 1, arbitrary: fc.constantFrom(...world.all) },
    { weight: 2, arbitrary: fc.uuid() },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }).map(encodeURIComponent) },
    { weight: 1, arbitrary: fc.integer({ min: 200, max: 20_000 }).map((length) => 'a'.repeat(length)) },
  );
}

function urls(path: string, world: World): fc.Arbitrary<string> {
  const params = [...path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const segments = fc.tuple(...params.map((param) => pathSegments(path, param, world)));
  return fc.tuple(segments, queries).map(([values, query]) => {
    let index = 0;
    return path.replace(/:\w+/g, () => values[index++]!) + query;
  });
}

/**
 * The workspace a request names: mostly none (the caller's default), else theirs,
 * another business's, no workspace at all, or no id.
 */
function workspaceHeaders(): fc.Arbitrary<Record<string, string>> {
  const named = (values: string[]) => fc.constantFrom(...values).map((value) => ({ 'x-workspace': value }));
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant({}) },
    { weight: 3, arbitrary: named([owner.workspaceId]) },
    {
      weight: 2,
      arbitrary: named([
        owner.workspaceId.toUpperCase(),
        inviter.workspaceId,
        randomUUID(),
        NIL_ATTACHABLE_ID,
        '',
        ' ',
        'null',
        'not-a-uuid',
        `${owner.workspaceId},${inviter.workspaceId}`,
        'x'.repeat(5_000),
      ]),
    },
  );
}

// ── sending, and what was sent ──

async function send(method: string, url: string, body: Body, cookie: string, extra: Record<string, string>) {
  if (body.kind === 'raw') {
    return t.app.request(url, {
      method,
      headers: { origin: TEST_ORIGIN, cookie, 'content-type': 'application/json', ...extra },
      body: body.text,
    });
  }
  return t.request(url, { method, cookie, body: body.kind === 'json' ? body.value : undefined, headers: extra });
}

/** The text of a body, for messages (a 5,000-deep object is too deep to stringify again). */
const bodyText = (body: Body) =>
  body.kind === 'raw' ? body.text : body.kind === 'json' ? JSON.stringify(body.value) : '';

/**
 * The value the server read: JSON as it travels (no -0, no undefined; a leading BOM dropped, as
 * the Fetch standard's body.json() does), and raw text that is no JSON as itself.
 */
function sentValue(body: Body): unknown {
  if (body.kind === 'none') return undefined;
  const text = bodyText(body).replace(/^\ufeff/, '');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The table row a request lands on. Usually its own; a `..` segment moves it (URLs are
 * normalized), and then the schema of wherever it went is the one to hold it to.
 */
function landedOn(method: string, url: string): string | undefined {
  const pathname = new URL(url, TEST_ORIGIN).pathname;
  return Object.keys(BODY_SCHEMAS).find((key) => {
    const [keyMethod, keyPath] = key.split(' ') as [string, string];
    return keyMethod === method && new RegExp(`^${keyPath.replace(/:\w+/g, '[^/]+')}$`).test(pathname);
  });
}

// ── the suite ──

describe('fuzzing every write endpoint', () => {
  it('lists the router’s write endpoints, each with a row in the schema table', () => {
    expect(WRITE_ENDPOINTS.length).toBeGreaterThan(30);
    const missing = WRITE_ENDPOINTS.filter((key) => !(key in BODY_SCHEMAS) && !(key in FUZZED_ELSEWHERE));
    expect(missing, 'write endpoints without a row in BODY_SCHEMAS').toEqual([]);
    const stale = [...Object.keys(BODY_SCHEMAS), ...Object.keys(FUZZED_ELSEWHERE)].filter(
      (key) => !WRITE_ENDPOINTS.includes(key),
    );
    expect(stale, 'rows for endpoints the router no longer has').toEqual([]);
    for (const [key, schema] of Object.entries(BODY_SCHEMAS)) {
      if (schema) expect(fieldNames(schema).length, `${key}: an object schema`).toBeGreaterThan(0);
    }
  });

  for (const key of WRITE_ENDPOINTS) {
    if (FUZZED_ELSEWHERE[key]) {
      it.skip(`${key} (${FUZZED_ELSEWHERE[key]})`, () => undefined);
      continue;
    }
    const [method, path] = key.split(' ') as [string, string];
    it(
      key,
      async () => {
        expect(key in BODY_SCHEMAS, `${key} has no row in BODY_SCHEMAS`).toBe(true);
        const schema = BODY_SCHEMAS[key] ?? null;
        const world = await buildWorld();
        stats.endpoints += 1;
        await fc.assert(
          fc.asyncProperty(urls(path, world), bodies(schema, world), workspaceHeaders(), async (url, body, headers) => {
            stats.runs += 1;
            const response = await send(method, url, body, (await actorFor(key)).cookie, headers);
            const text = await response.text();
            if (response.status >= 500) stats.serverErrors += 1;
            expect(response.status, `${method} ${url.slice(0, 200)} → ${text.slice(0, 300)}`).toBeLessThan(500);
            if (response.status < 200 || response.status >= 300) return;
            const landed = landedOn(method, url);
            const accepting = landed ? BODY_SCHEMAS[landed] : null;
            if (accepting) {
              const result = safeParse(accepting, sentValue(body));
              if (!result.success) {
                expect.fail(
                  `${landed} answered ${response.status} to a body its schema refuses: ${bodyText(body).slice(0, 300)}`,
                );
              }
            }
          }),
          { seed: SEED, numRuns: RUNS, interruptAfterTimeLimit: TIME_LIMIT_MS },
        );
      },
      TIME_LIMIT_MS + 30_000,
    );
  }
});

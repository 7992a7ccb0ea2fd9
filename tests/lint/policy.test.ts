import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Every access rule is stated once, in src/server/access/ (the policy table in policy.ts). These
// checks read the server's source and fail when a route or a service goes around it:
//   1. every exported service function of a business module that reads or writes the database
//      takes a `Member` (the user inside a checked workspace, made only in src/server/access);
//   2. routes hand the database to services and never query it themselves, and a router whose
//      handlers act as a member goes through inWorkspace (or inPathWorkspace);
//   3. no file outside src/server/access compares workspace roles;
//   4. no file outside src/server/access builds `can` answers: every `can` is a policy entry's.
// Each check is also run on a probe that breaks it, so a check that catches nothing fails too.

const SERVER = 'src/server';
const MODULES = path.join(SERVER, 'modules');
const ACCESS_DIR = path.join(SERVER, 'access');
const POLICY_FILE = path.join(ACCESS_DIR, 'policy.ts');

/** The modules that hold a business's data (the tables with workspace_id). */
const BUSINESS_MODULES = [
  'attachables',
  'calendar',
  'invoices',
  'notes',
  'notifications',
  'photos',
  'portal',
  'properties',
  'series',
  'tasks',
  'visits',
  'workspaces',
];

/** Exported functions of business modules that take the database without a Member, and why that is right. */
const NOT_A_MEMBER: Record<string, string> = {
  'calendar.service.ts:renderFeed':
    'the feed URL is the credential: it resolves the feed owner as a member of the feed workspace through resolveMember',
  'invitations.service.ts:listMine': 'the invitee is not a member yet: their own verified address is the check',
  'invitations.service.ts:accept': 'the invitee is not a member yet: their own verified address is the check',
  'invitations.service.ts:decline': 'the invitee is not a member yet: their own verified address is the check',
  'invitations.service.ts:getByToken':
    'the e-mailed link is the credential: it reads that one invitation and nothing else',
  'invitations.service.ts:acceptByToken':
    'the invitee is not a member yet: the link and the signed-in account’s own invited address are the check',
  'invitations.service.ts:declineByToken': 'the e-mailed link is the credential: it answers that one invitation',
  'workspaces.service.ts:createWorkspace': 'a new business of the user’s own, with them as its owner: no member yet',
  'workspaces.service.ts:listMyWorkspaces': 'the user’s own memberships',
  'before-claim.service.ts:listBeforeClaim': 'the user’s own memberships (those marked at the claim of their address)',
  'before-claim.service.ts:keepWorkspace': 'the user’s own membership: it clears its mark and nothing else',
  'workspaces.service.ts:chooseDefaultWorkspace': 'the user’s own memberships, checked through resolveMember',
  'series.service.ts:makeOccurrences':
    'writes the occurrences of a series its caller has locked: createSeries and updateSeries (as a Member) and the horizon job',
  'portal-links.ts:issuePortalLink':
    'makes a link for a client its caller checked (sendPortalLink as a Member, the mail worker for a client it is e-mailing)',
  'portal-links.ts:enterPortal': 'the e-mailed token is the credential: it resolves to its client and nothing else',
  'visits.service.ts:insertVisits':
    'writes the visits a Member-checked caller (createVisit, makeOccurrences) asked for',
  'visit-notices.ts:visitStateForChange':
    'reads, under its lock, a visit its Member-checked caller (updateVisit) is changing',
  'staff-notifications.ts:notifyStaff':
    'writes the notices a Member-checked change (a visit) or a portal client’s request causes, in its transaction',
  'staff-notifications.ts:officeOf': 'the people a client’s request is for: its caller checked the client',
  'staff-notifications.ts:membersAmong': 'filters the user ids its checked caller gives to members of its workspace',
  'message-worker.ts:sendDueMessages':
    'the outbox worker: it sends what Member-checked changes wrote, to the clients they named',
  'reminders.ts:queueDueReminders': 'the reminder job, over every workspace, to each visit’s own client',
  'reminders.ts:startReminderJob': 'runs queueDueReminders every minute',
  'messages.service.ts:unsubscribeInfo': 'the unsubscribe link is the credential: an HMAC of the client id',
  'messages.service.ts:unsubscribeByLink': 'the unsubscribe link is the credential: an HMAC of the client id',
  'invoices.service.ts:createDepositInvoice':
    'made in the approval’s transaction: approveQuote checked the portal client or the office member and locked the quote',
  'invoices.service.ts:paidOn': 'sums the payments of an invoice its caller checked and locked',
  'invoices.service.ts:totalOf': 'the total of an invoice its caller checked and locked',
  'provider-payments.ts:followPayments': 'the status of an invoice its caller checked and locked',
  'provider-payments.ts:recordProviderPayment':
    'the verified webhook is the credential: the provider’s signed event names the invoice and its workspace',
  'provider-payments.ts:recordProviderRefund':
    'the verified webhook is the credential: the signed event names the refund',
  'provider-payments.ts:refundUnapplied': 'refunds a payment the verified webhook recorded as unapplied',
};

const ROLE_NAMES = new Set(['owner', 'manager', 'technician']);

interface Finding {
  file: string;
  line: number;
  rule: string;
  text: string;
}

function parse(file: string, source: string) {
  return ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
}

function finding(sf: ts.SourceFile, node: ts.Node, rule: string): Finding {
  const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
  return { file: sf.fileName, line: line + 1, rule, text: node.getText(sf).slice(0, 120) };
}

function walk(node: ts.Node, visit: (node: ts.Node) => void) {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
}

/** 1. Exported functions that take a database (Executor, Database, deps) take a Member too. */
function servicesTakeMember(sf: ts.SourceFile): Finding[] {
  const findings: Finding[] = [];
  for (const statement of sf.statements) {
    if (!ts.isFunctionDeclaration(statement) || !statement.name) continue;
    if (!statement.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) continue;
    const types = statement.parameters.map((parameter) => parameter.type?.getText(sf) ?? '');
    const takesDatabase = types.some((type) => /\b(Executor|Database|MailDeps)\b|\bdb\b/.test(type));
    // A portal service takes the PortalClient (made only in src/server/access) instead; a reader
    // shared by both takes a Viewer (either).
    const takesMember = types.some((type) => /\b(Member|PortalClient|Viewer)\b/.test(type));
    const key = `${path.basename(sf.fileName)}:${statement.name.text}`;
    if (takesDatabase && !takesMember && !(key in NOT_A_MEMBER)) {
      findings.push(finding(sf, statement.name, 'a service function takes the database without a Member'));
    }
  }
  return findings;
}

/** 2. Routes do not query the database, and act as a member only behind inWorkspace. */
function routesGoThroughServices(sf: ts.SourceFile): Finding[] {
  const findings: Finding[] = [];
  let actsAsMember = false;
  let picksWorkspace = false;
  walk(sf, (node) => {
    if (ts.isImportDeclaration(node) && /\/db\/schema['"]$/.test(node.moduleSpecifier.getText(sf))) {
      findings.push(finding(sf, node, 'a route imports the database schema'));
    }
    if (ts.isPropertyAccessExpression(node)) {
      const text = node.getText(sf);
      if (/\.db\.(select|insert|update|delete|execute|transaction|query)$/.test(text)) {
        findings.push(finding(sf, node, 'a route queries the database'));
      }
      if (/^c\.var\.member$/.test(text)) actsAsMember = true;
    }
    if (ts.isIdentifier(node) && (node.text === 'inWorkspace' || node.text === 'inPathWorkspace')) {
      if (!ts.isImportSpecifier(node.parent)) picksWorkspace = true;
    }
  });
  if (actsAsMember && !picksWorkspace) {
    findings.push(finding(sf, sf.statements[0] ?? sf, 'a router acts as a member without inWorkspace'));
  }
  return findings;
}

const isRoleName = (node: ts.Node) =>
  (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && ROLE_NAMES.has(node.text);
const EQUALITY = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);

/** 3. Role checks: comparisons with a workspace role, `workspaceRole` read in a condition. */
function noRoleChecks(sf: ts.SourceFile): Finding[] {
  const findings: Finding[] = [];
  walk(sf, (node) => {
    if (ts.isBinaryExpression(node) && EQUALITY.has(node.operatorToken.kind)) {
      const sides = [node.left, node.right];
      if (sides.some(isRoleName) || sides.some((side) => /workspaceRole$/.test(side.getText(sf)))) {
        findings.push(finding(sf, node, 'a role is checked outside the policy'));
      }
    }
    if (ts.isCaseClause(node) && isRoleName(node.expression)) {
      findings.push(finding(sf, node, 'a role is checked outside the policy'));
    }
    if (
      ts.isCallExpression(node) &&
      /\.includes$/.test(node.expression.getText(sf)) &&
      node.arguments.some((argument) => /workspaceRole$/.test(argument.getText(sf)))
    ) {
      findings.push(finding(sf, node, 'a role is checked outside the policy'));
    }
  });
  return findings;
}

/** A `can` value that comes from the policy: `policy.x.can(…)`, a name holding one, or null. */
function fromPolicy(node: ts.Expression, sf: ts.SourceFile): boolean {
  if (ts.isParenthesizedExpression(node)) return fromPolicy(node.expression, sf);
  if (ts.isConditionalExpression(node)) return fromPolicy(node.whenTrue, sf) && fromPolicy(node.whenFalse, sf);
  if (node.kind === ts.SyntaxKind.NullKeyword || ts.isIdentifier(node)) return true;
  if (ts.isAwaitExpression(node)) return fromPolicy(node.expression, sf);
  return ts.isCallExpression(node) && /^policy\.\w+\.can$/.test(node.expression.getText(sf));
}

/** 4. `can` answers are the policy's: no object literal or expression of a service's own. */
function canFromPolicy(sf: ts.SourceFile): Finding[] {
  const findings: Finding[] = [];
  walk(sf, (node) => {
    const named = (name: ts.PropertyName | ts.BindingName) => ts.isIdentifier(name) && name.text === 'can';
    if (ts.isPropertyAssignment(node) && named(node.name) && !fromPolicy(node.initializer, sf)) {
      findings.push(finding(sf, node, '`can` is computed outside the policy'));
    }
    if (ts.isVariableDeclaration(node) && named(node.name) && node.initializer && !fromPolicy(node.initializer, sf)) {
      findings.push(finding(sf, node, '`can` is computed outside the policy'));
    }
  });
  return findings;
}

/** 5. Only src/server/access makes a Member. */
function noMemberMade(sf: ts.SourceFile): Finding[] {
  const findings: Finding[] = [];
  walk(sf, (node) => {
    if ((ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) && /\bMember\b/.test(node.type.getText(sf))) {
      findings.push(finding(sf, node, 'a Member is made outside src/server/access'));
    }
  });
  return findings;
}

function serverFiles(directory = SERVER): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : serverFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const source = (file: string) => parse(file, readFileSync(file, 'utf8'));
const businessServices = () =>
  BUSINESS_MODULES.flatMap((module) =>
    readdirSync(path.join(MODULES, module))
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.routes.ts'))
      .map((name) => path.join(MODULES, module, name)),
  );
const routeFiles = () => serverFiles(MODULES).filter((file) => file.endsWith('.routes.ts'));
const outsidePolicy = () => serverFiles().filter((file) => path.dirname(file) !== ACCESS_DIR);

describe('every access rule goes through the policy (src/server/access)', () => {
  it('exported business service functions that take the database take a Member', () => {
    const files = businessServices();
    expect(files.length).toBeGreaterThan(10);
    expect(files.flatMap((file) => servicesTakeMember(source(file)))).toEqual([]);
  });

  it('the exceptions are still there (a stale one is removed from the list)', () => {
    const exported = new Set(
      businessServices().flatMap((file) =>
        source(file)
          .statements.filter(ts.isFunctionDeclaration)
          .map((statement) => `${path.basename(file)}:${statement.name?.text}`),
      ),
    );
    expect(Object.keys(NOT_A_MEMBER).filter((key) => !exported.has(key))).toEqual([]);
  });

  it('routes never query the database; those acting as a member go through inWorkspace', () => {
    const files = routeFiles();
    expect(files.length).toBeGreaterThan(10);
    expect(files.flatMap((file) => routesGoThroughServices(source(file)))).toEqual([]);
  });

  it('no file outside src/server/access checks a workspace role, builds a `can`, or makes a Member', () => {
    const findings = outsidePolicy().flatMap((file) => {
      const sf = source(file);
      return [...noRoleChecks(sf), ...canFromPolicy(sf), ...noMemberMade(sf)];
    });
    expect(findings).toEqual([]);
  });

  it('access/policy.ts is where they are: its policy computes every `can` and compares roles', () => {
    const text = readFileSync(POLICY_FILE, 'utf8');
    expect(text).toMatch(/workspaceRole === 'owner'/);
    expect(text).toMatch(/export const policy = \{/);
  });
});

describe('the checks catch what they are for (probes)', () => {
  const probe = (file: string, code: string) => parse(file, code);

  it('a service without a Member', () => {
    const sf = probe(
      'src/server/modules/visits/probe.service.ts',
      'export async function deleteVisit(db: Executor, actor: Actor, id: string) {}\n' +
        'export async function deleteOwn(db: Executor, member: Member, id: string) {}\n' +
        'export function pure(value: number) { return value; }\n',
    );
    expect(servicesTakeMember(sf).map((found) => found.text)).toEqual(['deleteVisit']);
  });

  it('a route that queries, or acts as a member without inWorkspace', () => {
    const queries = probe(
      'src/server/modules/visits/probe.routes.ts',
      "import { visits } from '../../db/schema';\n" +
        "export const r = new Hono().use(inWorkspace).get('/', async (c) => c.json(await c.var.db.select().from(visits)));\n",
    );
    expect(routesGoThroughServices(queries).map((found) => found.rule)).toEqual([
      'a route imports the database schema',
      'a route queries the database',
    ]);
    const unchecked = probe(
      'src/server/modules/visits/probe.routes.ts',
      "import { inWorkspace } from '../../auth/session';\n" +
        "export const r = new Hono().get('/', async (c) => c.json(await listVisits(c.var.db, c.var.member)));\n",
    );
    expect(routesGoThroughServices(unchecked).map((found) => found.rule)).toEqual([
      'a router acts as a member without inWorkspace',
    ]);
  });

  it('role checks, home-made `can`s and made-up Members', () => {
    const sf = probe(
      'src/server/modules/invoices/probe.service.ts',
      [
        "if (member.workspaceRole === 'technician') throw forbidden('no');",
        "if (role !== 'owner') throw forbidden('no');",
        "switch (role) { case 'manager': break; }",
        "if (['owner', 'manager'].includes(member.workspaceRole)) {}",
        'const dto = { can: { edit: true, delete: member.id === row.createdBy } };',
        'const can = { edit: true };',
        'const fine = { can: policy.invoice.can(member, status), other: member ? policy.workspace.can(member) : null };',
        'const made = { ...actor, workspaceId, workspaceRole } as Member;',
      ].join('\n'),
    );
    expect(noRoleChecks(sf)).toHaveLength(4);
    expect(canFromPolicy(sf)).toHaveLength(2);
    expect(noMemberMade(sf)).toHaveLength(1);
  });
});

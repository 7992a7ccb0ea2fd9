import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { Fragment, useState } from 'react';
import { Link, useParams } from 'react-router';
import { WORKSPACE_ROLE_LABELS } from '../../../shared/constants';
import { WORKSPACE_MESSAGES } from '../../../shared/messages/workspaces';
import { authApi } from '../../api/auth';
import { errorMessage } from '../../api/http';
import { acceptInvitationLink, useDeclineInvitationLink, useInvitationByToken } from '../../api/invitations';
import { clearPersistedData } from '../../api/persist';
import { useMe } from '../../api/session';
import { AuthCard } from '../../components/auth-card';
import { FormActions, useSchemaForm } from '../../components/form';
import { Loading } from '../../components/loading';
import { paths } from '../../paths';
import { SignOutLink } from '../../shell/sign-out';
import type { Get } from '../../api/contract';

type InvitationByToken = Get<'/invitations/by-token/:token'>;

// The page an invitation e-mail's link opens: it names the business, the inviter and the role.
// Signed out, it makes the account right here (the invited address, fixed; a name and a
// password), and that account is verified and in the business at once. Signed in with the
// invited address, one button joins. Opening the page answers nothing: only a button does.

const article = (role: InvitationByToken['role']) => (role === 'owner' ? 'an' : 'a');

/**
 * A name, or an e-mail address that breaks only after its '@' or a dot (whole-words.css'
 * `.email-piece`), never at a hyphen. Local, not components/whole-text.tsx: this page shares its
 * chunk with /login, which is at its size budget.
 */
function Who({ text }: { text: string }) {
  if (!text.includes('@')) return text;
  return text.split(/(?<=[@.])/).map((piece, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      <span className="email-piece">{piece}</span>
    </Fragment>
  ));
}

export function InvitationPage() {
  const { token = '' } = useParams();
  const invitation = useInvitationByToken(token);
  const me = useMe();
  const [declined, setDeclined] = useState(false);

  if (invitation.isPending || me.isPending) {
    return (
      <AuthCard title="Invitation" subtitle="Loading the invitation">
        <Loading label="Loading" />
      </AuthCard>
    );
  }
  if (invitation.isError) {
    return (
      <AuthCard title="Invitation" subtitle="This link does not open an invitation">
        <Alert color="red" role="alert" variant="light">
          This invitation link is not valid any more. Ask the person who invited you to send a new one.
        </Alert>
        <SignInLink signedIn={Boolean(me.data)} />
      </AuthCard>
    );
  }
  const info = invitation.data;
  const role = WORKSPACE_ROLE_LABELS[info.role].toLowerCase();
  const inviter = info.inviterName ?? 'Someone';
  const subtitle = (
    <>
      <Who text={inviter} /> invited you to join {info.workspaceName} as {article(info.role)} {role}.
    </>
  );
  const title = `Join ${info.workspaceName}`;
  const status = declined ? 'declined' : info.status;

  if (status !== 'pending') {
    const message =
      status === 'accepted'
        ? WORKSPACE_MESSAGES.invitationUsed
        : status === 'declined'
          ? WORKSPACE_MESSAGES.invitationDeclined
          : WORKSPACE_MESSAGES.invitationExpired;
    return (
      <AuthCard title={title} subtitle={subtitle}>
        <Alert color={status === 'accepted' ? 'blue' : 'gray'} role="status" variant="light">
          {message}
        </Alert>
        <SignInLink signedIn={Boolean(me.data)} />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={title} subtitle={subtitle}>
      {!me.data ? (
        <JoinBySignUp token={token} info={info} onDeclined={() => setDeclined(true)} />
      ) : me.data.email.toLowerCase() === info.email ? (
        <JoinSignedIn token={token} onDeclined={() => setDeclined(true)} />
      ) : (
        <>
          <Alert color="orange" role="alert" variant="light">
            {WORKSPACE_MESSAGES.invitationForAnotherAddress} It is for <Who text={info.email} />; you are signed in as{' '}
            <Who text={me.data.email} />.
          </Alert>
          <Text size="sm">Sign out, then open the link in the e-mail again to join with that address.</Text>
          <Button component={SignOutLink} variant="default" fullWidth>
            Sign out
          </Button>
        </>
      )}
    </AuthCard>
  );
}

/** Signed out: the account is made here, with the invited address. */
function JoinBySignUp({ token, info, onDeclined }: { token: string; info: InvitationByToken; onDeclined: () => void }) {
  const form = useSchemaForm({
    initial: { name: '', password: '' },
    schema: () => import('../../../shared/schemas/auth').then((m) => m.joinByInvitationInput),
    failed: 'Could not create your account; please try again',
    async submit(data) {
      await authApi.signUpFromInvitation(token, { email: info.email, name: data.name, password: data.password });
      // The kept copy of the cache is the signed-out visitor's ('nobody signed in'); restored on
      // the next page it would send the new account to /login. Throw it away first.
      await clearPersistedData();
      await acceptInvitationLink(token);
    },
  });
  const next = `${paths.login()}?next=${encodeURIComponent(paths.invitation(token))}`;
  return (
    <>
      <form onSubmit={form.onSubmit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Email"
            type="email"
            value={info.email}
            readOnly
            description="The address you were invited at"
          />
          <TextInput label="Your name" autoComplete="name" required {...form.field('name')} />
          <PasswordInput label="Password" autoComplete="new-password" required {...form.field('password')} />
          <FormActions
            submit="Create account and join"
            busyLabel="Joining..."
            busy={form.busy}
            failure={form.failure}
            grow
          />
        </Stack>
      </form>
      <Text size="sm" ta="center">
        Already have an account with this address?{' '}
        <Anchor component={Link} to={next}>
          Sign in
        </Anchor>
      </Text>
      <Decline token={token} onDeclined={onDeclined} />
    </>
  );
}

/** Signed in with the invited address: one button joins. */
function JoinSignedIn({ token, onDeclined }: { token: string; onDeclined: () => void }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const join = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await acceptInvitationLink(token);
    } catch (error) {
      setFailure(errorMessage(error, 'Could not join; please try again'));
      setBusy(false);
    }
  };
  return (
    <>
      {failure && (
        <Alert color="red" role="alert" variant="light">
          {failure}
        </Alert>
      )}
      <Button onClick={() => void join()} loading={busy} fullWidth>
        Accept and join
      </Button>
      <Decline token={token} onDeclined={onDeclined} />
    </>
  );
}

function Decline({ token, onDeclined }: { token: string; onDeclined: () => void }) {
  const decline = useDeclineInvitationLink(token);
  return (
    <>
      {decline.isError && (
        <Alert color="red" role="alert" variant="light">
          {errorMessage(decline.error, 'Could not decline; please try again')}
        </Alert>
      )}
      <Button
        variant="subtle"
        color="gray"
        loading={decline.isPending}
        onClick={() => decline.mutate(undefined, { onSuccess: onDeclined })}
        fullWidth
      >
        Decline
      </Button>
    </>
  );
}

function SignInLink({ signedIn }: { signedIn: boolean }) {
  return signedIn ? (
    <Button component={Link} to={paths.home()} variant="default" fullWidth>
      Open Rounds
    </Button>
  ) : (
    <Button component={Link} to={paths.login()} variant="default" fullWidth>
      Sign in
    </Button>
  );
}

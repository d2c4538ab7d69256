import type { User } from '@coursecraft/contracts';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { User as FirebaseUser } from 'firebase/auth';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ContentLayout } from '../../../components/layouts/ContentLayout';
import { VerifyEmailNotice } from '../../../components/layouts/VerifyEmailNotice';
import { QueryState } from '../../../components/ui/QueryState';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/account/get-current-user';
import { useSession } from '../../../lib/session';
import { hasPasswordSignIn } from '../api/change-password';
import { LOGIN_FIRST_REDIRECT_MS, PROFILE_TEXT } from '../profile-messages';
import { AiUsageLine } from './AiUsageLine';
import { ChangePasswordForm } from './ChangePasswordForm';
import { ApiKeyCard } from './ApiKeyCard';

function initialsOf(firstName: string, lastName: string, email: string): string {
  const initials = `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase();
  return initials || email.charAt(0).toUpperCase();
}

/** Shown when the session ends while on the page: explains, then goes to /auth after 2 s. */
function LoginFirst() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(
      () => void navigate(paths.authReturningTo(paths.profile), { replace: true }),
      LOGIN_FIRST_REDIRECT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [navigate]);
  return <Alert severity="warning">{PROFILE_TEXT.loginFirst}</Alert>;
}

function ProfileSkeleton() {
  return (
    <Stack spacing={3} aria-busy="true" aria-label="Loading profile">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Skeleton variant="circular" width={64} height={64} />
        <Stack sx={{ flex: 1 }}>
          <Skeleton width="40%" height={32} />
          <Skeleton width="30%" />
        </Stack>
      </Stack>
      <Skeleton variant="rounded" height={160} />
      <Skeleton variant="rounded" height={240} />
    </Stack>
  );
}

function ProfileDetails({ user, firebaseUser }: { user: User; firebaseUser: FirebaseUser }) {
  const fullName = `${user.first_name} ${user.last_name}`.trim();
  return (
    <Stack spacing={3}>
      {!firebaseUser.emailVerified && (
        <VerifyEmailNotice email={user.email} label="Profile e-mail verification" />
      )}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minWidth: 0 }}>
        <Avatar sx={{ width: 64, height: 64, bgcolor: 'primary.main', fontSize: 24 }}>
          {initialsOf(user.first_name, user.last_name, user.email)}
        </Avatar>
        <Stack sx={{ minWidth: 0 }}>
          <Typography variant="h5" component="p" sx={{ overflowWrap: 'anywhere' }}>
            {fullName || user.email}
          </Typography>
          <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {user.email}
          </Typography>
        </Stack>
      </Stack>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          <ApiKeyCard user={user} />
          <AiUsageLine />
        </Stack>
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          Change Password
        </Typography>
        {hasPasswordSignIn(firebaseUser) ? (
          <ChangePasswordForm user={firebaseUser} />
        ) : (
          <Typography color="text.secondary">
            You sign in with Google, so your password is managed by your Google account.
          </Typography>
        )}
      </Paper>
    </Stack>
  );
}

/** /profile: who the user is, their Google API key and their password. */
export function ProfilePage() {
  const session = useSession();
  const profile = useCurrentUser();
  const firebaseUser = session.user;

  let body;
  if (!firebaseUser) {
    body = session.status === 'ready' ? <LoginFirst /> : <ProfileSkeleton />;
  } else {
    body = (
      <QueryState
        query={profile}
        failureMessage={PROFILE_TEXT.loadFailed}
        loadingLabel="Loading profile"
        loading={<ProfileSkeleton />}
      >
        {(user) => <ProfileDetails user={user} firebaseUser={firebaseUser} />}
      </QueryState>
    );
  }

  return (
    <ContentLayout title="Profile">
      <Stack sx={{ maxWidth: 720 }}>{body}</Stack>
    </ContentLayout>
  );
}

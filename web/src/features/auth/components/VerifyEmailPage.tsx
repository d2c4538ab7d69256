import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useVerificationCode } from '../api/apply-verification-code';
import { AUTH_TEXT, verifyEmailMessage } from '../auth-messages';

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: 2, py: { xs: 4, md: 8 } }}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 440, p: { xs: 3, sm: 4 } }}>
        <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
          {title}
        </Typography>
        {children}
      </Paper>
    </Box>
  );
}

/** Where to go next: the user's courses when signed in, else the login screen. */
function NextStep() {
  const signedIn = useSession().user !== null;
  return signedIn ? (
    <Button component={RouterLink} to={paths.courses} variant="contained" fullWidth>
      Go to My Courses
    </Button>
  ) : (
    <Button component={RouterLink} to={paths.auth('login')} variant="contained" fullWidth>
      Login Now
    </Button>
  );
}

/**
 * /verify-email: the link from the verification e-mail carries Firebase's `oobCode`, applied
 * here; a signed-in user's session learns of it at once (the navbar's notice goes away).
 */
export function VerifyEmailPage() {
  useDocumentTitle('Verify E-mail');
  const [searchParams] = useSearchParams();
  const code = searchParams.get('oobCode');
  const outcome = useVerificationCode(code);

  if (code === null || outcome?.verified === false) {
    return (
      <Panel title="Invalid Verification Link">
        <Alert severity="error" sx={{ mb: 3 }}>
          {outcome?.verified === false
            ? verifyEmailMessage(outcome.error)
            : AUTH_TEXT.missingVerifyCode}
        </Alert>
        <NextStep />
      </Panel>
    );
  }
  if (outcome?.verified) {
    return (
      <Panel title="E-mail Verified">
        <Alert severity="success" sx={{ mb: 3 }}>
          {AUTH_TEXT.emailVerified}
        </Alert>
        <NextStep />
      </Panel>
    );
  }
  return (
    <Panel title="Verify E-mail">
      <Stack spacing={2} sx={{ alignItems: 'center', py: 2 }} role="status">
        <CircularProgress aria-label="Verifying" />
        <Typography>Verifying your e-mail...</Typography>
      </Stack>
    </Panel>
  );
}

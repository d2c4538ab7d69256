import AutoStoriesIcon from '@mui/icons-material/AutoStories';
import CloseIcon from '@mui/icons-material/Close';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import { lazy, Suspense, useRef, useState, type KeyboardEvent } from 'react';
import { Link as RouterLink, useLocation, type Location } from 'react-router';
import { paths } from '../../config/paths';
import { WithPageQueryClient } from '../../lib/query/page-query-client';
import { useLogout, useSession, type Session } from '../../lib/session';

/** Few users ever see it, so it stays out of the first load of every page. */
const VerifyEmailNotice = lazy(() =>
  import('./VerifyEmailNotice').then((m) => ({ default: m.VerifyEmailNotice })),
);

export const MOBILE_MENU_ID = 'mobile-navigation';

interface NavEntry {
  label: string;
  to: string;
  emphasis?: boolean;
}

function navEntries(session: Session): NavEntry[] {
  if (session.status === 'loading') return [];
  if (!session.user) {
    return [
      { label: 'Login', to: paths.auth('login') },
      { label: 'Sign Up', to: paths.auth('signup'), emphasis: true },
    ];
  }
  return [
    { label: 'My Courses', to: paths.courses },
    ...(session.isAdmin ? [{ label: 'Admin', to: paths.admin }] : []),
    { label: 'Profile', to: paths.profile },
  ];
}

function isCurrent(entry: NavEntry, location: Location): boolean {
  const [pathname = '', query = ''] = entry.to.split('?');
  const onPath = location.pathname === pathname || location.pathname.startsWith(`${pathname}/`);
  if (!onPath) return false;
  const wanted = new URLSearchParams(query);
  const actual = new URLSearchParams(location.search);
  return [...wanted].every(([name, value]) => actual.get(name) === value);
}

const mobileEntrySx = {
  justifyContent: 'flex-start',
  borderRadius: 0,
  px: 2,
  py: 1.5,
  fontWeight: 400,
} as const;

/**
 * The sticky top bar: logo, the session's entries, a collapsible menu below `md`, and the
 * verify-your-e-mail notice while the signed-in user's address is unverified. `menuOpen` draws the
 * collapsible menu open from the start (the prerendered /home keeps that markup for its script).
 */
export function Navbar({ menuOpen: menuInitiallyOpen = false }: { menuOpen?: boolean } = {}) {
  const session = useSession();
  const logout = useLogout();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(menuInitiallyOpen);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const entries = navEntries(session);
  const signedIn = session.status === 'ready' && session.user !== null;
  const unverifiedUser = session.user && !session.user.emailVerified ? session.user : null;

  const closeMenu = () => setMenuOpen(false);
  const handleLogout = () => {
    closeMenu();
    void logout();
  };
  const handleMenuKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    closeMenu();
    toggleRef.current?.focus();
  };

  return (
    <AppBar position="sticky">
      <Container maxWidth="lg" disableGutters>
        <Toolbar sx={{ gap: 1, px: { xs: 2, sm: 3 } }}>
          <Link
            component={RouterLink}
            to={paths.home}
            onClick={closeMenu}
            underline="none"
            color="primary"
            sx={{
              display: 'inline-flex',
              alignItems: 'center',
              gap: 1,
              fontWeight: 800,
              fontSize: '1.25rem',
              mr: 'auto',
            }}
          >
            <AutoStoriesIcon aria-hidden="true" />
            Coursecraft
          </Link>

          <Box
            component="nav"
            aria-label="Main"
            sx={{ display: { xs: 'none', md: 'flex' }, alignItems: 'center', gap: 1 }}
          >
            {entries.map((entry) => (
              <Button
                key={entry.to}
                component={RouterLink}
                to={entry.to}
                variant={entry.emphasis ? 'contained' : 'text'}
                color={entry.emphasis ? 'primary' : 'inherit'}
                aria-current={isCurrent(entry, location) ? 'page' : undefined}
              >
                {entry.label}
              </Button>
            ))}
            {signedIn && (
              <Button color="inherit" variant="outlined" onClick={handleLogout}>
                Logout
              </Button>
            )}
          </Box>

          <IconButton
            ref={toggleRef}
            edge="end"
            color="inherit"
            aria-label="Open navigation menu"
            aria-expanded={menuOpen}
            aria-controls={MOBILE_MENU_ID}
            onClick={() => setMenuOpen((open) => !open)}
            sx={{ display: { xs: 'inline-flex', md: 'none' } }}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </IconButton>
        </Toolbar>
      </Container>

      {unverifiedUser && (
        <Suspense fallback={null}>
          <WithPageQueryClient>
            <VerifyEmailNotice email={unverifiedUser.email} label="E-mail verification" square />
          </WithPageQueryClient>
        </Suspense>
      )}

      <Box id={MOBILE_MENU_ID} sx={{ display: { md: 'none' } }} onKeyDown={handleMenuKeyDown}>
        {/* Plain buttons rather than MUI's List and Collapse, whose code every first load would carry. */}
        {menuOpen && (
          <Box component="nav" aria-label="Main" sx={{ borderTop: 1, borderColor: 'divider' }}>
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {entries.map((entry) => (
                <li key={entry.to}>
                  <Button
                    component={RouterLink}
                    to={entry.to}
                    onClick={closeMenu}
                    aria-current={isCurrent(entry, location) ? 'page' : undefined}
                    color="inherit"
                    fullWidth
                    sx={mobileEntrySx}
                  >
                    {entry.label}
                  </Button>
                </li>
              ))}
              {signedIn && (
                <li>
                  <Button color="inherit" fullWidth onClick={handleLogout} sx={mobileEntrySx}>
                    Logout
                  </Button>
                </li>
              )}
            </Box>
          </Box>
        )}
      </Box>
    </AppBar>
  );
}

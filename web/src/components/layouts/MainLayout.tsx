import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { lazy, Suspense, type MouseEvent, type ReactNode } from 'react';
import { env } from '../../config/env';
import { Footer } from './Footer';
import { Navbar } from './Navbar';

export const MAIN_CONTENT_ID = 'main-content';

/** Only local suites running the fake Gemini show it, so production pages never load it. */
const FakeGeminiNotice = lazy(() =>
  import('./FakeGeminiNotice').then((m) => ({ default: m.FakeGeminiNotice })),
);

function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  document.getElementById(MAIN_CONTENT_ID)?.focus();
}

/** The page frame: skip link, sticky navbar, main landmark and footer. */
export function MainLayout({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <Link
        href={`#${MAIN_CONTENT_ID}`}
        onClick={skipToMain}
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: 'tooltip',
          px: 2,
          py: 1,
          bgcolor: 'background.paper',
          borderRadius: 1,
          '&:focus': { top: 8 },
        }}
      >
        Skip to main content
      </Link>
      <Navbar />
      {env.fakeGemini && (
        <Suspense fallback={null}>
          <FakeGeminiNotice />
        </Suspense>
      )}
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        sx={{ flex: 1, outline: 'none', minWidth: 0 }}
      >
        {children}
      </Box>
      <Footer />
    </Box>
  );
}

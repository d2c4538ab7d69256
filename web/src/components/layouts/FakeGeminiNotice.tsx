import Alert from '@mui/material/Alert';

export const FAKE_GEMINI_NOTICE =
  'Offline demo: AI answers come from a local fake Gemini, not from Google.';

/** A strip under the navbar while the local suite serves AI from the fake Gemini. */
export function FakeGeminiNotice() {
  return (
    <Alert
      severity="info"
      role="status"
      sx={{ borderRadius: 0, py: 0, justifyContent: 'center', overflowWrap: 'anywhere' }}
    >
      {FAKE_GEMINI_NOTICE}
    </Alert>
  );
}

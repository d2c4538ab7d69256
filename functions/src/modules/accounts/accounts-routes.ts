import {
  apiKeyRequestSchema,
  forgotPasswordRequestSchema,
  googleAuthRequestSchema,
  registerRequestSchema,
  resendVerificationRequestSchema,
} from '@coursecraft/contracts';
import { Router } from 'express';
import { validate } from '../../lib/validate';
import type { Guards } from '../../middleware/guards';
import { callerOf } from '../../middleware/request-caller';
import { ACCOUNT_MESSAGES, type AccountsService } from './accounts-service';

/**
 * `/auth/*`: register, Google sign-in and forgot-password are public (limited per client
 * address); the profile, API key and resend-verification routes need a session. E-mail/password
 * login, reset and change of password go straight to
 * Firebase Auth from the browser.
 */
export function accountsRoutes(accounts: AccountsService, { signedIn, limit }: Guards): Router {
  const router = Router();

  router.post('/auth/register', limit('register'), async (req, res) => {
    const user = await accounts.register(validate(registerRequestSchema, req.body));
    res.status(201).json({ message: ACCOUNT_MESSAGES.registered, user });
  });

  router.post('/auth/google-auth', limit('google-sign-in'), async (req, res) => {
    res.json(await accounts.googleSignIn(validate(googleAuthRequestSchema, req.body)));
  });

  router.post('/auth/forgot-password', limit('forgot-password'), async (req, res) => {
    const message = await accounts.requestPasswordReset(
      validate(forgotPasswordRequestSchema, req.body),
    );
    res.json({ message });
  });

  router.post(
    '/auth/resend-verification',
    signedIn,
    limit('resend-verification'),
    async (req, res) => {
      const message = await accounts.resendVerification(
        callerOf(res),
        validate(resendVerificationRequestSchema, req.body ?? {}),
      );
      res.json({ message });
    },
  );

  router.get('/auth/me', signedIn, async (_req, res) => {
    res.set('cache-control', 'no-store').json(await accounts.currentUser(callerOf(res)));
  });

  router.put('/auth/api-key', signedIn, async (req, res) => {
    const { api_key } = validate(apiKeyRequestSchema, req.body);
    const user = await accounts.saveApiKey(callerOf(res), api_key);
    res.json({ message: ACCOUNT_MESSAGES.apiKeySaved, user });
  });

  router.delete('/auth/api-key', signedIn, async (_req, res) => {
    const user = await accounts.removeApiKey(callerOf(res));
    res.json({ message: ACCOUNT_MESSAGES.apiKeyRemoved, user });
  });

  return router;
}

import { createHash } from 'node:crypto';
import type {
  AuthResponse,
  ForgotPasswordRequest,
  GoogleAuthRequest,
  RegisterRequest,
  User,
} from '@coursecraft/contracts';
import type { Auth } from 'firebase-admin/auth';
import type { Caller } from '../../lib/caller';
import { firebaseErrorCode } from '../../lib/firebase-error';
import { HttpError } from '../../lib/http-error';
import { open, seal } from '../../lib/secret-box';
import { verifyOrReject, type IdTokenVerifier } from '../../lib/id-token';
import type { AccountRepository } from './account-repository';
import { passwordResetMail, welcomeMail } from './mail';
import { namesFrom, toUser, type Profile } from './profile';

export const ACCOUNT_MESSAGES = {
  registered: 'Registration successful',
  emailTaken: 'An account with this email already exists.',
  invalidEmail: 'Please enter a valid email address',
  weakPassword: 'Password must be at least 8 characters',
  googleMismatch: 'The Google sign-in data does not match its token.',
  resetRequested:
    'If your email exists in our system, you will receive a password reset link shortly.',
  apiKeySaved: 'API key saved',
  apiKeyRemoved: 'API key removed',
} as const;

/** One reset e-mail per address per window, so the form cannot be used to flood an inbox. */
const RESET_MAIL_WINDOW_MS = 60_000;

export interface AccountsDependencies {
  auth: () => Auth;
  accountRepository: AccountRepository;
  verifyIdToken: IdTokenVerifier;
  apiKeyEncryptionKey: () => Buffer;
  /** The web app's origins; the first is where e-mail links point by default. */
  appOrigins: () => string[];
  now: () => Date;
}

export function accountsService(deps: AccountsDependencies) {
  const { accountRepository } = deps;

  /** The profile of `uid`, created from the Auth record if the account has none yet. */
  async function ensureProfile(uid: string): Promise<Profile> {
    const existing = await accountRepository.findProfile(uid);
    if (existing) return existing;
    const record = await deps.auth().getUser(uid);
    const email = (record.email ?? '').toLowerCase();
    const profile: Profile = {
      ...namesFrom(record.displayName, email),
      email,
      is_active: !record.disabled,
      has_api_key: false,
      created_at: new Date(record.metadata.creationTime),
    };
    try {
      await accountRepository.createProfile(uid, profile);
      return profile;
    } catch (error) {
      // A concurrent request created it first: use theirs.
      const created = await accountRepository.findProfile(uid);
      if (created) return created;
      throw error;
    }
  }

  return {
    /**
     * Creates the Auth user, then its profile with the welcome e-mail in one batch; if that
     * batch fails, the Auth user is deleted again so no half-created account remains.
     */
    async register(input: RegisterRequest): Promise<User> {
      let uid: string;
      try {
        const record = await deps.auth().createUser({
          email: input.email,
          password: input.password,
          displayName: `${input.first_name} ${input.last_name}`,
        });
        uid = record.uid;
      } catch (error) {
        const code = firebaseErrorCode(error);
        if (code === 'auth/email-already-exists')
          throw new HttpError(409, ACCOUNT_MESSAGES.emailTaken);
        if (code === 'auth/invalid-email') throw new HttpError(400, ACCOUNT_MESSAGES.invalidEmail);
        if (code === 'auth/invalid-password')
          throw new HttpError(400, ACCOUNT_MESSAGES.weakPassword);
        throw error;
      }

      const profile: Profile = {
        first_name: input.first_name,
        last_name: input.last_name,
        email: input.email,
        is_active: true,
        has_api_key: false,
        created_at: deps.now(),
      };
      try {
        await accountRepository.createProfile(
          uid,
          profile,
          welcomeMail(input.email, input.first_name, deps.appOrigins()[0]),
        );
      } catch (error) {
        await deps
          .auth()
          .deleteUser(uid)
          .catch((rollbackError: unknown) => {
            console.error(`Could not roll back the Auth user ${uid}`, rollbackError);
          });
        throw error;
      }
      return toUser(uid, profile, false);
    },

    async currentUser(caller: Caller): Promise<User> {
      return toUser(caller.uid, await ensureProfile(caller.uid), caller.isAdmin);
    },

    /** Checks the token from Google sign-in, then returns (creating if needed) its profile. */
    async googleSignIn(input: GoogleAuthRequest): Promise<AuthResponse> {
      const token = await verifyOrReject(deps.verifyIdToken, input.firebase_token);
      if (token.uid !== input.user_data.uid) {
        throw new HttpError(401, ACCOUNT_MESSAGES.googleMismatch);
      }
      const profile = await ensureProfile(token.uid);
      return {
        access_token: input.firebase_token,
        user: toUser(token.uid, profile, token.admin === true),
      };
    },

    async saveApiKey(caller: Caller, apiKey: string): Promise<User> {
      const profile = await ensureProfile(caller.uid);
      await accountRepository.saveApiKey(
        caller.uid,
        seal(deps.apiKeyEncryptionKey(), apiKey, caller.uid),
      );
      return toUser(caller.uid, { ...profile, has_api_key: true }, caller.isAdmin);
    },

    async removeApiKey(caller: Caller): Promise<User> {
      const profile = await ensureProfile(caller.uid);
      await accountRepository.removeApiKey(caller.uid);
      return toUser(caller.uid, { ...profile, has_api_key: false }, caller.isAdmin);
    },

    /** The user's Google API key in clear, for calling Gemini on their behalf; null if none. */
    async readApiKey(uid: string): Promise<string | null> {
      const sealed = await accountRepository.findApiKey(uid);
      return sealed ? open(deps.apiKeyEncryptionKey(), sealed, uid) : null;
    },

    /**
     * Queues a reset e-mail whose link opens the app's /reset-password page. The answer is the
     * same whether or not the address has an account.
     */
    async requestPasswordReset(input: ForgotPasswordRequest): Promise<string> {
      const origins = deps.appOrigins();
      const requested = input.frontend_url?.replace(/\/+$/, '');
      const origin = requested && origins.includes(requested) ? requested : origins[0];
      if (!origin) throw new Error('APP_ORIGINS is not configured.');

      let link: string;
      try {
        link = await deps.auth().generatePasswordResetLink(input.email);
      } catch (error) {
        const code = firebaseErrorCode(error);
        if (code === 'auth/email-not-found' || code === 'auth/user-not-found') {
          return ACCOUNT_MESSAGES.resetRequested;
        }
        throw error;
      }
      const oobCode = new URL(link).searchParams.get('oobCode');
      if (!oobCode) throw new Error('The generated reset link has no oobCode.');

      const resetUrl = `${origin}/reset-password?oobCode=${encodeURIComponent(oobCode)}`;
      const emailHash = createHash('sha256').update(input.email).digest('hex').slice(0, 32);
      const window = Math.floor(deps.now().getTime() / RESET_MAIL_WINDOW_MS);
      await accountRepository.queueMailOnce(
        `password-reset-${emailHash}-${window}`,
        passwordResetMail(input.email, resetUrl),
      );
      return ACCOUNT_MESSAGES.resetRequested;
    },
  };
}

export type AccountsService = ReturnType<typeof accountsService>;

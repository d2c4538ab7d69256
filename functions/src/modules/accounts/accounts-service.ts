import { createHash } from 'node:crypto';
import type {
  AuthResponse,
  ForgotPasswordRequest,
  GoogleAuthRequest,
  RegisterRequest,
  ResendVerificationRequest,
  User,
} from '@coursecraft/contracts';
import type { Auth, UserRecord } from 'firebase-admin/auth';
import type { Caller } from '../../lib/caller';
import { firebaseErrorCode } from '../../lib/firebase-error';
import { HttpError } from '../../lib/http-error';
import { open, seal } from '../../lib/secret-box';
import { verifyOrReject, type IdTokenVerifier } from '../../lib/id-token';
import type { AccountRepository } from './account-repository';
import { passwordResetMail, verificationMail, welcomeMail, type MailDocument } from './mail';
import { namesFrom, toUser, type Profile } from './profile';

export const ACCOUNT_MESSAGES = {
  registered: 'Registration successful',
  emailTaken: 'An account with this email already exists.',
  invalidEmail: 'Please enter a valid email address',
  weakPassword: 'Password must be at least 8 characters',
  googleMismatch: 'The Google sign-in data does not match its token.',
  notGoogleToken: 'This token is not from a Google sign-in. Please sign in with Google again.',
  resetRequested:
    'If your email exists in our system, you will receive a password reset link shortly.',
  apiKeySaved: 'API key saved',
  apiKeyRemoved: 'API key removed',
  verificationSent: 'Verification e-mail sent. Please check your inbox.',
  verificationRecentlySent:
    'A verification e-mail was sent less than a minute ago. Please check your inbox, or try again in a minute.',
  alreadyVerified: 'Your e-mail address is already verified.',
} as const;

/**
 * One reset and one verification e-mail per address per window, so neither form can be used to
 * flood an inbox.
 */
export const MAIL_WINDOW_MS = 60_000;

export interface AccountsDependencies {
  auth: () => Auth;
  accountRepository: AccountRepository;
  verifyIdToken: IdTokenVerifier;
  apiKeyEncryptionKey: () => Buffer;
  /** The web app's origins; the first is where e-mail links point by default. */
  appOrigins: () => string[];
  now: () => Date;
}

const providersOf = (record: UserRecord) => record.providerData.map((info) => info.providerId);

/** A password account whose address nobody has proved: a later Google sign-in takes it over. */
const isUnverifiedPasswordAccount = (record: UserRecord) =>
  providersOf(record).includes('password') && !record.emailVerified;

/** A profile built from the Auth record alone (names from its display name). */
function profileFromRecord(record: UserRecord): Profile {
  const email = (record.email ?? '').toLowerCase();
  return {
    ...namesFrom(record.displayName, email),
    email,
    is_active: !record.disabled,
    has_api_key: false,
    created_at: new Date(record.metadata.creationTime),
    unverified_password_sign_up: isUnverifiedPasswordAccount(record),
  };
}

export function accountsService(deps: AccountsDependencies) {
  const { accountRepository } = deps;

  /** `requested` when it is one of the app's origins, else the first of them (if any). */
  function appOrigin(requested?: string): string | undefined {
    const origins = deps.appOrigins();
    const trimmed = requested?.replace(/\/+$/, '');
    return trimmed && origins.includes(trimmed) ? trimmed : origins[0];
  }

  /** The id of the one mail of `kind` to `email` allowed in the current window. */
  function windowMailId(kind: string, email: string): string {
    const emailHash = createHash('sha256').update(email).digest('hex').slice(0, 32);
    return `${kind}-${emailHash}-${Math.floor(deps.now().getTime() / MAIL_WINDOW_MS)}`;
  }

  /** The app's page for a Firebase action link: `{origin}{page}?oobCode=...`. */
  function appLink(firebaseLink: string, origin: string, page: string): string {
    const oobCode = new URL(firebaseLink).searchParams.get('oobCode');
    if (!oobCode) throw new Error('The generated action link has no oobCode.');
    return `${origin}${page}?oobCode=${encodeURIComponent(oobCode)}`;
  }

  /** Without a configured origin the link opens Firebase's own action page instead. */
  async function verificationMailTo(
    email: string,
    origin: string | undefined,
  ): Promise<MailDocument> {
    const link = await deps.auth().generateEmailVerificationLink(email);
    const url = origin ? appLink(link, origin, '/verify-email') : link;
    return verificationMail(email, url, deps.now());
  }

  /**
   * Firebase Auth keeps one account per address: a Google sign-in to the address of a password
   * account that never verified it takes that account over, uid included, and drops its
   * password. Whoever registered it may have planted an API key (to read the owner's requests)
   * or profile data: their sessions are revoked and the key and profile dropped. Answers a
   * custom token for the new owner, whose own session predates the revocation.
   */
  async function takeOverIfNeeded(uid: string, profile: Profile): Promise<string | undefined> {
    if (!profile.unverified_password_sign_up) return undefined;
    const record = await deps.auth().getUser(uid);
    const providers = providersOf(record);
    if (providers.includes('password')) {
      if (record.emailVerified) await accountRepository.markSignUpVerified(uid);
      return undefined;
    }
    if (!providers.includes('google.com')) return undefined;
    await deps.auth().revokeRefreshTokens(uid);
    await accountRepository.replaceProfileDroppingSecrets(uid, profileFromRecord(record));
    return deps.auth().createCustomToken(uid);
  }

  /**
   * Marks the profile when its Auth record is an unverified password account, however that
   * account was made (register, Save your progress, the client SDK). Checked when the profile or
   * key is written, not at the Google sign-in: by then Firebase has dropped the password provider.
   */
  async function markIfUnverifiedPassword(uid: string, profile: Profile): Promise<Profile> {
    if (!isUnverifiedPasswordAccount(await deps.auth().getUser(uid))) return profile;
    await accountRepository.markUnverifiedPasswordSignUp(uid);
    return { ...profile, unverified_password_sign_up: true };
  }

  /**
   * The profile of `uid`, created from the Auth record if the account has none yet. For a
   * caller whose token does not say the address is verified, an unmarked profile is checked
   * against the Auth record (the mark, once set, needs no further look-up).
   */
  async function ensureProfile(uid: string, caller?: Caller): Promise<Profile> {
    const existing = await accountRepository.findProfile(uid);
    if (existing) {
      const unchecked = caller && !caller.emailVerified && !existing.unverified_password_sign_up;
      return unchecked ? markIfUnverifiedPassword(uid, existing) : existing;
    }
    const profile = profileFromRecord(await deps.auth().getUser(uid));
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
     * Creates the Auth user, then its profile with the welcome and verification e-mails in one
     * batch; if that batch fails, the Auth user is deleted again so no half-created account remains.
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
          throw new HttpError(409, 'CONFLICT', ACCOUNT_MESSAGES.emailTaken);
        if (code === 'auth/invalid-email')
          throw new HttpError(400, 'VALIDATION', ACCOUNT_MESSAGES.invalidEmail);
        if (code === 'auth/invalid-password')
          throw new HttpError(400, 'VALIDATION', ACCOUNT_MESSAGES.weakPassword);
        throw error;
      }

      const profile: Profile = {
        first_name: input.first_name,
        last_name: input.last_name,
        email: input.email,
        is_active: true,
        has_api_key: false,
        created_at: deps.now(),
        unverified_password_sign_up: true,
      };
      try {
        const origin = appOrigin();
        await accountRepository.createProfile(uid, profile, [
          { mail: welcomeMail(input.email, input.first_name, origin) },
          {
            id: windowMailId('email-verification', input.email),
            mail: await verificationMailTo(input.email, origin),
          },
        ]);
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
      return toUser(caller.uid, await ensureProfile(caller.uid, caller), caller.isAdmin);
    },

    /** Checks the token is from a Google sign-in, then returns (creating if needed) its profile. */
    async googleSignIn(input: GoogleAuthRequest): Promise<AuthResponse> {
      const token = await verifyOrReject(deps.verifyIdToken, input.firebase_token);
      if (token.firebase?.sign_in_provider !== 'google.com') {
        throw new HttpError(401, 'UNAUTHENTICATED', ACCOUNT_MESSAGES.notGoogleToken);
      }
      if (token.uid !== input.user_data.uid) {
        throw new HttpError(401, 'UNAUTHENTICATED', ACCOUNT_MESSAGES.googleMismatch);
      }
      const existing = await ensureProfile(token.uid);
      const customToken = await takeOverIfNeeded(token.uid, existing);
      const profile = customToken ? await ensureProfile(token.uid) : existing;
      return {
        access_token: input.firebase_token,
        user: toUser(token.uid, profile, token.admin === true),
        ...(customToken ? { custom_token: customToken } : {}),
      };
    },

    /** Queues a new verification e-mail for the caller, at most one per address and window. */
    async resendVerification(caller: Caller, input: ResendVerificationRequest): Promise<string> {
      const record = await deps.auth().getUser(caller.uid);
      if (record.emailVerified)
        throw new HttpError(409, 'CONFLICT', ACCOUNT_MESSAGES.alreadyVerified);
      const email = (record.email ?? '').toLowerCase();
      const queued = await accountRepository.queueMailOnce(
        windowMailId('email-verification', email),
        await verificationMailTo(email, appOrigin(input.frontend_url)),
      );
      if (!queued)
        throw new HttpError(429, 'RATE_LIMITED', ACCOUNT_MESSAGES.verificationRecentlySent);
      return ACCOUNT_MESSAGES.verificationSent;
    },

    async saveApiKey(caller: Caller, apiKey: string): Promise<User> {
      const profile = await ensureProfile(caller.uid, caller);
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
      const origin = appOrigin(input.frontend_url);
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
      await accountRepository.queueMailOnce(
        windowMailId('password-reset', input.email),
        passwordResetMail(input.email, appLink(link, origin, '/reset-password'), deps.now()),
      );
      return ACCOUNT_MESSAGES.resetRequested;
    },
  };
}

export type AccountsService = ReturnType<typeof accountsService>;

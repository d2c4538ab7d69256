import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { Timestamp } from '../../lib/firestore/sdk';
import { db } from '../../lib/firestore/db';
import { isAlreadyExists } from '../../lib/firestore/errors';
import { mailCollection, userSecretsCollection, usersCollection } from '../../lib/firestore/paths';
import type { SealedSecret } from '../../lib/secret-box';
import type { MailDocument } from './mail';
import type { Profile } from './profile';

/** A mail to queue with a profile; `id` names its document (a random id without). */
export interface QueuedMail {
  id?: string;
  mail: MailDocument;
}

/** Where accounts live: `users/{uid}`, `user_secrets/{uid}` (never sent to clients), `mail/{id}`. */
export interface AccountRepository {
  findProfile(uid: string): Promise<Profile | null>;
  /** Creates the profile, and queues `mails` in the same batch; fails if the profile exists. */
  createProfile(uid: string, profile: Profile, mails?: QueuedMail[]): Promise<void>;
  /** Replaces the whole profile with `profile` and deletes the stored API key, in one batch. */
  replaceProfileDroppingSecrets(uid: string, profile: Profile): Promise<void>;
  /** Records that the account is a password account with an unverified address. */
  markUnverifiedPasswordSignUp(uid: string): Promise<void>;
  /** Forgets that the account signed up with an unverified password (it is verified now). */
  markSignUpVerified(uid: string): Promise<void>;
  /** Stores the sealed key and sets `has_api_key` together. */
  saveApiKey(uid: string, sealed: SealedSecret): Promise<void>;
  removeApiKey(uid: string): Promise<void>;
  findApiKey(uid: string): Promise<SealedSecret | null>;
  /** Queues `mail` under `id`; false (and nothing queued) when that id was used already. */
  queueMailOnce(id: string, mail: MailDocument): Promise<boolean>;
}

function profileFrom(snapshot: DocumentSnapshot): Profile | null {
  const data = snapshot.data();
  if (!data) return null;
  const createdAt = data.created_at;
  return {
    first_name: typeof data.first_name === 'string' ? data.first_name : '',
    last_name: typeof data.last_name === 'string' ? data.last_name : '',
    email: typeof data.email === 'string' ? data.email : '',
    is_active: data.is_active !== false,
    has_api_key: data.has_api_key === true,
    created_at: createdAt instanceof Timestamp ? createdAt.toDate() : new Date(0),
    unverified_password_sign_up: data.unverified_password_sign_up === true,
  };
}

function profileData(profile: Profile) {
  return {
    ...profile,
    created_at: Timestamp.fromDate(profile.created_at),
    updated_at: Timestamp.now(),
  };
}

function mailData({ expiresAt, ...message }: MailDocument) {
  return {
    ...message,
    created_at: Timestamp.now(),
    ...(expiresAt ? { expires_at: Timestamp.fromDate(expiresAt) } : {}),
  };
}

function isSealedSecret(value: unknown): value is SealedSecret {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.v === 'number' &&
    typeof record.iv === 'string' &&
    typeof record.tag === 'string' &&
    typeof record.ciphertext === 'string'
  );
}

const users = () => usersCollection(db());
const secrets = () => userSecretsCollection(db());
const mail = () => mailCollection(db());

export const firestoreAccountRepository: AccountRepository = {
  async findProfile(uid) {
    return profileFrom(await users().doc(uid).get());
  },

  async createProfile(uid, profile, mails = []) {
    const batch = db().batch();
    batch.create(users().doc(uid), profileData(profile));
    for (const queued of mails) {
      batch.create(queued.id ? mail().doc(queued.id) : mail().doc(), mailData(queued.mail));
    }
    await batch.commit();
  },

  async replaceProfileDroppingSecrets(uid, profile) {
    const batch = db().batch();
    batch.delete(secrets().doc(uid));
    batch.set(users().doc(uid), profileData(profile));
    await batch.commit();
  },

  async markUnverifiedPasswordSignUp(uid) {
    await users()
      .doc(uid)
      .update({ unverified_password_sign_up: true, updated_at: Timestamp.now() });
  },

  async markSignUpVerified(uid) {
    await users()
      .doc(uid)
      .update({ unverified_password_sign_up: false, updated_at: Timestamp.now() });
  },

  async saveApiKey(uid, sealed) {
    const now = Timestamp.now();
    const batch = db().batch();
    batch.set(secrets().doc(uid), { api_key: sealed, updated_at: now });
    batch.update(users().doc(uid), { has_api_key: true, updated_at: now });
    await batch.commit();
  },

  async removeApiKey(uid) {
    const now = Timestamp.now();
    const batch = db().batch();
    batch.delete(secrets().doc(uid));
    batch.update(users().doc(uid), { has_api_key: false, updated_at: now });
    await batch.commit();
  },

  async findApiKey(uid) {
    const sealed: unknown = (await secrets().doc(uid).get()).get('api_key');
    return isSealedSecret(sealed) ? sealed : null;
  },

  async queueMailOnce(id, message) {
    try {
      await mail().doc(id).create(mailData(message));
      return true;
    } catch (error) {
      if (isAlreadyExists(error)) return false;
      throw error;
    }
  },
};

import request from 'supertest';
import { adminAuth } from '../../../functions/src/lib/firebase-admin';
import { app } from './ai';
import { signIn } from './emulators';

const PASSWORD = 'correct-horse-9';

/**
 * A registered account (Auth user and profile, through the API) signed in, optionally holding
 * the admin claim, with request helpers that send its ID token.
 */
export async function person(firstName: string, { admin = false }: { admin?: boolean } = {}) {
  const email = `${firstName.toLowerCase()}-${Date.now()}@example.com`;
  const registered = await request(app)
    .post('/api/auth/register')
    .send({ email, password: PASSWORD, first_name: firstName, last_name: 'Tester' })
    .expect(201);
  const uid = registered.body.user.id as string;
  if (admin) await adminAuth().setCustomUserClaims(uid, { admin: true });
  let token = await signIn(email, PASSWORD);
  const auth = () => ({ authorization: `Bearer ${token}` });
  return {
    uid,
    email,
    name: `${firstName} Tester`,
    /** The current ID token, for requests the helpers below do not cover. */
    token: () => token,
    /** Signs in again, e.g. after the claims changed. */
    refresh: async () => {
      token = await signIn(email, PASSWORD);
    },
    get: (path: string) => request(app).get(`/api${path}`).set(auth()),
    post: (path: string, body: object = {}) =>
      request(app).post(`/api${path}`).set(auth()).send(body),
    put: (path: string, body: object = {}) =>
      request(app).put(`/api${path}`).set(auth()).send(body),
    delete: (path: string) => request(app).delete(`/api${path}`).set(auth()),
  };
}

export const visitor = {
  get: (path: string) => request(app).get(`/api${path}`),
  put: (path: string, body: object = {}) => request(app).put(`/api${path}`).send(body),
};

import { useSearchParams } from 'react-router';
import { ContentLayout } from '../../../components/layouts/ContentLayout';

export type AuthMode = 'login' | 'signup';

/** The mode named by the `mode` query parameter; anything else means login. */
export function authModeOf(params: URLSearchParams): AuthMode {
  return params.get('mode') === 'signup' ? 'signup' : 'login';
}

export function AuthPage() {
  const [params] = useSearchParams();
  return <ContentLayout title={authModeOf(params) === 'signup' ? 'Sign Up' : 'Login'} />;
}

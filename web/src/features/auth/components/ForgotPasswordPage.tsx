import { ContentLayout } from '../../../components/layouts/ContentLayout';

export function ForgotPasswordPage() {
  return <ContentLayout title="Forgot Password" />;
}

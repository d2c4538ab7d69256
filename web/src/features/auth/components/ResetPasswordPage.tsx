import { ContentLayout } from '../../../components/layouts/ContentLayout';

export function ResetPasswordPage() {
  return <ContentLayout title="Reset Password" />;
}

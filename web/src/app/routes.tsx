import Button from '@mui/material/Button';
import { lazy, Suspense, useEffect } from 'react';
import {
  Link as RouterLink,
  Navigate,
  Outlet,
  useParams,
  useRouteError,
  type RouteObject,
} from 'react-router';
import { ContentLayout } from '../components/layouts/ContentLayout';
import { MainLayout } from '../components/layouts/MainLayout';
import { PageSpinner } from '../components/ui/PageSpinner';
import { paths, routePatterns } from '../config/paths';
import { WithPageQueryClient } from '../lib/query/page-query-client';
import { loadPublishPanel, WithCourseTreeSlots } from './course-tree-slots';
import { RedirectSignedIn, RequireAdmin, RequireSession } from './route-guards';
import { useScrollToTop } from '../lib/use-scroll-to-top';

const HomePage = lazy(() =>
  import('../features/home/components/HomePage').then((m) => ({ default: m.HomePage })),
);
const AuthPage = lazy(() =>
  import('../features/auth/components/AuthPage').then((m) => ({ default: m.AuthPage })),
);
const ForgotPasswordPage = lazy(() =>
  import('../features/auth/components/ForgotPasswordPage').then((m) => ({
    default: m.ForgotPasswordPage,
  })),
);
const ResetPasswordPage = lazy(() =>
  import('../features/auth/components/ResetPasswordPage').then((m) => ({
    default: m.ResetPasswordPage,
  })),
);
const VerifyEmailPage = lazy(() =>
  import('../features/auth/components/VerifyEmailPage').then((m) => ({
    default: m.VerifyEmailPage,
  })),
);
const ProfilePage = lazy(() =>
  import('../features/profile/components/ProfilePage').then((m) => ({ default: m.ProfilePage })),
);
const CreateCoursePage = lazy(() =>
  import('../features/course-tree/courses/components/CreateCoursePage').then((m) => ({
    default: m.CreateCoursePage,
  })),
);
const CoursesPage = lazy(() =>
  import('../features/course-tree/courses/components/CoursesPage').then((m) => ({
    default: m.CoursesPage,
  })),
);
// The publishing panel, composed into the subjects screen's slot, loads with the page.
const SubjectsPage = lazy(() =>
  Promise.all([
    import('../features/course-tree/subjects/components/SubjectsPage'),
    loadPublishPanel(),
  ]).then(([m]) => ({ default: m.SubjectsPage })),
);
const AnalyticsPage = lazy(() =>
  import('../features/publishing/components/AnalyticsPage').then((m) => ({
    default: m.AnalyticsPage,
  })),
);
const PrintPage = lazy(() =>
  import('../features/print/components/PrintPage').then((m) => ({ default: m.PrintPage })),
);
const SubjectsChaptersPage = lazy(() =>
  import('../features/course-tree/subjects/components/SubjectsChaptersPage').then((m) => ({
    default: m.SubjectsChaptersPage,
  })),
);
const CourseOutlinePage = lazy(() =>
  import('../features/course-tree/outline/components/CourseOutlinePage').then((m) => ({
    default: m.CourseOutlinePage,
  })),
);
const TopicContentPage = lazy(() =>
  import('../features/course-tree/topic/components/TopicContentPage').then((m) => ({
    default: m.TopicContentPage,
  })),
);
const WriteReviewPage = lazy(() =>
  import('../features/testimonials/components/WriteReviewPage').then((m) => ({
    default: m.WriteReviewPage,
  })),
);
const AdminDashboardPage = lazy(() =>
  import('../features/admin/components/AdminDashboardPage').then((m) => ({
    default: m.AdminDashboardPage,
  })),
);
const TermsPage = lazy(() =>
  import('../features/legal/components/TermsPage').then((m) => ({ default: m.TermsPage })),
);
const PrivacyPolicyPage = lazy(() =>
  import('../features/legal/components/PrivacyPolicyPage').then((m) => ({
    default: m.PrivacyPolicyPage,
  })),
);
const ComingSoonPage = lazy(() =>
  import('../features/home/components/ComingSoonPage').then((m) => ({
    default: m.ComingSoonPage,
  })),
);

function RootLayout() {
  useScrollToTop();
  return (
    <MainLayout>
      <Suspense fallback={<PageSpinner />}>
        <WithPageQueryClient>
          <WithCourseTreeSlots>
            <Outlet />
          </WithCourseTreeSlots>
        </WithPageQueryClient>
      </Suspense>
    </MainLayout>
  );
}

/** A page that is a document of its own (the print edition): no navigation bar or footer. */
function BareLayout() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <WithPageQueryClient>
        <Outlet />
      </WithPageQueryClient>
    </Suspense>
  );
}

function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);
  return (
    <MainLayout>
      <ContentLayout title="Something went wrong">
        <Button component={RouterLink} to={paths.home} variant="contained">
          Back to Home
        </Button>
      </ContentLayout>
    </MainLayout>
  );
}

/** The chapter's topics live on the subject content page. */
function TopicsRedirect() {
  const { courseId = '', subjectId = '' } = useParams();
  return <Navigate to={paths.outline(courseId, subjectId)} replace />;
}

const toHome = <Navigate to={paths.home} replace />;

/** Every route of the app (see docs/product.md). */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: toHome },
      { path: routePatterns.home, element: <HomePage /> },
      {
        element: <RedirectSignedIn />,
        children: [{ path: routePatterns.auth, element: <AuthPage /> }],
      },
      { path: routePatterns.forgotPassword, element: <ForgotPasswordPage /> },
      { path: routePatterns.resetPassword, element: <ResetPasswordPage /> },
      { path: routePatterns.verifyEmail, element: <VerifyEmailPage /> },
      { path: routePatterns.terms, element: <TermsPage /> },
      { path: routePatterns.privacyPolicy, element: <PrivacyPolicyPage /> },
      { path: routePatterns.comingSoon, element: <ComingSoonPage /> },
      // Guarded by the page itself: a visitor first reads 'You need to log in first'.
      { path: routePatterns.profile, element: <ProfilePage /> },
      {
        element: <RequireSession />,
        children: [
          { path: routePatterns.createCourse, element: <CreateCoursePage /> },
          { path: routePatterns.courses, element: <CoursesPage /> },
          { path: routePatterns.subjects, element: <SubjectsPage /> },
          { path: routePatterns.subjectsChapters, element: <SubjectsChaptersPage /> },
          { path: routePatterns.outline, element: <CourseOutlinePage /> },
          { path: routePatterns.chapterTopics, element: <TopicsRedirect /> },
          { path: routePatterns.topicContent, element: <TopicContentPage /> },
          { path: routePatterns.analytics, element: <AnalyticsPage /> },
          { path: routePatterns.writeReview, element: <WriteReviewPage /> },
        ],
      },
      {
        element: <RequireAdmin />,
        children: [{ path: routePatterns.admin, element: <AdminDashboardPage /> }],
      },
      { path: '*', element: toHome },
    ],
  },
  {
    element: <BareLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <RequireSession />,
        children: [{ path: routePatterns.print, element: <PrintPage /> }],
      },
    ],
  },
];

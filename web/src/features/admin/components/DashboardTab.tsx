import { DASHBOARD_RECENT_COURSES, type DashboardStats } from '@coursecraft/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { QueryState } from '../../../components/ui/QueryState';
import { SpacedRow } from '../../../components/ui/SpacedRow';
import { ADMIN_LABELS, ADMIN_TEXT, displayName, formatDate } from '../admin-messages';
import { useDashboardStats } from '../api/get-dashboard-stats';
import { StatusChip } from './UserChips';

function StatCard({
  title,
  value,
  children,
}: {
  title: string;
  value: number;
  children: ReactNode;
}) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" color="text.secondary">
          {title}
        </Typography>
        <Typography variant="h4" component="p" sx={{ mb: 1 }}>
          {value}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function StatCards({
  stats,
  onReviewTestimonials,
}: {
  stats: DashboardStats;
  onReviewTestimonials: () => void;
}) {
  const { total_users: total, active_users: active } = stats;
  const activeShare = total > 0 ? Math.min(100, (active / total) * 100) : 0;
  const recentCourses = stats.recent_courses.slice(0, DASHBOARD_RECENT_COURSES);
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' },
        mb: 3,
      }}
    >
      <StatCard title="Total Users" value={total}>
        <LinearProgress
          variant="determinate"
          value={activeShare}
          aria-label={ADMIN_LABELS.activeUsers(active, total)}
          sx={{ height: 8, borderRadius: 4, mb: 1 }}
        />
        <Typography variant="body2" color="text.secondary">
          {active} active
        </Typography>
      </StatCard>
      <StatCard title="Total Courses" value={stats.total_courses}>
        {recentCourses.length > 0 ? (
          <>
            <Typography variant="body2" color="text.secondary" id="admin-recent-courses">
              Recent courses
            </Typography>
            <Box
              component="ul"
              aria-labelledby="admin-recent-courses"
              sx={{ m: 0, pl: 2.5, overflowWrap: 'anywhere' }}
            >
              {recentCourses.map((course) => (
                <li key={course.id}>
                  <Typography variant="body2">{course.name}</Typography>
                </li>
              ))}
            </Box>
          </>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {ADMIN_TEXT.noRecentCourses}
          </Typography>
        )}
      </StatCard>
      <StatCard title="Total Testimonials" value={stats.total_testimonials}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {ADMIN_LABELS.pendingCount(stats.pending_testimonials)}
        </Typography>
        <Button variant="contained" size="small" onClick={onReviewTestimonials}>
          Review Testimonials
        </Button>
      </StatCard>
    </Box>
  );
}

function RecentUsers({
  stats,
  onViewAllUsers,
}: {
  stats: DashboardStats;
  onViewAllUsers: () => void;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <SpacedRow gap={1} sx={{ mb: 1 }}>
        <Typography variant="h6" component="h2" id="admin-recent-users">
          Recent Users
        </Typography>
        <Button size="small" onClick={onViewAllUsers}>
          View All Users
        </Button>
      </SpacedRow>
      {stats.recent_users.length === 0 ? (
        <Typography color="text.secondary">{ADMIN_TEXT.noRecentUsers}</Typography>
      ) : (
        <TableContainer tabIndex={0} role="region" aria-label="Recent users table">
          <Table size="small" aria-labelledby="admin-recent-users" sx={{ minWidth: 560 }}>
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Email</TableCell>
                <TableCell>Joined</TableCell>
                <TableCell>Status</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {stats.recent_users.map((user) => (
                <TableRow key={user.id}>
                  <TableCell>{displayName(user)}</TableCell>
                  <TableCell>{user.email}</TableCell>
                  <TableCell>{formatDate(user.created_at)}</TableCell>
                  <TableCell>
                    <StatusChip isActive={user.is_active} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}

/** The Dashboard tab: user, course and testimonial counts, and the newest users. */
export function DashboardTab({
  onReviewTestimonials,
  onViewAllUsers,
}: {
  onReviewTestimonials: () => void;
  onViewAllUsers: () => void;
}) {
  const stats = useDashboardStats();
  return (
    <QueryState
      query={stats}
      failureMessage={ADMIN_TEXT.dashboardLoadFailed}
      loadingLabel={ADMIN_TEXT.loadingDashboard}
    >
      {(data) => (
        <>
          <StatCards stats={data} onReviewTestimonials={onReviewTestimonials} />
          <RecentUsers stats={data} onViewAllUsers={onViewAllUsers} />
        </>
      )}
    </QueryState>
  );
}

import type { User } from '@coursecraft/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { RetryAlert } from '../../../components/ui/RetryAlert';
import { useSession } from '../../../lib/session';
import { useBusyIds } from '../../../lib/use-busy-ids';
import { useAdminMutations, useAdminUsers } from '../admin-api';
import { ADMIN_LABELS, ADMIN_TEXT, displayName, formatDate } from '../admin-messages';
import { TabSpinner } from './TabSpinner';
import { RoleChip, StatusChip } from './UserChips';

function UserRow({
  user,
  isSelf,
  statusBusy,
  roleBusy,
  onToggleStatus,
  onToggleRole,
}: {
  user: User;
  isSelf: boolean;
  statusBusy: boolean;
  roleBusy: boolean;
  onToggleStatus: () => void;
  onToggleRole: () => void;
}) {
  const name = displayName(user);
  return (
    <TableRow>
      <TableCell>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {name}
          </Typography>
          {isSelf && <Chip size="small" variant="outlined" label="You" />}
        </Box>
      </TableCell>
      <TableCell>{user.email}</TableCell>
      <TableCell>{formatDate(user.created_at)}</TableCell>
      <TableCell>
        <StatusChip isActive={user.is_active} />
      </TableCell>
      <TableCell>
        <RoleChip isAdmin={user.is_admin} />
      </TableCell>
      <TableCell>
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button
            size="small"
            variant="outlined"
            color={user.is_active ? 'error' : 'success'}
            // An admin cannot disable their own account.
            disabled={statusBusy || (isSelf && user.is_active)}
            onClick={onToggleStatus}
            aria-label={ADMIN_LABELS.toggleStatus(user.is_active, name)}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {user.is_active ? 'Disable' : 'Enable'}
          </Button>
          <Button
            size="small"
            variant="outlined"
            color={user.is_admin ? 'error' : 'primary'}
            disabled={roleBusy}
            onClick={onToggleRole}
            aria-label={ADMIN_LABELS.toggleRole(user.is_admin, name)}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {user.is_admin ? 'Remove Admin' : 'Make Admin'}
          </Button>
        </Box>
      </TableCell>
    </TableRow>
  );
}

/** The User Management tab: every user, with enable/disable and admin-role toggles. */
export function UsersTab() {
  const uid = useSession().user?.uid;
  const users = useAdminUsers(true);
  const { setActive, setAdmin } = useAdminMutations();
  const statusBusy = useBusyIds();
  const roleBusy = useBusyIds();

  const toggleStatus = (user: User) =>
    statusBusy.run(user.id, async () => {
      try {
        await setActive.mutateAsync({ user, isActive: !user.is_active });
      } catch (error) {
        console.error(ADMIN_TEXT.statusFailed, error);
      }
    });

  const toggleRole = (user: User) => {
    if (user.is_admin && user.id === uid) {
      window.alert(ADMIN_TEXT.selfDemotionRefused);
      return;
    }
    void roleBusy.run(user.id, async () => {
      try {
        await setAdmin.mutateAsync({ user, isAdmin: !user.is_admin });
      } catch (error) {
        console.error(ADMIN_TEXT.roleFailed, error);
      }
    });
  };

  if (users.isError && !users.data) {
    return <RetryAlert message={ADMIN_TEXT.usersLoadFailed} onRetry={() => void users.refetch()} />;
  }
  if (!users.data) return <TabSpinner label={ADMIN_TEXT.loadingUsers} />;
  if (users.data.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 6 }, textAlign: 'center' }}>
        <Typography color="text.secondary">{ADMIN_TEXT.noUsers}</Typography>
      </Paper>
    );
  }
  return (
    // Focusable, so keyboard users can scroll a table wider than the screen.
    <TableContainer
      component={Paper}
      variant="outlined"
      tabIndex={0}
      role="region"
      aria-label="Users table"
    >
      <Table size="small" aria-label="Users" sx={{ minWidth: 760 }}>
        <TableHead>
          <TableRow>
            <TableCell>User</TableCell>
            <TableCell>Email</TableCell>
            <TableCell>Joined</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Role</TableCell>
            <TableCell>Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {users.data.map((user) => (
            <UserRow
              key={user.id}
              user={user}
              isSelf={user.id === uid}
              statusBusy={statusBusy.isBusy(user.id)}
              roleBusy={roleBusy.isBusy(user.id)}
              onToggleStatus={() => void toggleStatus(user)}
              onToggleRole={() => toggleRole(user)}
            />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

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
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { QueryState } from '../../../components/ui/QueryState';
import { EmptyState } from '../../../components/ui/EmptyState';
import { serverErrorOr } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import {
  ADMIN_LABELS,
  ADMIN_TEXT,
  displayName,
  formatDate,
  roleChangeText,
} from '../admin-messages';
import { useAdminUsers } from '../api/get-users';
import { useSetUserActive } from '../api/set-user-active';
import { useSetUserAdmin } from '../api/set-user-admin';
import { RoleChip, StatusChip } from './UserChips';

/**
 * Asks before granting or removing admin rights; a refusal (say, an unverified e-mail) shows the
 * server's message in the dialog.
 */
function RoleChangeDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const setAdmin = useSetUserAdmin();
  const isAdmin = !user.is_admin;
  const text = roleChangeText(isAdmin, displayName(user));
  return (
    <ConfirmDialog
      title={text.title}
      confirmLabel={text.confirm}
      busyLabel="Saving..."
      confirmColor={isAdmin ? 'primary' : 'error'}
      failureMessage={(error) => serverErrorOr(error, ADMIN_TEXT.roleFailed)}
      onClose={onClose}
      onConfirm={() => setAdmin.mutateAsync({ user, isAdmin })}
    >
      <Typography>{text.body}</Typography>
    </ConfirmDialog>
  );
}

/** One user with their toggles; each toggle is disabled while its own request runs. */
function UserRow({ user, isSelf }: { user: User; isSelf: boolean }) {
  const setActive = useSetUserActive();
  const [confirmingRole, setConfirmingRole] = useState(false);
  const name = displayName(user);

  const toggleRole = () => {
    if (user.is_admin && isSelf) {
      window.alert(ADMIN_TEXT.selfDemotionRefused);
      return;
    }
    setConfirmingRole(true);
  };

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
            disabled={setActive.isPending || (isSelf && user.is_active)}
            onClick={() => setActive.mutate({ user, isActive: !user.is_active })}
            aria-label={ADMIN_LABELS.toggleStatus(user.is_active, name)}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {user.is_active ? 'Disable' : 'Enable'}
          </Button>
          <Button
            size="small"
            variant="outlined"
            color={user.is_admin ? 'error' : 'primary'}
            onClick={toggleRole}
            aria-label={ADMIN_LABELS.toggleRole(user.is_admin, name)}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {user.is_admin ? 'Remove Admin' : 'Make Admin'}
          </Button>
        </Box>
        {confirmingRole && (
          <RoleChangeDialog user={user} onClose={() => setConfirmingRole(false)} />
        )}
      </TableCell>
    </TableRow>
  );
}

/** The User Management tab: every user, with enable/disable and admin-role toggles. */
export function UsersTab() {
  const uid = useSession().user?.uid;
  const users = useAdminUsers();
  return (
    <QueryState
      query={users}
      failureMessage={ADMIN_TEXT.usersLoadFailed}
      loadingLabel={ADMIN_TEXT.loadingUsers}
      empty={<EmptyState hint={ADMIN_TEXT.noUsers} />}
    >
      {(list) => (
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
              {list.map((user) => (
                <UserRow key={user.id} user={user} isSelf={user.id === uid} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </QueryState>
  );
}

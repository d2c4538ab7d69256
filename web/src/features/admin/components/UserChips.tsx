import Chip from '@mui/material/Chip';

/** Active or Inactive. */
export function StatusChip({ isActive }: { isActive: boolean }) {
  return (
    <Chip
      size="small"
      label={isActive ? 'Active' : 'Inactive'}
      color={isActive ? 'success' : 'default'}
      variant={isActive ? 'filled' : 'outlined'}
    />
  );
}

/** Admin or User. */
export function RoleChip({ isAdmin }: { isAdmin: boolean }) {
  return (
    <Chip
      size="small"
      label={isAdmin ? 'Admin' : 'User'}
      color={isAdmin ? 'primary' : 'default'}
      variant={isAdmin ? 'filled' : 'outlined'}
    />
  );
}

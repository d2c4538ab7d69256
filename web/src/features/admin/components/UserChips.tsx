import Chip, { type ChipProps } from '@mui/material/Chip';

/** A small chip that is filled when `on` and outlined otherwise. */
function FlagChip({ on, label, color }: { on: boolean; label: string; color: ChipProps['color'] }) {
  return (
    <Chip
      size="small"
      label={label}
      color={on ? color : 'default'}
      variant={on ? 'filled' : 'outlined'}
    />
  );
}

/** Active or Inactive. */
export function StatusChip({ isActive }: { isActive: boolean }) {
  return <FlagChip on={isActive} label={isActive ? 'Active' : 'Inactive'} color="success" />;
}

/** Admin or User. */
export function RoleChip({ isAdmin }: { isAdmin: boolean }) {
  return <FlagChip on={isAdmin} label={isAdmin ? 'Admin' : 'User'} color="primary" />;
}

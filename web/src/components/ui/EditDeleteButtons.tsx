import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import IconButton from '@mui/material/IconButton';

/** The edit and delete icons of a card or outline row, named "Edit {label}" / "Delete {label}". */
export function EditDeleteButtons({
  label,
  onEdit,
  onDelete,
}: {
  label: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <>
      <IconButton size="small" aria-label={`Edit ${label}`} onClick={onEdit}>
        <EditIcon fontSize="small" />
      </IconButton>
      <IconButton size="small" aria-label={`Delete ${label}`} onClick={onDelete}>
        <DeleteIcon fontSize="small" />
      </IconButton>
    </>
  );
}

import TextField from '@mui/material/TextField';

/** The name and 'Description (optional)' fields of creating and editing a course. */
export function CourseFields({
  nameLabel,
  name,
  description,
  onNameChange,
  onDescriptionChange,
  autoFocus = false,
}: {
  nameLabel: string;
  name: string;
  description: string;
  onNameChange: (name: string) => void;
  onDescriptionChange: (description: string) => void;
  autoFocus?: boolean;
}) {
  return (
    <>
      <TextField
        label={nameLabel}
        value={name}
        onChange={(event) => onNameChange(event.target.value)}
        autoFocus={autoFocus}
        fullWidth
      />
      <TextField
        label="Description (optional)"
        value={description}
        onChange={(event) => onDescriptionChange(event.target.value)}
        multiline
        minRows={3}
        fullWidth
      />
    </>
  );
}

import type { CourseInput } from '@coursecraft/contracts';
import { DESCRIPTION_MAX_LENGTH, OUTLINE_NAME_MAX_LENGTH } from '@coursecraft/contracts';
import type { Control } from 'react-hook-form';
import { FormTextField } from '../../../../components/form/FormTextField';

/** The name and 'Description (optional)' fields of creating and editing a course. */
export function CourseFields({
  control,
  nameLabel,
  autoFocus = false,
}: {
  control: Control<CourseInput>;
  nameLabel: string;
  autoFocus?: boolean;
}) {
  return (
    <>
      <FormTextField
        control={control}
        name="name"
        label={nameLabel}
        autoFocus={autoFocus}
        fullWidth
        slotProps={{ htmlInput: { maxLength: OUTLINE_NAME_MAX_LENGTH } }}
      />
      <FormTextField
        control={control}
        name="description"
        label="Description (optional)"
        multiline
        minRows={3}
        fullWidth
        slotProps={{ htmlInput: { maxLength: DESCRIPTION_MAX_LENGTH } }}
      />
    </>
  );
}

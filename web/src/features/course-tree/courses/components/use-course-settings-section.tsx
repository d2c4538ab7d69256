import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Typography from '@mui/material/Typography';
import {
  DEFAULT_COURSE_SETTINGS,
  courseSettingsSchema,
  type CourseSettings,
} from '@coursecraft/contracts';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { CourseSettingsFields } from '../../../../components/form/CourseSettingsFields';
import { useZodForm } from '../../../../lib/use-zod-form';

/** The course settings as validated, or null (the section opens on the first invalid field). */
export type ReadSettings = () => Promise<CourseSettings | null>;

/**
 * 'Course settings (optional)': a disclosure, closed at first, holding the settings every way of
 * creating the course sends. Submitting with an invalid setting opens it and focuses the field.
 */
export function useCourseSettingsSection() {
  const [expanded, setExpanded] = useState(false);
  const { control, handleSubmit } = useZodForm(courseSettingsSchema, {
    defaultValues: { ...DEFAULT_COURSE_SETTINGS },
  });
  const readSettings: ReadSettings = async () => {
    let settings: CourseSettings | null = null;
    await handleSubmit(
      (valid) => {
        settings = valid;
      },
      // Opened before the form focuses the first invalid field, so that field can take focus.
      () => flushSync(() => setExpanded(true)),
    )();
    return settings;
  };
  const section = (
    <Accordion
      variant="outlined"
      expanded={expanded}
      onChange={(_event, open) => setExpanded(open)}
      slotProps={{ heading: { component: 'h2' } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography variant="h6" component="span">
          Course settings (optional)
        </Typography>
      </AccordionSummary>
      <AccordionDetails>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          Gemini follows them for every level of the course and every lesson, whichever way you
          create it below. You can change them later on the course&apos;s subjects screen.
        </Typography>
        <CourseSettingsFields control={control} />
      </AccordionDetails>
    </Accordion>
  );
  return { section, readSettings };
}

import AccountTreeIcon from '@mui/icons-material/AccountTree';
import AddIcon from '@mui/icons-material/Add';
import CollectionsIcon from '@mui/icons-material/Collections';
import TuneIcon from '@mui/icons-material/Tune';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import { RegenerateWithInstructions } from '../../../../components/form/RegenerateWithInstructions';
import { GenerateButton } from '../../../../components/ui/GenerateButton';
import { paths } from '../../../../config/paths';
import { ExportMenu } from '../../export/ExportMenu';
import { GenerateWholeCourseButton } from '../../generation-job/components/GenerateWholeCourseButton';
import { subjectsFailureMessage, type SubjectsGeneration } from '../use-subjects-generation';

/**
 * The subjects screen's buttons: Add Subject, Subjects and Chapters, Course settings, Generate
 * (or Update) Subjects, Regenerate with instructions, Generate Whole Course, Export and
 * Generate Images.
 */
export function SubjectsToolbar({
  courseId,
  courseName,
  courseLoaded,
  subjectsLoaded,
  hasSubjects,
  hasApiKey,
  generation,
  onAdd,
  onSettings,
  onRegenerate,
}: {
  courseId: string;
  courseName: string;
  courseLoaded: boolean;
  subjectsLoaded: boolean;
  hasSubjects: boolean;
  hasApiKey: boolean;
  generation: SubjectsGeneration;
  onAdd: () => void;
  onSettings: () => void;
  /** Asks before the subjects are replaced. */
  onRegenerate: () => void;
}) {
  const { generating, drawingAll } = generation;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
      <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd}>
        Add Subject
      </Button>
      <Button
        variant="outlined"
        component={RouterLink}
        to={paths.subjectsChapters(courseId)}
        startIcon={<AccountTreeIcon />}
      >
        Subjects and Chapters
      </Button>
      <Button
        variant="outlined"
        startIcon={<TuneIcon />}
        disabled={!courseLoaded}
        onClick={onSettings}
      >
        Course settings
      </Button>
      {subjectsLoaded && (
        <GenerateButton
          noun="Subjects"
          exists={hasSubjects}
          busy={generating}
          variant="outlined"
          onClick={() => (hasSubjects ? onRegenerate() : void generation.generate())}
        />
      )}
      {hasSubjects && (
        <RegenerateWithInstructions
          what="subjects"
          variant="outlined"
          size="medium"
          disabled={generating}
          failureMessage={subjectsFailureMessage}
          onRegenerate={generation.regenerateWithInstructions}
        />
      )}
      <GenerateWholeCourseButton courseId={courseId} variant="outlined" />
      <ExportMenu courseId={courseId} courseName={courseName} variant="outlined" />
      {hasSubjects && hasApiKey && (
        <Button
          variant="outlined"
          startIcon={<CollectionsIcon />}
          disabled={drawingAll}
          onClick={() => void generation.generateAllImages()}
        >
          {drawingAll ? 'Generating Images...' : 'Generate Images'}
        </Button>
      )}
    </Stack>
  );
}

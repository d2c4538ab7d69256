import Button from '@mui/material/Button';
import { RegenerateWithInstructions } from '../../../../components/form/RegenerateWithInstructions';
import { GenerateButton } from '../../../../components/ui/GenerateButton';

/**
 * A subject's or a chapter's buttons for the level below it: View (when there is something to
 * see), Generate (Update once it exists) and Regenerate with instructions, all described by the
 * row's name and disabled while that level is being generated.
 */
export function LevelRowActions({
  describedBy,
  noun,
  what,
  exists,
  canView,
  chosen,
  busy,
  updateLabel,
  failureMessage,
  onView,
  onGenerate,
  onRegenerate,
}: {
  describedBy: string;
  /** The level below, capitalised: 'Chapters', 'Topics'. */
  noun: string;
  /** What Regenerate with instructions replaces, e.g. 'topics of Basics'. */
  what: string;
  exists: boolean;
  canView: boolean;
  chosen: boolean;
  busy: boolean;
  updateLabel?: string;
  failureMessage: (failure: Error) => string;
  onView: () => void;
  onGenerate: () => void;
  onRegenerate: (instructions: string) => Promise<unknown>;
}) {
  return (
    <>
      {canView && (
        <Button
          size="small"
          variant={chosen ? 'contained' : 'outlined'}
          aria-describedby={describedBy}
          disabled={busy}
          onClick={onView}
        >
          {`View ${noun}`}
        </Button>
      )}
      <GenerateButton
        noun={noun}
        exists={exists}
        updateLabel={updateLabel}
        busy={busy}
        size="small"
        aria-describedby={describedBy}
        onClick={onGenerate}
      />
      {exists && (
        <RegenerateWithInstructions
          what={what}
          disabled={busy}
          failureMessage={failureMessage}
          onRegenerate={onRegenerate}
        />
      )}
    </>
  );
}

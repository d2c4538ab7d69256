import { SOURCE_MESSAGES } from '@coursecraft/contracts';
import LibraryBooksIcon from '@mui/icons-material/LibraryBooks';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import { useLocation, useSearchParams } from 'react-router';
import type { SubjectsScreenActions } from '../../course-tree';
import { sourcesPanelRefusals } from '../sources-panel-link';
import { SourcesPanel } from './SourcesPanel';

/**
 * Sources on the subjects screen: opens the course's sources in a panel on the right (the whole
 * screen on a phone). The panel is open while the address has `?sources=open`, so a link can land
 * with it open.
 */
export function SourcesButton({
  courseId,
  actions,
}: {
  courseId: string;
  actions: SubjectsScreenActions;
}) {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const open = params.get('sources') === 'open';
  const setOpen = (next: boolean) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next) updated.set('sources', 'open');
        else updated.delete('sources');
        return updated;
      },
      { replace: !next },
    );

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<LibraryBooksIcon />}
        aria-expanded={open}
        onClick={() => setOpen(true)}
        sx={{ mb: 2 }}
      >
        {SOURCE_MESSAGES.sources}
      </Button>
      <Drawer
        anchor="right"
        open={open}
        onClose={() => setOpen(false)}
        slotProps={{ paper: { sx: { width: { xs: '100%', sm: 480 } } } }}
      >
        {open && (
          <SourcesPanel
            courseId={courseId}
            generateSubjects={actions.generateSubjects}
            generatingSubjects={actions.generatingSubjects}
            initialRefusals={sourcesPanelRefusals(location.state)}
            onClose={() => setOpen(false)}
          />
        )}
      </Drawer>
    </>
  );
}

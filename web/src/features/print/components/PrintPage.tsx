import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PrintIcon from '@mui/icons-material/Print';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useTheme } from '@mui/material/styles';
import { useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { QueryState } from '../../../components/ui/QueryState';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCourseTree } from '../../course-tree';
import { PRINT_TEXT } from '../print-messages';
import { usePrintReady } from '../use-print-ready';
import { PrintDocument } from './PrintDocument';

/**
 * Paper margins, and a plain white sheet behind the document. A `<style>` element rather than
 * MUI's GlobalStyles, which would split a chunk off the landing page's bundle.
 */
function PrintStyles() {
  const { palette } = useTheme();
  const sheet = `@page { margin: 18mm 16mm; }
@media print { body { background-color: ${palette.common.white}; color: ${palette.common.black}; } }`;
  return <style>{sheet}</style>;
}

/**
 * The print edition of a course (/courses/:courseId/print): the whole course as one document to
 * print or save as PDF, in a bare layout with no navigation. Its root carries
 * `data-print-ready="true"` once every lesson, diagram, image and font is drawn.
 */
export function PrintPage() {
  const { courseId = '' } = useParams();
  const tree = useCourseTree(courseId);
  const root = useRef<HTMLDivElement>(null);
  const [answers, setAnswers] = useState(false);
  const ready = usePrintReady(root, tree.data !== undefined);
  useDocumentTitle(tree.data && PRINT_TEXT.documentTitle(tree.data.course.name));

  return (
    <Box
      ref={root}
      data-print-ready={ready}
      sx={{ minHeight: '100vh', bgcolor: 'background.paper', color: 'text.primary' }}
    >
      <PrintStyles />
      <Container
        maxWidth="md"
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1,
          justifyContent: 'space-between',
          py: 2,
          displayPrint: 'none',
        }}
      >
        <Button
          component={RouterLink}
          to={paths.subjects(courseId)}
          startIcon={<ArrowBackIcon />}
          size="small"
        >
          {PRINT_TEXT.backToCourse}
        </Button>
        <FormControlLabel
          control={
            <Switch checked={answers} onChange={(event) => setAnswers(event.target.checked)} />
          }
          label={PRINT_TEXT.includeAnswers}
          sx={{ ml: 'auto' }}
        />
        <Button
          variant="contained"
          startIcon={<PrintIcon />}
          disabled={!ready}
          onClick={() => window.print()}
        >
          {PRINT_TEXT.print}
        </Button>
      </Container>
      <Container
        component="main"
        maxWidth="md"
        sx={{
          pb: 8,
          '@media print': { p: 0, maxWidth: 'none', color: 'common.black' },
        }}
      >
        <QueryState
          query={tree}
          failureMessage={PRINT_TEXT.loadFailed}
          loadingLabel={PRINT_TEXT.loading}
        >
          {(data) => <PrintDocument tree={data} answers={answers} />}
        </QueryState>
      </Container>
    </Box>
  );
}

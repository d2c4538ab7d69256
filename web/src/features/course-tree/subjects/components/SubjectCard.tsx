import type { Subject } from '@coursecraft/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { CardImage, type ImageAction } from '../../../../components/ui/CardImage';
import { EditDeleteButtons } from '../../../../components/ui/EditDeleteButtons';
import { MoreActionsMenu, type MenuAction } from '../../../../components/ui/MoreActionsMenu';
import { paths } from '../../../../config/paths';

/**
 * One subject: cover, drag handle, name, description, edit and delete icons, More actions, and
 * View Content.
 */
export function SubjectCard({
  courseId,
  subject,
  onEdit,
  onDelete,
  imageAction,
  dragHandle,
  moreActions,
}: {
  courseId: string;
  subject: Subject;
  /** The cover's generate button; absent without an API key. */
  imageAction?: ImageAction | undefined;
  onEdit: () => void;
  onDelete: () => void;
  dragHandle: ReactNode;
  moreActions: MenuAction[];
}) {
  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardImage url={subject.image_url} height={140} action={imageAction} />
      <CardContent sx={{ flexGrow: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}>
          <Box sx={{ ml: -1 }}>{dragHandle}</Box>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}>
            {subject.name}
          </Typography>
          <EditDeleteButtons label={subject.name} onEdit={onEdit} onDelete={onDelete} />
          <MoreActionsMenu label={subject.name} actions={moreActions} />
        </Box>
        {subject.description && (
          <Typography color="text.secondary" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
            {subject.description}
          </Typography>
        )}
      </CardContent>
      <CardActions>
        <Button
          variant="contained"
          size="small"
          component={RouterLink}
          to={paths.outline(courseId, subject.id)}
        >
          View Content
        </Button>
      </CardActions>
    </Card>
  );
}

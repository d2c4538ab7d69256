import Box from '@mui/material/Box';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useId, type ReactNode } from 'react';
import { useSortableItem } from '../../../../components/sortable/use-sortable-item';
import { MoreActionsMenu, type MenuAction } from '../../../../components/ui/MoreActionsMenu';

/**
 * One row of a sortable list: its drag handle, its name, its buttons and its More actions,
 * marked when it is the chosen one. The buttons are described by the row's name, so 'View
 * Topics' says which chapter it opens.
 */
export function LevelRow({
  id,
  name,
  chosen = false,
  moreActions,
  actions,
  children,
}: {
  id: string;
  name: string;
  chosen?: boolean;
  moreActions: MenuAction[];
  actions?: (describedBy: string) => ReactNode;
  /** Replaces the plain name (a link to the topic's lesson). */
  children?: ReactNode;
}) {
  const nameId = useId();
  const { setNodeRef, style, dragging, handle } = useSortableItem({
    id,
    data: { kind: 'item', name },
  });
  return (
    <ListItem
      ref={setNodeRef}
      style={style}
      divider
      disablePadding={children !== undefined}
      sx={{
        gap: 1,
        pl: 0.5,
        flexWrap: 'wrap',
        bgcolor: chosen || dragging ? 'action.selected' : undefined,
      }}
      aria-current={chosen ? 'true' : undefined}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', flex: '1 1 12rem', minWidth: 0 }}>
        {handle}
        {children ?? (
          <ListItemText
            primary={name}
            slotProps={{ primary: { id: nameId } }}
            sx={{ overflowWrap: 'anywhere', minWidth: 0, ml: 0.5 }}
          />
        )}
        <MoreActionsMenu label={name} actions={moreActions} />
      </Box>
      {actions && <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>{actions(nameId)}</Box>}
    </ListItem>
  );
}

import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';

const SIDEBAR_WIDTH = 320;

/**
 * The outline's two columns: the sidebar beside the main section, or, on a narrow screen, above
 * it and shown or hidden by a button.
 */
export function OutlineLayout({
  sidebarId,
  narrow,
  sidebarOpen,
  onToggleSidebar,
  sidebar,
  children,
}: {
  sidebarId: string;
  narrow: boolean;
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
  sidebar: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', md: 'row' },
        gap: { xs: 2, md: 3 },
        alignItems: 'flex-start',
      }}
    >
      {narrow && (
        <Button
          variant="outlined"
          startIcon={<MenuOpenIcon />}
          aria-expanded={sidebarOpen}
          aria-controls={sidebarId}
          onClick={onToggleSidebar}
        >
          {sidebarOpen ? 'Hide Course Outline' : 'Show Course Outline'}
        </Button>
      )}
      {(!narrow || sidebarOpen) && (
        <Box sx={{ width: { xs: '100%', md: SIDEBAR_WIDTH }, flexShrink: 0 }}>{sidebar}</Box>
      )}
      <Box component="section" sx={{ flexGrow: 1, minWidth: 0, width: '100%' }}>
        {children}
      </Box>
    </Box>
  );
}

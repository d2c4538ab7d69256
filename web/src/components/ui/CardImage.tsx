import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import Box from '@mui/material/Box';
import CardMedia from '@mui/material/CardMedia';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';

/** Asks Gemini for a new cover; a spinner while it draws. */
export interface ImageAction {
  /** The button's accessible name, e.g. "Generate image for Algebra". */
  label: string;
  busy: boolean;
  onGenerate: () => void;
}

function Placeholder({ height }: { height: number }) {
  return (
    <Box
      aria-hidden
      sx={{
        height,
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'action.hover',
        color: 'text.secondary',
      }}
    >
      <MenuBookIcon sx={{ fontSize: height / 3 }} />
    </Box>
  );
}

/**
 * A card's cover image, or a book placeholder when there is none yet (or it fails to load), with
 * an optional generate-image button in its corner.
 */
export function CardImage({
  url,
  height,
  action,
}: {
  url: string | null;
  height: number;
  action?: ImageAction | undefined;
}) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const showImage = url !== null && url !== failedUrl;
  return (
    <Box sx={{ position: 'relative' }}>
      {showImage ? (
        <CardMedia
          component="img"
          height={height}
          image={url}
          alt=""
          onError={() => setFailedUrl(url)}
          sx={{ objectFit: 'cover' }}
        />
      ) : (
        <Placeholder height={height} />
      )}
      {action && (
        <Tooltip title={action.busy ? 'Generating image...' : 'Generate image'}>
          <span style={{ position: 'absolute', top: 8, right: 8 }}>
            <IconButton
              aria-label={action.label}
              aria-busy={action.busy}
              disabled={action.busy}
              onClick={action.onGenerate}
              size="small"
              sx={{
                bgcolor: 'background.paper',
                boxShadow: 1,
                '&:hover': { bgcolor: 'background.paper' },
                '&.Mui-disabled': { bgcolor: 'background.paper' },
              }}
            >
              {action.busy ? (
                <CircularProgress size={20} aria-hidden />
              ) : (
                <AddPhotoAlternateIcon fontSize="small" />
              )}
            </IconButton>
          </span>
        </Tooltip>
      )}
    </Box>
  );
}

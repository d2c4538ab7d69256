import MenuBookIcon from '@mui/icons-material/MenuBook';
import Box from '@mui/material/Box';
import CardMedia from '@mui/material/CardMedia';

/** A card's cover image, or a book placeholder when there is none yet. */
export function CardImage({ url, height }: { url: string | null; height: number }) {
  if (url) return <CardMedia component="img" height={height} image={url} alt="" />;
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

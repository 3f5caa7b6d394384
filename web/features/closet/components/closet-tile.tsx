import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/**
 * One button of the occasion or category grid: a picture (or an icon while there is none),
 * the name and how much of the closet is behind it.
 */
export function ClosetTile({
  to,
  name,
  count,
  picture,
  muted = false,
}: {
  to: string;
  name: string;
  /** "2 outfits", "5 pieces". */
  count: string;
  picture: ReactNode;
  muted?: boolean;
}) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardActionArea
        component={RouterLink}
        to={to}
        aria-label={`${name}, ${count}`}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        <Box sx={{ position: 'relative', opacity: muted ? 0.75 : 1 }}>{picture}</Box>
        <Box sx={{ px: 1.75, py: 1.25, flex: 1 }}>
          <Typography variant="h4" component="h2" sx={{ fontSize: { xs: '1.1rem', sm: '1.3rem' } }}>
            {name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {count}
          </Typography>
        </Box>
      </CardActionArea>
    </Card>
  );
}

/** What a tile shows before the shopper owns anything behind it. */
export function TilePlaceholder({ icon, ratio }: { icon: ReactNode; ratio: string }) {
  return (
    <Box
      sx={{
        aspectRatio: ratio,
        display: 'grid',
        placeItems: 'center',
        color: '#b9ad9c',
        background: 'linear-gradient(160deg, #f4efe7 0%, #ebe3d7 100%)',
        '& svg': { fontSize: 44 },
      }}
    >
      {icon}
    </Box>
  );
}

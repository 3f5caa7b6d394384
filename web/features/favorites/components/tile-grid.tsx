import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** One button of an occasion or category grid: a picture, the name and what is behind it. */
export function Tile({
  to,
  name,
  detail,
  picture,
  muted = false,
}: {
  to: string;
  name: string;
  /** "2 outfits", "No pieces yet". */
  detail: string;
  picture: ReactNode;
  muted?: boolean;
}) {
  return (
    <li>
      <Card sx={{ height: '100%' }}>
        <CardActionArea
          component={RouterLink}
          to={to}
          aria-label={`${name}, ${detail}`}
          sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
        >
          <Box sx={{ opacity: muted ? 0.8 : 1 }}>{picture}</Box>
          <Box sx={{ px: 1.75, py: 1.25, flex: 1 }}>
            <Typography
              variant="h4"
              component="h2"
              sx={{ fontSize: { xs: '1.15rem', sm: '1.3rem' } }}
            >
              {name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {detail}
            </Typography>
          </Box>
        </CardActionArea>
      </Card>
    </li>
  );
}

/** Pictures laid side by side as one flat-lay; decorative, the tile's text names it. */
export function FlatLay({ images }: { images: readonly string[] }) {
  return (
    <Box
      aria-hidden
      sx={{
        display: 'grid',
        gridTemplateColumns: images.length > 1 ? '3fr 2fr' : '1fr',
        gridTemplateRows: images.length > 2 ? '1fr 1fr' : '1fr',
        gap: '2px',
        aspectRatio: '4 / 3',
        bgcolor: '#efe8dd',
      }}
    >
      {images.map((src, i) => (
        <Box
          key={src}
          component="img"
          src={src}
          alt=""
          loading="lazy"
          sx={{
            width: '100%',
            height: '100%',
            objectFit: 'cover',
            display: 'block',
            minHeight: 0,
            gridRow: i === 0 && images.length > 2 ? '1 / span 2' : undefined,
          }}
        />
      ))}
    </Box>
  );
}

import Box from '@mui/material/Box';
import type { ClosetSummaryPiece } from '../../../../contracts/closet';

const PAPER = '#f1ece4';

/**
 * A flat-lay of an outfit's five pictures: the first (outerwear) large on the left, the other
 * four in a 2×2 beside it. Pictures show the shopper's own variant of each piece.
 */
export function OutfitMosaic({
  images,
  label,
  rounded = true,
}: {
  /** In slot order; at most five are shown. */
  images: readonly { src: string; alt: string }[];
  /** Names the whole picture for screen readers; the tiles are then decorative. */
  label?: string;
  rounded?: boolean;
}) {
  const [hero, ...rest] = images;
  return (
    <Box
      role={label ? 'img' : undefined}
      aria-label={label}
      sx={{
        display: 'grid',
        gridTemplateColumns: '2fr 1fr 1fr',
        gridTemplateRows: '1fr 1fr',
        gap: '3px',
        aspectRatio: '8 / 5',
        bgcolor: PAPER,
        borderRadius: rounded ? '18px' : 0,
        overflow: 'hidden',
      }}
    >
      {hero && <Tile {...hero} decorative={Boolean(label)} sx={{ gridRow: '1 / span 2' }} />}
      {rest.slice(0, 4).map((image, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: each position in the flat-lay is fixed
        <Tile key={`${image.src}-${i}`} {...image} decorative={Boolean(label)} />
      ))}
    </Box>
  );
}

function Tile({
  src,
  alt,
  decorative,
  sx,
}: {
  src: string;
  alt: string;
  decorative: boolean;
  sx?: object;
}) {
  return (
    <Box
      component="img"
      src={src}
      alt={decorative ? '' : alt}
      loading="lazy"
      sx={{
        width: '100%',
        height: '100%',
        minHeight: 0,
        objectFit: 'cover',
        display: 'block',
        bgcolor: PAPER,
        ...sx,
      }}
    />
  );
}

/** The owned variant's picture for each piece, in slot order. */
export function ownedImages(pieces: readonly Pick<ClosetSummaryPiece, 'name' | 'img' | 'color'>[]) {
  return pieces.map((p) => ({ src: p.img, alt: `${p.name} in ${p.color}` }));
}

import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { ClosetOutfit, ClosetOutfitItem, ClosetOwned } from '../../../../contracts/closet';
import { ZOOMED_PHONE } from '../../../lib/zoomed';
import { categoryPath, formatDay, occasionPath, SLOT_LABEL } from './format';
import { OutfitMosaic, ownedImages } from './outfit-mosaic';

/** One closet outfit: the look from the shopper's own pieces, then each piece in turn. */
export function ClosetOutfitDetails({ outfit }: { outfit: ClosetOutfit }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: { xs: 2.5, md: 4 },
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1.1fr) minmax(0, 1fr)' },
        alignItems: 'start',
      }}
    >
      <Box sx={{ position: { md: 'sticky' }, top: { md: 80 } }}>
        <OutfitMosaic
          images={ownedImages(outfit.items.map(({ name, owned }) => ({ ...owned, name })))}
          label={`${outfit.name}: ${outfit.items.map((i) => i.name).join(', ')}`}
        />
        <Stack direction="row" sx={{ mt: 1.5, gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Chip
            component={RouterLink}
            to={occasionPath(outfit.occasion)}
            clickable
            label={outfit.occasion}
            size="small"
            sx={{ fontWeight: 600 }}
          />
          <Typography variant="body2" color="text.secondary">
            Complete since {formatDay(outfit.completedAt)}
          </Typography>
        </Stack>
        {outfit.description && (
          <Typography sx={{ mt: 1.5, color: 'text.secondary', maxWidth: 560 }}>
            {outfit.description}
          </Typography>
        )}
      </Box>
      <Box component="section" aria-labelledby="closet-pieces-heading">
        <Typography id="closet-pieces-heading" variant="h3" component="h2" sx={{ mb: 1.5 }}>
          The five pieces
        </Typography>
        <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0, gap: 1.25 }}>
          {outfit.items.map((piece) => (
            <PieceRow key={piece.slot} piece={piece} />
          ))}
        </Stack>
      </Box>
    </Box>
  );
}

function PieceRow({ piece }: { piece: ClosetOutfitItem }) {
  const { owned } = piece;
  const sameVariant = owned.id === piece.id;
  return (
    <Box
      component="li"
      sx={{
        display: 'grid',
        gridTemplateColumns: '84px minmax(0, 1fr)',
        [ZOOMED_PHONE]: { gridTemplateColumns: 'minmax(0, 1fr)' },
        gap: 1.75,
        p: 1.25,
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        borderRadius: '16px',
      }}
    >
      <Box
        component="img"
        src={owned.img}
        alt={`${piece.name} in ${owned.color}`}
        sx={{
          width: 84,
          aspectRatio: '4 / 5',
          objectFit: 'cover',
          borderRadius: '10px',
          display: 'block',
        }}
      />
      <Box sx={{ minWidth: 0, alignSelf: 'center' }}>
        <Typography
          variant="overline"
          component="p"
          sx={{ color: 'secondary.main', lineHeight: 1.6, fontSize: '0.66rem' }}
        >
          {SLOT_LABEL[piece.slot]}
        </Typography>
        <Typography component="h3" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
          {piece.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Yours in {describeVariant(owned)}
        </Typography>
        {piece.alsoOwned.length > 0 && (
          <Typography variant="body2" color="text.secondary">
            Also yours in {piece.alsoOwned.map(describeVariant).join(', ')}
          </Typography>
        )}
        {!sameVariant && (
          <Typography variant="body2" color="text.secondary">
            Styled here in {piece.color} · {piece.size}
          </Typography>
        )}
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.25 }}>
          Bought {formatDay(owned.lastBoughtAt)} ·{' '}
          <Link component={RouterLink} to={categoryPath(piece.category)} color="inherit">
            All your {piece.category.toLowerCase()}
          </Link>
        </Typography>
      </Box>
    </Box>
  );
}

/** A variant owned as the row says it: "Ivory · L", and "· ×2" for more than one. */
function describeVariant({ color, size, quantity }: ClosetOwned): string {
  return `${color} · ${size}${quantity > 1 ? ` · ×${quantity}` : ''}`;
}

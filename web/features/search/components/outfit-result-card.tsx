import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatCents } from '../../../../contracts/money';
import type { OutfitSearchResult } from '../../../../contracts/search';
import { HeartButton } from '../../../components/heart-button';
import { UnfavoriteOutfitDialog } from '../../../components/unfavorite-outfit-dialog';
import { messageOf } from '../../../lib/error-message';
import { useNotify } from '../../../lib/notify';
import { PurchaseOutfitButton } from '../../cart/components/purchase-outfit-button';
import { useOpenProduct } from '../../catalog/components/product-sheet-provider';
import { useFavoriteOutfit } from '../api/favorite-outfit';
import { useUnfavoriteOutfit } from '../api/unfavorite-outfit';

/**
 * An outfit found by search: its five pieces as a flat-lay (each opens its piece), name, occasion
 * and total, Purchase Outfit, and a heart that favorites it (as a right swipe) or, after a
 * warning, takes it back.
 */
export function OutfitResultCard({ outfit }: { outfit: OutfitSearchResult }) {
  const favorite = useFavoriteOutfit();
  const unfavorite = useUnfavoriteOutfit();
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  const busy = favorite.isPending || unfavorite.isPending;
  const total = outfit.items.reduce((sum, piece) => sum + piece.priceCents, 0);
  const openProduct = useOpenProduct();

  const onError = (error: unknown) =>
    notify(messageOf(error, 'That did not save. Try again.'), 'error');

  function toggle() {
    if (outfit.favorite) setConfirming(true);
    else
      favorite.mutate(outfit.id, {
        onSuccess: () => notify(`“${outfit.name}” and its pieces are in your faves`, 'success'),
        onError,
      });
  }

  return (
    <Card
      component="article"
      aria-labelledby={`found-outfit-${outfit.id}`}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <Box sx={{ position: 'relative' }}>
        <Box
          role="group"
          aria-label={`Pieces of ${outfit.name}`}
          sx={{
            display: 'grid',
            gridTemplateColumns: '2fr 1fr 1fr',
            gridTemplateRows: '1fr 1fr',
            gap: '2px',
            aspectRatio: '8 / 5',
            bgcolor: '#efe8dd',
          }}
        >
          {/* The first piece fills the left column, the other four the grid beside it. */}
          {outfit.items.map((piece, index) => (
            <ButtonBase
              key={piece.slot}
              focusRipple
              aria-label={`View ${piece.name} in ${piece.color}, ${piece.price}`}
              onClick={() => openProduct(piece.id)}
              sx={{
                gridRow: index === 0 ? '1 / span 2' : undefined,
                minHeight: 0,
                minWidth: 0,
                '&.Mui-focusVisible': { outline: '3px solid', outlineOffset: -3 },
              }}
            >
              <Box
                component="img"
                src={piece.img}
                alt=""
                loading="lazy"
                sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
              />
            </ButtonBase>
          ))}
        </Box>
        <Box sx={{ position: 'absolute', top: 8, right: 8 }}>
          <HeartButton
            favorite={outfit.favorite}
            label={outfit.name}
            busy={busy}
            onToggle={toggle}
          />
        </Box>
      </Box>
      <Stack sx={{ p: 1.75, gap: 0.75, flex: 1 }}>
        <Typography
          id={`found-outfit-${outfit.id}`}
          variant="h4"
          component="h2"
          sx={{ fontSize: '1.25rem' }}
        >
          {outfit.name}
        </Typography>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
        >
          {outfit.description}
        </Typography>
        <Stack
          direction="row"
          sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mt: 'auto', pt: 0.5 }}
        >
          <Chip label={outfit.occasion} size="small" variant="outlined" />
          <Typography variant="body2" sx={{ fontWeight: 700, ml: 'auto' }}>
            {formatCents(total)}
          </Typography>
        </Stack>
        <PurchaseOutfitButton outfitId={outfit.id} outfitName={outfit.name} fullWidth />
      </Stack>
      <UnfavoriteOutfitDialog
        outfitName={outfit.name}
        open={confirming}
        busy={unfavorite.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          unfavorite.mutate(outfit.id, {
            onSuccess: () => {
              setConfirming(false);
              notify(`“${outfit.name}” is no longer a favorite`, 'success');
            },
            onError,
          })
        }
      />
    </Card>
  );
}

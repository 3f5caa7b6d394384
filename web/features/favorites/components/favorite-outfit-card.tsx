import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { FavoriteOutfit, FavoriteOutfitPiece } from '../../../../contracts/favorites';
import { formatCents } from '../../../../contracts/money';
import { HeartButton } from '../../../components/heart-button';
import { UnfavoriteOutfitDialog } from '../../../components/unfavorite-outfit-dialog';
import { messageOf } from '../../../lib/error-message';
import { useNotify } from '../../../lib/notify';
import { SLOT_LABEL } from '../../../lib/slot-label';
import { useUnfavoriteOutfit } from '../api/unfavorite-outfit';

/**
 * A favorite outfit: its name and occasion, its five pieces (each opening the piece's detail),
 * a filled heart that takes it out of the favorites after a warning, and room for an action
 * such as Purchase Outfit.
 */
export function FavoriteOutfitCard({
  outfit,
  action,
}: {
  outfit: FavoriteOutfit;
  /** Filled by the page, e.g. with the cart's Purchase Outfit button. */
  action?: ReactNode;
}) {
  const [confirming, setConfirming] = useState(false);
  const unfavorite = useUnfavoriteOutfit();
  const notify = useNotify();

  const card = useRef<HTMLElement>(null);
  // A removed outfit's card, and the heart the dialog would give focus back to, leave the list
  // when it reloads: focus goes on to a neighbour as the card goes.
  const focusAfter = useRef<HTMLElement | null>(null);
  const [leaving, setLeaving] = useState(false);
  useLayoutEffect(() => () => focusAfter.current?.focus(), []);

  function remove() {
    focusAfter.current = neighbourOf(card.current);
    setLeaving(true);
    unfavorite.mutate(outfit.id, {
      onSuccess: () => {
        setConfirming(false);
        notify(`“${outfit.name}” is no longer a favorite`, 'success');
      },
      onError: (error) => {
        // It stays: the dialog keeps the focus, and gives it back to the heart when closed.
        focusAfter.current = null;
        setLeaving(false);
        notify(messageOf(error, 'That did not work. Try again.'), 'error');
      },
    });
  }

  return (
    <Card
      ref={card}
      component="article"
      tabIndex={-1}
      aria-labelledby={`outfit-${outfit.id}-name`}
      sx={{ p: { xs: 1.5, sm: 2 } }}
    >
      <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1, mb: 1.5 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography
            id={`outfit-${outfit.id}-name`}
            variant="h4"
            component="h2"
            sx={{ fontSize: { xs: '1.25rem', sm: '1.4rem' } }}
          >
            {outfit.name}
          </Typography>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', mt: 0.5, flexWrap: 'wrap' }}>
            <Chip label={outfit.occasion} size="small" variant="outlined" />
            <Typography variant="body2" color="text.secondary">
              {formatTotal(outfit.items)}
            </Typography>
          </Stack>
        </Box>
        <HeartButton
          favorite
          label={outfit.name}
          busy={unfavorite.isPending}
          onToggle={() => setConfirming(true)}
        />
      </Stack>
      {outfit.description && (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{
            mb: 1.5,
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
        >
          {outfit.description}
        </Typography>
      )}
      <Box
        component="ul"
        aria-label={`Pieces of ${outfit.name}`}
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          // In em of the caption: five in a row while "Accessory" fits under each, fewer when
          // zoomed or at a large text size, so a label wraps to the next row, never cut short.
          fontSize: (theme) => theme.typography.caption.fontSize,
          gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 5.1em), 1fr))',
          gap: { xs: 0.75, sm: 1 },
        }}
      >
        {outfit.items.map((piece) => (
          <li key={piece.slot}>
            <Piece piece={piece} outfit={outfit} />
          </li>
        ))}
      </Box>
      {action && <Box sx={{ mt: 2, display: 'flex', justifyContent: 'flex-end' }}>{action}</Box>}
      <UnfavoriteOutfitDialog
        outfitName={outfit.name}
        open={confirming}
        busy={unfavorite.isPending}
        restoreFocus={!leaving}
        onCancel={() => setConfirming(false)}
        onConfirm={remove}
      />
    </Card>
  );
}

/** The next card in the list, else the one before, else the page's heading. */
function neighbourOf(card: HTMLElement | null): HTMLElement | null {
  const item = card?.closest('li');
  const neighbour = item?.nextElementSibling ?? item?.previousElementSibling;
  return neighbour?.querySelector('article') ?? document.querySelector('h1');
}

function formatTotal(pieces: readonly FavoriteOutfitPiece[]): string {
  const cents = pieces.reduce((sum, p) => sum + p.priceCents, 0);
  return `${pieces.length} pieces · ${formatCents(cents)}`;
}

function Piece({ piece, outfit }: { piece: FavoriteOutfitPiece; outfit: FavoriteOutfit }) {
  const picture = (
    <Box sx={{ position: 'relative', width: '100%' }}>
      <Box
        component="img"
        src={piece.img}
        alt=""
        loading="lazy"
        sx={{
          width: '100%',
          aspectRatio: '4 / 5',
          objectFit: 'cover',
          display: 'block',
          borderRadius: '10px',
          bgcolor: '#efe8dd',
          opacity: piece.favorite ? 1 : 0.45,
        }}
      />
      {piece.favorite && piece.favorite.quantity !== 1 && (
        <Box
          aria-hidden
          sx={{
            position: 'absolute',
            top: 4,
            right: 4,
            px: 0.75,
            borderRadius: 999,
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            fontSize: '0.7rem',
            fontWeight: 700,
            lineHeight: '18px',
          }}
        >
          ×{piece.favorite.quantity}
        </Box>
      )}
    </Box>
  );
  const caption = (
    <Typography
      variant="caption"
      sx={{
        display: 'block',
        mt: 0.5,
        lineHeight: 1.25,
        color: 'text.secondary',
        textAlign: 'left',
        // One line: "Accessory" broke mid-word in a phone's fifth of a card; the grid gives it room.
        letterSpacing: 0,
        whiteSpace: 'nowrap',
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        width: '100%',
      }}
    >
      {SLOT_LABEL[piece.slot]}
    </Typography>
  );
  const description = `${SLOT_LABEL[piece.slot]}: ${piece.name}, ${piece.color}, size ${piece.size}, ${piece.price}`;
  if (!piece.favorite) {
    return (
      <Box role="img" aria-label={`${description} (no longer in your faves)`}>
        {picture}
        {caption}
      </Box>
    );
  }
  return (
    <ButtonBase
      component={RouterLink}
      to={`/favorites/outfits/${outfit.occasionId}/${outfit.id}/${piece.id}`}
      aria-label={`${description}${piece.favorite.quantity !== 1 ? `, quantity ${piece.favorite.quantity}` : ''}`}
      sx={{
        display: 'block',
        width: '100%',
        borderRadius: '10px',
        '&:hover img': { transform: 'scale(1.02)' },
        '& img': { transition: 'transform 160ms ease' },
      }}
    >
      {picture}
      {caption}
    </ButtonBase>
  );
}

import SwapHorizRounded from '@mui/icons-material/SwapHorizRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Item, SLOTS, type Slot } from '../../../../contracts/catalog';
import { type Substitute, stockProblemOf } from '../../../../contracts/design';
import { useSubstitutes } from '../api/get-substitutes';
import { PICTURE_BACKDROP, SLOT_LABEL, type SlotPicks } from './slots';
import { StockBadge, stockNote } from './stock-badge';

const MATCH_LABEL = { sameProduct: 'Same piece', sameLook: 'Same look' } as const;

function SubstituteCard({ item, onUse }: { item: Substitute; onUse: () => void }) {
  return (
    <Box
      component="li"
      sx={{
        flex: '0 0 148px',
        scrollSnapAlign: 'start',
        border: 1,
        borderColor: 'divider',
        borderRadius: '12px',
        bgcolor: 'background.paper',
        overflow: 'hidden',
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <Box sx={{ position: 'relative' }}>
        <Box
          component="img"
          src={item.img}
          alt=""
          sx={{ display: 'block', width: '100%', height: 96, objectFit: 'contain' }}
          style={{ background: PICTURE_BACKDROP }}
        />
        <Typography
          component="span"
          sx={{
            position: 'absolute',
            left: 6,
            top: 6,
            px: 0.75,
            borderRadius: 999,
            fontSize: '0.66rem',
            fontWeight: 700,
            bgcolor: 'rgba(255,255,255,0.92)',
            color: 'text.secondary',
          }}
        >
          {MATCH_LABEL[item.match]}
        </Typography>
      </Box>
      <Box sx={{ px: 1, pt: 0.75, pb: 1, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
        <Typography noWrap sx={{ fontSize: '0.78rem', fontWeight: 600 }}>
          {item.name}
        </Typography>
        <Typography noWrap sx={{ fontSize: '0.72rem', color: 'text.secondary' }}>
          {item.color} · {item.size}
        </Typography>
        <Typography sx={{ fontSize: '0.72rem', color: 'text.secondary' }}>
          {item.stock} in stock
        </Typography>
        {stockNote(item.stock) && (
          <Box>
            <StockBadge stock={item.stock} />
          </Box>
        )}
        <Button
          size="small"
          variant="outlined"
          startIcon={<SwapHorizRounded fontSize="small" />}
          onClick={onUse}
          aria-label={`Swap in ${item.name} (${item.color}, ${item.size})`}
          sx={{ mt: 0.25, minHeight: 32, whiteSpace: 'nowrap', px: 1 }}
        >
          Swap in
        </Button>
      </Box>
    </Box>
  );
}

function SlotSubstitutes({
  slot,
  piece,
  onSwap,
}: {
  slot: Slot;
  piece: Item;
  onSwap: (slot: Slot, item: Item) => void;
}) {
  const substitutes = useSubstitutes(piece.id);
  const soldOut = stockProblemOf(piece.stock) === 'soldOut';
  const headingId = `substitutes-${slot}`;
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{
        borderRadius: '14px',
        border: 1,
        borderColor: soldOut ? 'error.light' : '#f0c9a4',
        bgcolor: soldOut ? '#fdf1ef' : '#fdf6ee',
        p: 1.5,
      }}
    >
      <Typography id={headingId} component="h2" sx={{ fontSize: '0.9rem', fontWeight: 700 }}>
        {SLOT_LABEL[slot]}: {piece.name} {soldOut ? 'is sold out' : `has only ${piece.stock} left`}
      </Typography>
      <Typography sx={{ fontSize: '0.78rem', color: 'text.secondary', mb: 1 }}>
        {soldOut
          ? 'Shoppers don’t see this outfit until the piece is swapped and saved.'
          : 'Swap it before it runs out to keep the outfit in shoppers’ feeds.'}
      </Typography>
      {substitutes.isPending ? (
        <Stack direction="row" sx={{ gap: 1 }} aria-label="Loading substitutes">
          {[0, 1, 2].map((n) => (
            <Skeleton key={n} variant="rounded" width={148} height={190} />
          ))}
        </Stack>
      ) : substitutes.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => substitutes.refetch()}>
              Retry
            </Button>
          }
        >
          Substitutes could not be loaded.
        </Alert>
      ) : substitutes.data.substitutes.length === 0 ? (
        <Typography sx={{ fontSize: '0.82rem' }}>
          Nothing in stock matches it. Pick another {SLOT_LABEL[slot].toLowerCase()} from the
          catalogue.
        </Typography>
      ) : (
        <Box
          component="ul"
          aria-label={`Substitutes for ${piece.name}`}
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'flex',
            gap: 1,
            overflowX: 'auto',
            scrollSnapType: 'x mandatory',
            pb: 0.5,
          }}
        >
          {substitutes.data.substitutes.map((item) => (
            <SubstituteCard key={item.id} item={item} onUse={() => onSwap(slot, item)} />
          ))}
        </Box>
      )}
    </Box>
  );
}

/** For each picked piece sold out or low on stock: in-stock pieces to swap in, one click each. */
export function SubstitutePanel({
  picks,
  onSwap,
}: {
  picks: SlotPicks;
  onSwap: (slot: Slot, item: Item) => void;
}) {
  const flagged = SLOTS.flatMap((slot) => {
    const piece = picks[slot];
    return piece && stockProblemOf(piece.stock) ? [{ slot, piece }] : [];
  });
  if (flagged.length === 0) return null;
  return (
    <Stack spacing={1.25}>
      {flagged.map(({ slot, piece }) => (
        <SlotSubstitutes key={`${slot}-${piece.id}`} slot={slot} piece={piece} onSwap={onSwap} />
      ))}
    </Stack>
  );
}

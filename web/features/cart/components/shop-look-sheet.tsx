import CloseRounded from '@mui/icons-material/CloseRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import type { Look, LookPiece } from '../../../../contracts/cart';
import type { Variant } from '../../../../contracts/catalog';
import { formatCents, MAX_QUANTITY } from '../../../../contracts/money';
import { ErrorState, Loading } from '../../../components/states';
import { messageOf } from '../../../lib/error-message';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import { SizePicker } from '../../catalog/components/size-picker';
import { initialChoice, stockText, variantOf } from '../../catalog/components/variants';
import { useAddOutfitToCart } from '../api/add-outfit-to-cart';
import { useCartQuantities } from '../api/get-cart';
import { useLook } from '../api/get-look';

const SHORT_SCREEN = '@media (max-height: 560px)';

interface Pick {
  color: string;
  size: string | null;
  included: boolean;
}

/**
 * What adding one more of the chosen variant does to its line in the bag: nothing held yet,
 * one more, nothing at all (the line holds the most it can, and the server leaves it), or
 * refused (the bag holds all the stock, and the server refuses the whole look).
 */
type BagEffect =
  | { kind: 'new' }
  | { kind: 'more'; inBag: number }
  | { kind: 'full'; inBag: number }
  | { kind: 'short'; inBag: number; stock: number };

const inStock = (variant: Variant | undefined) => variant !== undefined && variant.stock > 0;

function bagEffect(variant: Variant | undefined, inBag: number): BagEffect {
  if (!variant || inBag === 0) return { kind: 'new' };
  if (inBag >= MAX_QUANTITY) return { kind: 'full', inBag };
  if (inBag >= variant.stock) return { kind: 'short', inBag, stock: variant.stock };
  return { kind: 'more', inBag };
}

function bagNote(effect: BagEffect): string | null {
  switch (effect.kind) {
    case 'new':
      return null;
    case 'more':
      return `${effect.inBag} in your bag already: this makes ${effect.inBag + 1}`;
    case 'full':
      return `${effect.inBag} in your bag already, the most a line holds, so it is left out`;
    case 'short':
      return effect.stock === 1
        ? 'The only one left is in your bag already'
        : `All ${effect.stock} left are in your bag already`;
  }
}

/**
 * A variant of a piece the shopper keeps (a favourite outfit's piece in the colour they chose),
 * with its size when they chose that too.
 */
export interface KeptPiece {
  itemId: number;
  chosenSize: string | null;
}

interface ShopLookSheetProps {
  outfitId: number;
  /** Offered first: each piece in the colour (and chosen size) the shopper keeps. */
  kept?: readonly KeptPiece[];
  open: boolean;
  onClose: () => void;
  onAdded: (pieces: number) => void;
}

/**
 * Purchase Outfit's sheet: the outfit's five pieces, a size for each (the shopper's usual size
 * when they chose one before, never the size the outfit was designed in), the total, and one
 * button that adds them all. Drawn from the first time it opens.
 */
export function ShopLookSheet(props: ShopLookSheetProps) {
  return useOpenedOnce(props.open) ? <Sheet {...props} /> : null;
}

/**
 * When the sheet last opened (ms since epoch), set in the render that opens it: each opening
 * waits for a look fetched since then, and starts its choices afresh from that one alone.
 */
function useOpenedAt(open: boolean): number {
  const [opening, setOpening] = useState({ open, at: open ? Date.now() : 0 });
  if (open !== opening.open) setOpening({ open, at: open ? Date.now() : opening.at });
  return opening.at;
}

function Sheet({ outfitId, kept = [], open, onClose, onAdded }: ShopLookSheetProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const look = useLook(outfitId, open);
  const openedAt = useOpenedAt(open);
  // The look as this opening fetched it: the remembered sizes follow the cart, so one fetched
  // before the sheet last opened is not offered.
  const fetchedSinceOpened = look.data !== undefined && look.dataUpdatedAt >= openedAt;
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="md"
      aria-labelledby={titleId}
      // On a short screen (a phone on its side, a zoomed page) the sheet scrolls as one, so the
      // total and the button do not crowd out the pieces.
      slotProps={{ paper: { sx: { [SHORT_SCREEN]: { overflowY: 'auto' } } } }}
    >
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        Shop this look
        {look.data && (
          <Typography component="span" color="text.secondary" sx={{ display: 'block' }}>
            {look.data.name}
          </Typography>
        )}
        <IconButton
          aria-label="Close"
          onClick={onClose}
          sx={{ position: 'absolute', right: 12, top: 12 }}
        >
          <CloseRounded />
        </IconButton>
      </DialogTitle>
      {fetchedSinceOpened ? (
        // One form an opening: a later fetch (the connection back) updates the stock it shows
        // but keeps the sizes and pieces the shopper picked, and its failure takes none away.
        <LookForm key={openedAt} look={look.data} kept={kept} onAdded={onAdded} />
      ) : look.isError && !look.isFetching ? (
        <DialogContent>
          <ErrorState message={look.error.message} onRetry={() => look.refetch()} />
        </DialogContent>
      ) : (
        <DialogContent>
          <Loading label="Loading the look" />
        </DialogContent>
      )}
    </Dialog>
  );
}

function LookForm({
  look,
  kept,
  onAdded,
}: {
  look: Look;
  kept: readonly KeptPiece[];
  onAdded: (pieces: number) => void;
}) {
  const [picks, setPicks] = useState<Record<number, Pick>>(() =>
    Object.fromEntries(
      look.pieces.map((p) => {
        const own = kept.find((k) => p.product.variants.some((v) => v.itemId === k.itemId));
        const choice = initialChoice(p.product, own?.itemId ?? p.itemId, own?.chosenSize);
        return [p.product.id, { ...choice, included: true }];
      }),
    ),
  );
  const [tried, setTried] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const add = useAddOutfitToCart();
  const bag = useCartQuantities();

  const rows = look.pieces.map((piece) => {
    const pick = picks[piece.product.id]!;
    const variant = variantOf(piece.product, pick.color, pick.size);
    return { piece, pick, variant, effect: bagEffect(variant, bag.get(variant?.itemId ?? 0) ?? 0) };
  });
  // A line already at its most is left as it is: it is neither sent, counted nor charged.
  const included = rows.filter((r) => r.pick.included && r.effect.kind !== 'full');
  // A size picked before the look was fetched again may have sold out since: it is no choice.
  const missing = included.filter((r) => !inStock(r.variant));
  const short = included.filter((r) => r.effect.kind === 'short');
  const totalCents = included.reduce(
    (sum, r) =>
      sum +
      (r.variant?.priceCents ??
        r.piece.product.variants.find((v) => v.itemId === r.piece.itemId)?.priceCents ??
        0),
    0,
  );

  function update(productId: number, change: Partial<Pick>) {
    setPicks((all) => ({ ...all, [productId]: { ...all[productId]!, ...change } }));
    setError(null);
  }

  function submit() {
    setTried(true);
    if (included.length === 0 || missing.length > 0 || short.length > 0 || add.isPending) return;
    add.mutate(
      { outfitId: look.outfitId, itemIds: included.map((r) => r.variant!.itemId) },
      {
        onSuccess: () => onAdded(included.length),
        onError: (e) => setError(messageOf(e)),
      },
    );
  }

  return (
    <>
      <DialogContent
        dividers
        sx={{ px: { xs: 2, sm: 3 }, [SHORT_SCREEN]: { overflowY: 'visible', flex: 'none' } }}
      >
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Choose a size for each piece. Sizes you picked before are chosen for you; untick a piece
          you do not want.
        </Typography>
        <Box
          component="ul"
          aria-label="Pieces of the look"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            '& > li + li': { borderTop: 1, borderColor: 'divider' },
          }}
        >
          {rows.map(({ piece, pick, variant, effect }) => (
            <li key={piece.product.id}>
              <LookRow
                piece={piece}
                pick={pick}
                variant={variant}
                note={bagNote(effect)}
                noteIsProblem={tried && effect.kind === 'short'}
                showMissing={tried && pick.included && !inStock(variant)}
                onChange={(change) => update(piece.product.id, change)}
              />
            </li>
          ))}
        </Box>
      </DialogContent>
      <Box
        sx={{
          px: { xs: 2, sm: 3 },
          py: 1.5,
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 1.5,
          justifyContent: 'space-between',
        }}
      >
        <Box aria-live="polite">
          <Typography sx={{ fontWeight: 700, fontSize: '1.15rem' }}>
            Total {formatCents(totalCents)}
          </Typography>
          <Typography
            variant="body2"
            color={tried && (missing.length || short.length) ? 'error' : 'text.secondary'}
          >
            {error ??
              (missing.length > 0
                ? `Choose a size for ${tried ? namesOf(missing) : piecesCount(missing.length)}`
                : short.length > 0
                  ? `Your bag holds all that is left of ${namesOf(short)}: choose another size or untick it`
                  : `${included.length} of ${rows.length} pieces`)}
          </Typography>
        </Box>
        <Button
          variant="contained"
          size="large"
          onClick={submit}
          aria-busy={add.isPending}
          disabled={included.length === 0}
          sx={{ borderRadius: '999px', px: 3, fontWeight: 700, flexGrow: { xs: 1, sm: 0 } }}
        >
          {included.length === rows.length
            ? 'Add the look to bag'
            : `Add ${piecesCount(included.length)} to bag`}
        </Button>
      </Box>
    </>
  );
}

const piecesCount = (n: number) => `${n} ${n === 1 ? 'piece' : 'pieces'}`;

function namesOf(rows: readonly { piece: LookPiece }[]): string {
  return rows.map((r) => r.piece.product.name).join(', ');
}

function LookRow({
  piece,
  pick,
  variant,
  note,
  noteIsProblem,
  showMissing,
  onChange,
}: {
  piece: LookPiece;
  pick: Pick;
  variant: Variant | undefined;
  /** What the look does to this piece's line in the bag, when it holds some already. */
  note: string | null;
  noteIsProblem: boolean;
  showMissing: boolean;
  onChange: (change: Partial<Pick>) => void;
}) {
  const { product } = piece;
  const shown = variant ?? product.variants.find((v) => v.color === pick.color);
  const stock = stockText(variant);
  const noteId = useId();
  const noted = note !== null && pick.included;
  return (
    <Stack
      direction="row"
      sx={{ gap: { xs: 1.5, sm: 2 }, py: 2, opacity: pick.included ? 1 : 0.55 }}
    >
      <Box
        component="img"
        src={shown?.img}
        alt=""
        sx={{
          width: { xs: 64, sm: 84 },
          height: { xs: 80, sm: 105 },
          objectFit: 'contain',
          borderRadius: '10px',
          background: 'radial-gradient(75% 75% at 50% 42%, #f8f6f2, #e9e4dc)',
          flexShrink: 0,
        }}
      />
      <Stack sx={{ flex: 1, minWidth: 0, gap: 1 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography
              variant="caption"
              color="text.secondary"
              sx={{ letterSpacing: '0.08em', textTransform: 'uppercase', fontWeight: 600 }}
            >
              {product.seller}
            </Typography>
            <Typography component="h3" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
              {product.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {pick.color} · {shown?.price}
              {stock && pick.included ? ` · ${stock}` : ''}
            </Typography>
            {noted && (
              <Typography
                id={noteId}
                variant="body2"
                color={noteIsProblem ? 'error' : 'text.secondary'}
              >
                {note}
              </Typography>
            )}
          </Box>
          <FormControlLabel
            sx={{ mr: 0, alignSelf: 'flex-start' }}
            control={
              <Checkbox
                checked={pick.included}
                onChange={(e) => onChange({ included: e.target.checked })}
                slotProps={{
                  input: {
                    'aria-label': `Include ${product.name}`,
                    'aria-describedby': noted ? noteId : undefined,
                  },
                }}
              />
            }
            label=""
          />
        </Stack>
        {pick.included && (
          <SizePicker
            dense
            product={product}
            color={pick.color}
            value={pick.size}
            label={`Size of ${product.name}`}
            onChange={(size) => onChange({ size })}
            error={showMissing ? 'Choose a size.' : null}
          />
        )}
      </Stack>
    </Stack>
  );
}

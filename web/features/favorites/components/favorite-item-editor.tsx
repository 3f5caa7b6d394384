import CheckRounded from '@mui/icons-material/CheckRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { FavoriteItem, VariantOption } from '../../../../contracts/favorites';
import { MAX_QUANTITY } from '../../../../contracts/money';
import { compareSizes } from '../../../../contracts/sizes';
import { EmptyState, ErrorState, Loading } from '../../../components/states';
import { ApiRequestError } from '../../../lib/api-client';
import { messageOf } from '../../../lib/error-message';
import { onRadioGroupKeyDown, radioTabIndex } from '../../../lib/radio-group-keys';
import { useCartQuantity } from '../../cart/api/get-cart';
import { CartToggle } from '../../cart/components/cart-toggle';
import { useOpenProduct } from '../../catalog/components/product-sheet-provider';
import { useChangeQuantity } from '../api/change-quantity';
import { useChangeColor, useChangeSize } from '../api/change-variant';
import { useFavoriteItem } from '../api/get-favorite-item';
import { useVariants } from '../api/get-variants';
import { buyQuantity, originOf } from './format';

const QUANTITIES = Array.from({ length: MAX_QUANTITY + 1 }, (_, i) => i);

const NOT_SAVED = 'That did not save. Try again.';

function stockLine(stock: number): string {
  if (stock === 0) return 'Sold out in this colour and size';
  if (stock <= 3) return `Only ${stock} left`;
  return 'In stock';
}

/**
 * A favorite piece with its colour, size and quantity selectors. The selectors offer only the
 * variants the product is made in; every change is saved at once. A colour or size change moves
 * the favorite to another item, reported through `onMoved` so the page can follow it.
 */
export function FavoriteItemEditor({
  itemId,
  outfitId,
  onMoved,
  headingLevel = 'h1',
  back = { to: '/favorites/categories', label: 'See your favorite pieces' },
}: {
  itemId: number;
  outfitId: number | null;
  onMoved: (item: FavoriteItem) => void;
  headingLevel?: 'h1' | 'h2';
  /** Where the shopper goes when the piece is no longer a favorite: where they came from. */
  back?: { to: string; label: string };
}) {
  const item = useFavoriteItem(itemId, outfitId);
  const variants = useVariants(item.data?.productId);
  // The size it came in, picked again: kept here, above the piece that reloads on a change.
  const [keptSize, setKeptSize] = useState(false);

  if (item.isPending) return <Loading label="Loading the piece" />;
  if (item.isError) {
    // Gone for good (unhearted, or never the shopper's): asking again would not bring it back.
    if (item.error instanceof ApiRequestError && item.error.status === 404) {
      return (
        <EmptyState
          heading={headingLevel}
          title="Not among your favorites"
          body="This piece is not among your favorites any more."
          action={
            <Button component={RouterLink} to={back.to} variant="contained">
              {back.label}
            </Button>
          }
        />
      );
    }
    return <ErrorState message={item.error.message} onRetry={() => item.refetch()} />;
  }
  return (
    <Editor
      item={item.data}
      variants={variants.data ?? []}
      variantsLoading={variants.isPending}
      onMoved={onMoved}
      headingLevel={headingLevel}
      sizeChosen={item.data.sizeChosen || keptSize}
      onSizeKept={() => setKeptSize(true)}
    />
  );
}

function Editor({
  item,
  variants,
  variantsLoading,
  onMoved,
  headingLevel,
  sizeChosen,
  onSizeKept,
}: {
  item: FavoriteItem;
  variants: VariantOption[];
  variantsLoading: boolean;
  onMoved: (item: FavoriteItem) => void;
  headingLevel: 'h1' | 'h2';
  /** The shopper chose the size: Buy needs not ask for it. */
  sizeChosen: boolean;
  /** The shopper picked the size the piece came in (nothing to save). */
  onSizeKept: () => void;
}) {
  const changeColor = useChangeColor();
  const changeSize = useChangeSize();
  const changeQuantity = useChangeQuantity();
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const saving = changeColor.isPending || changeSize.isPending || changeQuantity.isPending;
  const target = { itemId: item.id, outfitId: item.outfitId };

  const colours = variants.filter((v) => v.size === item.size);
  // Until the shopper picks a size, stock is said of a colour, in every size: the size shown is
  // not theirs. The line and the swatches say the same.
  const colourSoldOut = (colour: string, stockInSize: number) =>
    sizeChosen ? stockInSize === 0 : variants.every((v) => v.color !== colour || v.stock === 0);
  const inColour = variants.filter((v) => v.color === item.color);
  const soldOut = sizeChosen
    ? item.stock === 0
    : inColour.length > 0 && colourSoldOut(item.color, item.stock);
  const stock = sizeChosen
    ? stockLine(item.stock)
    : inColour.length === 0
      ? variantsLoading
        ? 'Checking stock…'
        : ''
      : soldOut
        ? 'Sold out in this colour'
        : 'In stock';
  // The whole size run, with the sizes not made in this colour shown but not offered.
  const run = [...new Set(variants.map((v) => v.size))].sort(compareSizes);
  const sizes = run.map(
    (size) =>
      variants.find((v) => v.color === item.color && v.size === size) ?? {
        size,
        stock: -1,
      },
  );
  const openProduct = useOpenProduct();
  const { quantity: inCart } = useCartQuantity(item.id);
  // How many Buy puts in the bag: the quantity wanted, 1 for a piece kept at 0.
  const wanted = Math.max(1, item.quantity);
  const buying = buyQuantity(item);

  const handlers = (what: string) => ({
    onSuccess: (next: FavoriteItem) => {
      setError(null);
      setSaved(what);
      if (next.id !== item.id) onMoved(next);
    },
    onError: (e: unknown) => {
      setSaved(null);
      setError(messageOf(e, NOT_SAVED));
    },
  });

  function pickColour(colour: string) {
    if (saving || colour === item.color) return;
    changeColor.mutate({ ...target, newColor: colour }, handlers(`Colour changed to ${colour}`));
  }
  function pickSize(size: string | null) {
    if (saving || !size) return;
    // The size it came in, now chosen: nothing to save.
    if (size === item.size) return onSizeKept();
    changeSize.mutate({ ...target, newSize: size }, handlers(`Size changed to ${size}`));
  }
  function pickQuantity(quantity: number) {
    if (saving || quantity === item.quantity) return;
    changeQuantity.mutate(
      { ...target, from: item.quantity, to: quantity },
      handlers(`Quantity set to ${quantity}`),
    );
  }

  return (
    <Box
      sx={{
        display: 'grid',
        gap: { xs: 2.5, md: 5 },
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 5fr) minmax(0, 6fr)' },
        alignItems: 'start',
      }}
    >
      <Box
        component="img"
        src={item.img}
        alt={`${item.name} in ${item.color}`}
        sx={{
          width: '100%',
          // On a phone the name, price and selectors start within the first screen.
          maxWidth: { xs: 'min(100%, 300px)', sm: 380, md: 'none' },
          mx: 'auto',
          aspectRatio: '4 / 5',
          objectFit: 'cover',
          display: 'block',
          borderRadius: '20px',
          bgcolor: '#efe8dd',
        }}
      />
      <Stack sx={{ gap: 2.5 }}>
        <Box>
          <Typography variant="overline" color="text.secondary" component="p">
            {item.seller}
          </Typography>
          <Typography
            variant="h2"
            component={headingLevel}
            sx={{ fontSize: { xs: '1.8rem', sm: '2.2rem' }, lineHeight: 1.15 }}
          >
            {item.name}
          </Typography>
          <Stack direction="row" sx={{ alignItems: 'baseline', gap: 1.5, mt: 1, flexWrap: 'wrap' }}>
            <Typography sx={{ fontSize: '1.35rem', fontWeight: 700 }}>{item.price}</Typography>
            <Typography variant="body2" color={soldOut ? 'error' : 'text.secondary'}>
              {stock}
            </Typography>
          </Stack>
          <Chip size="small" variant="outlined" label={originOf(item)} sx={{ mt: 1.25 }} />
        </Box>

        <Box>
          <Typography id="colour-label" sx={{ fontWeight: 600, mb: 1 }}>
            Colour:{' '}
            <Box component="span" sx={{ fontWeight: 400 }}>
              {item.color}
            </Box>
          </Typography>
          {variantsLoading ? (
            <CircularProgress size={20} aria-label="Loading colours" />
          ) : (
            <Box
              role="radiogroup"
              aria-labelledby="colour-label"
              onKeyDown={onRadioGroupKeyDown}
              sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.25 }}
            >
              {colours.map((v, index) => {
                const selected = v.color === item.color;
                const noneSelected = !colours.some((c) => c.color === item.color);
                const gone = colourSoldOut(v.color, v.stock);
                return (
                  <Tooltip key={v.color} title={`${v.color}${gone ? ' (sold out)' : ''}`}>
                    <Box
                      component="button"
                      type="button"
                      role="radio"
                      aria-checked={selected}
                      tabIndex={radioTabIndex(selected, noneSelected, index === 0)}
                      aria-label={`${v.color}${gone ? ', sold out' : ''}`}
                      disabled={saving}
                      onClick={() => pickColour(v.color)}
                      sx={{
                        width: 40,
                        height: 40,
                        borderRadius: '50%',
                        cursor: saving ? 'progress' : 'pointer',
                        bgcolor: v.colorHex,
                        border: '1px solid rgba(28,27,31,0.2)',
                        outline: selected ? '2px solid' : 'none',
                        outlineColor: 'primary.main',
                        outlineOffset: '3px',
                        display: 'grid',
                        placeItems: 'center',
                        color: contrastOn(v.colorHex),
                        opacity: gone ? 0.5 : 1,
                        p: 0,
                        '&:focus-visible': { outline: '3px solid', outlineColor: 'secondary.main' },
                      }}
                    >
                      {selected && <CheckRounded fontSize="small" aria-hidden />}
                    </Box>
                  </Tooltip>
                );
              })}
            </Box>
          )}
        </Box>

        <Box>
          <Typography id="size-label" sx={{ fontWeight: 600, mb: 1 }}>
            Size
            {!sizeChosen && (
              <Box component="span" sx={{ fontWeight: 400, color: 'text.secondary' }}>
                {` · shown in ${item.size}; choose yours`}
              </Box>
            )}
          </Typography>
          <ToggleButtonGroup
            exclusive
            // No size pressed until the shopper picks one: the one shown is the size it came in.
            value={sizeChosen ? item.size : null}
            onChange={(_, size: string | null) => pickSize(size)}
            aria-labelledby="size-label"
            disabled={saving || variantsLoading}
            sx={{
              flexWrap: 'wrap',
              gap: 1,
              '& .MuiToggleButtonGroup-grouped': {
                border: 1,
                borderColor: 'divider',
                borderRadius: '999px !important',
                m: 0,
              },
            }}
          >
            {sizes.map((v) => (
              <ToggleButton
                key={v.size}
                value={v.size}
                disabled={v.stock < 0}
                aria-label={`${v.size}${v.stock < 0 ? `, not made in ${item.color}` : v.stock === 0 ? ', sold out' : ''}`}
                sx={{
                  minWidth: 52,
                  px: 1.75,
                  textDecoration: v.stock <= 0 ? 'line-through' : 'none',
                }}
              >
                {v.size}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>

        <TextField
          select
          label="Quantity"
          value={item.quantity}
          onChange={(event) => pickQuantity(Number(event.target.value))}
          disabled={saving}
          helperText="How many Buy puts in your bag. At 0 it simply stays in your favorites (Buy then adds 1)."
          slotProps={{ select: { native: true } }}
          sx={{ maxWidth: 280 }}
        >
          {QUANTITIES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </TextField>

        <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
          <CartToggle
            itemId={item.id}
            itemName={item.name}
            quantity={buying}
            size="medium"
            // A piece that came with an outfit has the outfit's size: ask before it goes in.
            onChooseSize={sizeChosen ? undefined : () => openProduct(item.id, { quantity: wanted })}
          />
          <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 200px' }}>
            {inCart > 0
              ? `In your bag: ${inCart} × ${item.color}, ${item.size}. Del takes it out of the bag; it stays a favorite.`
              : sizeChosen
                ? buying < wanted
                  ? `Only ${item.stock} left in ${item.color}, ${item.size}: Buy puts ${buying} in your bag.`
                  : `Buy puts ${wanted} × ${item.color}, ${item.size} in your bag.`
                : 'Buy asks for your size first, then puts the piece in your bag.'}
          </Typography>
        </Stack>
        <Button
          variant="text"
          onClick={() => openProduct(item.id, { quantity: wanted })}
          sx={{ alignSelf: 'flex-start' }}
          aria-haspopup="dialog"
        >
          Details and size guide
        </Button>

        <Box aria-live="polite" sx={{ minHeight: 48 }}>
          {saving ? (
            <Stack direction="row" sx={{ alignItems: 'center', gap: 1, color: 'text.secondary' }}>
              <CircularProgress size={16} color="inherit" aria-hidden />
              <Typography variant="body2">Saving…</Typography>
            </Stack>
          ) : error ? (
            <Alert severity="error" onClose={() => setError(null)}>
              {error}
            </Alert>
          ) : saved ? (
            <Typography
              variant="body2"
              color="success.main"
              sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
            >
              <CheckRounded fontSize="small" aria-hidden /> {saved}. Saved.
            </Typography>
          ) : null}
        </Box>
      </Stack>
    </Box>
  );
}

/** Ink or paper, whichever reads on the swatch. */
function contrastOn(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? '#1c1b1f' : '#ffffff';
}

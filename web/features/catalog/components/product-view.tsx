import CheckRounded from '@mui/icons-material/CheckRounded';
import FavoriteBorderRounded from '@mui/icons-material/FavoriteBorderRounded';
import FavoriteRounded from '@mui/icons-material/FavoriteRounded';
import StraightenRounded from '@mui/icons-material/StraightenRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import CircularProgress from '@mui/material/CircularProgress';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import type { Product } from '../../../../contracts/catalog';
import { messageOf } from '../../../lib/error-message';
import { useNotify } from '../../../lib/notify';
import { useAddToCart } from '../../cart/api/add-to-cart';
import { type OnHearted, useHeartVariant } from '../api/heart-variant';
import { ColourPicker } from './colour-picker';
import { isSheetEntry } from './sheet-history';
import { SizeGuide } from './size-guide';
import { SizePicker } from './size-picker';
import { coloursOf, initialChoice, sizeAfterColourChange, stockText, variantOf } from './variants';

/**
 * A product as a shop shows it: pictures, seller, name, price, colour and size, stock, a size
 * guide, a heart and Add to bag. Nothing goes in the bag until the shopper has chosen a size.
 */
export function ProductView({
  product,
  itemId,
  chosenSize = null,
  quantity = 1,
  onHearted,
  headingId,
  stickyActions = false,
}: {
  product: Product;
  /** The item the shopper tapped: its colour is shown first (never its size). */
  itemId: number;
  /** A size the shopper chose before opening the product (typed in a search). */
  chosenSize?: string | null;
  /** How many Add to bag puts in: a favourite's wanted quantity, else 1. */
  quantity?: number;
  /** Told when the heart saved: the items it hearted or took the heart from. */
  onHearted?: OnHearted;
  headingId: string;
  /** On phones the Add to bag bar stays at the bottom of the sheet. */
  stickyActions?: boolean;
}) {
  const [choice, setChoice] = useState(() => initialChoice(product, itemId, chosenSize));
  const [sizeError, setSizeError] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const [addError, setAddError] = useState<string | null>(null);
  const [guideOpen, setGuideOpen] = useState(false);
  const [sizeNote, setSizeNote] = useState<string | null>(null);
  const sizesRef = useRef<HTMLDivElement>(null);
  const add = useAddToCart();
  // From a sheet, the bag takes the place of the sheet's history entry: Back from the bag comes
  // to the page, not to a sheet already closed.
  const fromSheet = isSheetEntry(useLocation().state);
  const heart = useHeartVariant(onHearted);
  const notify = useNotify();

  const variant = variantOf(product, choice.color, choice.size);
  const shown = variant ?? coloursOf(product).find((v) => v.color === choice.color);
  const price = shown?.price ?? product.variants[0]?.price ?? '';
  const stock = stockText(variant);
  const heartedOfColour = product.variants.filter(
    (v) => v.color === choice.color && product.heartedItemIds.includes(v.itemId),
  );
  // With no size chosen the heart stands for the colour, and hearts the piece the shopper opened.
  const opened = product.variants.find((v) => v.itemId === itemId && v.color === choice.color);
  const heartTarget = variant ?? opened ?? shown;
  const hearted = variant
    ? product.heartedItemIds.includes(variant.itemId)
    : heartedOfColour.length > 0;

  function toggleHeart() {
    if (!heartTarget || heart.isPending) return;
    // Un-hearting a colour takes back every size of it that was hearted.
    const itemIds =
      hearted && !variant ? heartedOfColour.map((v) => v.itemId) : [heartTarget.itemId];
    heart.mutate(
      { itemIds, hearted: !hearted, sizeChosen: variant !== undefined },
      {
        onError: (error) => notify(messageOf(error, 'That did not save. Try again.'), 'error'),
      },
    );
  }

  function pickColour(color: string) {
    const size = sizeAfterColourChange(product, color, choice.size);
    setSizeNote(
      choice.size && !size ? `Size ${choice.size} is not made in ${color}: choose a size.` : null,
    );
    setChoice({ color, size });
    setAdded(null);
  }

  function pickSize(size: string) {
    setChoice((c) => ({ ...c, size }));
    setSizeError(null);
    setSizeNote(null);
    setAdded(null);
  }

  function addToBag() {
    setAddError(null);
    if (!variant) {
      setSizeError('Choose a size first.');
      sizesRef.current
        ?.querySelector<HTMLInputElement>('input:not(:disabled)')
        ?.focus({ preventScroll: true });
      // Once drawn, the sizes and the message under them come into view above the bag's bar.
      requestAnimationFrame(() => sizesRef.current?.scrollIntoView?.({ block: 'nearest' }));
      return;
    }
    if (add.isPending) return;
    add.mutate(
      { itemId: variant.itemId, quantity },
      {
        onSuccess: (cart) => {
          // What the bag holds of it now, which the line's most may have kept below the sum.
          const held = cart.lines.find((l) => l.itemId === variant.itemId)?.quantity ?? quantity;
          setAdded(
            `${held > 1 ? `${held} × ` : ''}${product.name}, ${variant.color}, ${variant.size}`,
          );
        },
        onError: (e) => setAddError(messageOf(e)),
      },
    );
  }

  const colours = coloursOf(product);

  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
        gap: { xs: 2, md: 4 },
        alignItems: 'start',
      }}
    >
      <Box>
        <Box
          component="img"
          src={shown?.img}
          alt={`${product.name} in ${choice.color}`}
          sx={{
            width: '100%',
            aspectRatio: '4 / 5',
            maxHeight: { xs: '34vh', md: 'none' },
            objectFit: 'contain',
            display: 'block',
            borderRadius: '16px',
            background: 'radial-gradient(75% 75% at 50% 42%, #f8f6f2, #e9e4dc)',
          }}
        />
        {colours.length > 1 && (
          // The Colour radios make the same choice: these are for pointers only.
          <Stack direction="row" sx={{ gap: 1, mt: 1, overflowX: 'auto', pb: 0.5 }} aria-hidden>
            {colours.map((v) => (
              <ButtonBase
                key={v.color}
                tabIndex={-1}
                onClick={() => pickColour(v.color)}
                sx={{
                  flex: '0 0 auto',
                  width: 52,
                  height: 64,
                  borderRadius: '10px',
                  overflow: 'hidden',
                  border: '2px solid',
                  borderColor: v.color === choice.color ? 'text.primary' : 'transparent',
                  background: '#efe9e0',
                }}
              >
                <Box
                  component="img"
                  src={v.img}
                  alt=""
                  loading="lazy"
                  sx={{ width: '100%', height: '100%', objectFit: 'contain' }}
                />
              </ButtonBase>
            ))}
          </Stack>
        )}
      </Box>

      <Stack sx={{ gap: 2, minWidth: 0 }}>
        <Box>
          <Typography
            variant="overline"
            color="text.secondary"
            component="p"
            sx={{ lineHeight: 1.6 }}
          >
            {product.seller}
          </Typography>
          <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1, pr: { md: 5 } }}>
            <Typography
              id={headingId}
              variant="h2"
              component="h2"
              sx={{ fontSize: { xs: '1.55rem', md: '2rem' }, lineHeight: 1.15, flex: 1 }}
            >
              {product.name}
            </Typography>
            {heartTarget && (
              <IconButton
                aria-label={`Favorite ${product.name} in ${heartTarget.color}`}
                aria-pressed={hearted}
                // Not `disabled`: that would drop the keyboard's focus while the heart saves.
                aria-disabled={heart.isPending}
                aria-busy={heart.isPending}
                onClick={toggleHeart}
                sx={{ color: hearted ? 'error.main' : 'text.primary', mt: -0.5 }}
              >
                {hearted ? <FavoriteRounded /> : <FavoriteBorderRounded />}
              </IconButton>
            )}
          </Stack>
          <Stack direction="row" sx={{ alignItems: 'baseline', gap: 1.5, mt: 0.5 }}>
            <Typography sx={{ fontSize: '1.3rem', fontWeight: 700 }}>{price}</Typography>
            {stock && (
              <Typography
                variant="body2"
                role="status"
                color={variant && variant.stock <= 3 ? 'error' : 'text.secondary'}
                sx={{ fontWeight: variant && variant.stock <= 3 ? 600 : 400 }}
              >
                {stock}
              </Typography>
            )}
          </Stack>
        </Box>

        <Box>
          <Typography sx={{ fontWeight: 600, mb: 1 }}>
            Colour:{' '}
            <Box component="span" sx={{ fontWeight: 400 }}>
              {choice.color}
            </Box>
          </Typography>
          <ColourPicker product={product} value={choice.color} onChange={pickColour} />
        </Box>

        <Box ref={sizesRef} sx={{ scrollMarginTop: 16, scrollMarginBottom: { xs: 112, md: 16 } }}>
          <Stack
            direction="row"
            sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}
          >
            <Typography sx={{ fontWeight: 600 }}>
              Size:{' '}
              <Box component="span" sx={{ fontWeight: 400 }}>
                {choice.size ?? 'choose one'}
              </Box>
            </Typography>
            <Button
              size="small"
              variant="text"
              startIcon={<StraightenRounded />}
              aria-expanded={guideOpen}
              onClick={() => setGuideOpen((o) => !o)}
            >
              Size guide
            </Button>
          </Stack>
          <SizePicker
            product={product}
            color={choice.color}
            value={choice.size}
            onChange={pickSize}
            error={sizeError}
          />
          {sizeNote && (
            <Typography variant="body2" color="text.secondary" role="status" sx={{ mt: 0.75 }}>
              {sizeNote}
            </Typography>
          )}
          {product.rememberedSize && choice.size === product.rememberedSize && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75 }}>
              Your usual {product.category.toLowerCase()} size, from what you chose before.
            </Typography>
          )}
          <Collapse in={guideOpen} unmountOnExit>
            <Box sx={{ mt: 1.5 }}>
              <SizeGuide slot={product.slot} caption={`Size guide for ${product.category}`} />
            </Box>
          </Collapse>
        </Box>

        <Box
          sx={{
            ...(stickyActions
              ? {
                  position: 'sticky',
                  bottom: 0,
                  mx: -2,
                  px: 2,
                  py: 1.5,
                  bgcolor: 'background.paper',
                  borderTop: 1,
                  borderColor: 'divider',
                  zIndex: 1,
                }
              : {}),
          }}
        >
          <Button
            fullWidth
            size="large"
            variant="contained"
            color="primary"
            onClick={addToBag}
            aria-busy={add.isPending}
            disabled={variant !== undefined && variant.stock <= 0}
            startIcon={add.isPending ? <CircularProgress size={18} color="inherit" /> : null}
            sx={{ py: 1.4, borderRadius: '999px', fontWeight: 700 }}
          >
            {variant && variant.stock <= 0
              ? 'Sold out'
              : `Add ${quantity > 1 ? `${quantity} ` : ''}to bag${variant ? ` · ${price}${quantity > 1 ? ' each' : ''}` : ''}`}
          </Button>
          <Box aria-live="polite" sx={{ mt: added || addError ? 1 : 0 }}>
            {added && (
              <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                <CheckRounded fontSize="small" color="success" aria-hidden />
                <Typography variant="body2">In your bag: {added}.</Typography>
                <Button component={RouterLink} to="/cartlanding" replace={fromSheet} size="small">
                  View bag
                </Button>
              </Stack>
            )}
            {addError && (
              <Typography variant="body2" color="error">
                {addError}
              </Typography>
            )}
          </Box>
        </Box>

        <Box>
          <Typography sx={{ fontWeight: 600, mb: 0.5 }} component="h3">
            Details
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ lineHeight: 1.65 }}>
            {product.description}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {product.category} · Sold by {product.seller}
          </Typography>
        </Box>
      </Stack>
    </Box>
  );
}

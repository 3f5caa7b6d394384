import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type RefObject, useLayoutEffect, useRef, useState } from 'react';
import type { CartLine } from '../../../../contracts/cart';
import { MAX_QUANTITY } from '../../../../contracts/money';
import { messageOf } from '../../../lib/error-message';
import { useNotify } from '../../../lib/notify';
import { useProduct } from '../../catalog/api/get-product';
import { coloursOf, variantOf } from '../../catalog/components/variants';
import { useAddToCart } from '../api/add-to-cart';
import { useChangeCartLine } from '../api/change-cart-line';
import { useCart } from '../api/get-cart';
import { useRemoveFromCart } from '../api/remove-from-cart';
import { useSetCartQuantity } from '../api/set-cart-quantity';

const QUANTITIES = Array.from({ length: MAX_QUANTITY }, (_, i) => i + 1);

function Picture({ line, size }: { line: CartLine; size: number }) {
  return (
    <Box
      component="img"
      src={line.img}
      alt=""
      loading="lazy"
      sx={{
        width: size,
        height: size * 1.2,
        objectFit: 'cover',
        borderRadius: 2,
        bgcolor: 'background.default',
        border: 1,
        borderColor: 'divider',
        flexShrink: 0,
      }}
    />
  );
}

function Swatch({ hex }: { hex: string }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        display: 'inline-block',
        width: 10,
        height: 10,
        borderRadius: '50%',
        bgcolor: hex,
        border: 1,
        borderColor: 'divider',
        mr: 0.75,
      }}
    />
  );
}

/** Whether a line holds more than the shop has left: it cannot be paid for until lowered. */
export const isShort = (line: CartLine) => line.quantity > line.stock;

/** Says how much is left of a line that holds more than that. */
function Shortage({ line }: { line: CartLine }) {
  if (!isShort(line)) return null;
  return (
    <Typography variant="body2" color="error" role="status">
      {line.stock === 0 ? 'Sold out' : `Only ${line.stock} left`}
    </Typography>
  );
}

/** Where focus goes as a line leaves: the next line's Remove, else the one before, else the h1. */
function neighbourOf(line: HTMLElement): HTMLElement | null {
  const item = line.closest('li');
  const neighbour = item?.nextElementSibling ?? item?.previousElementSibling;
  return (
    neighbour?.querySelector<HTMLElement>('[data-remove]') ??
    document.querySelector<HTMLElement>('h1')
  );
}

/** A colour or size change under way: the menu used and the variant asked for. */
interface Move {
  menu: string;
  color: string;
  size: string;
}

/**
 * The same menu on the line a move merged this one into (the bag already held that variant),
 * or null: the next press there would otherwise land on a neighbour's Remove.
 */
function mergedInto(line: HTMLElement, move: Move | null): HTMLElement | null {
  const focused = document.activeElement;
  if (!move || !(focused instanceof HTMLElement) || focused.dataset.variantMenu !== move.menu) {
    return null;
  }
  const into = [...document.querySelectorAll<HTMLElement>('[data-line]')].find(
    (other) =>
      other !== line &&
      other.dataset.product === line.dataset.product &&
      other.dataset.color === move.color &&
      other.dataset.size === move.size,
  );
  return into?.querySelector<HTMLElement>(`[data-variant-menu="${move.menu}"]`) ?? null;
}

function EditableLine({
  line,
  onRemoved,
}: {
  line: CartLine;
  onRemoved: (line: CartLine) => void;
}) {
  const setQuantity = useSetCartQuantity();
  const remove = useRemoveFromCart();
  const notify = useNotify();
  const onError = (error: unknown) => notify(messageOf(error), 'error');
  const root = useRef<HTMLDivElement>(null);
  const moving = useRef<Move | null>(null);
  // A line that leaves (removed, merged into another, or gone in another tab) would take the
  // focus with it to the body.
  useLayoutEffect(() => {
    const element = root.current;
    return () => {
      if (!element?.contains(document.activeElement)) return;
      (mergedInto(element, moving.current) ?? neighbourOf(element))?.focus();
    };
  }, []);
  // Variants share a name: colour and size tell the controls of two lines apart.
  const which = `${line.name}, ${line.color}, ${line.size}`;
  return (
    // Wraps at 200% zoom or text: the line total drops under the details, and nothing shrinks
    // to a sliver.
    <Stack
      ref={root}
      direction="row"
      data-line
      data-product={line.productId}
      data-color={line.color}
      data-size={line.size}
      sx={{ gap: 2, py: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}
    >
      <Picture line={line} size={84} />
      <Stack sx={{ flex: '1 1 10em', minWidth: 0, gap: 0.25, overflowWrap: 'anywhere' }}>
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ textTransform: 'uppercase', letterSpacing: '0.08em', fontWeight: 600 }}
        >
          {line.seller}
        </Typography>
        <Typography component="h2" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
          {line.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          <Swatch hex={line.colorHex} />
          {line.color} · {line.size} · {line.unitPrice} each
        </Typography>
        <Shortage line={line} />
        <VariantSelects line={line} which={which} moving={moving} onError={onError} />
        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mt: 1 }}>
          <TextField
            select
            size="small"
            label="Quantity"
            value={line.quantity}
            fullWidth={false}
            sx={{ width: '6em', flexShrink: 0 }}
            slotProps={{
              select: { native: true },
              htmlInput: {
                'aria-label': `Quantity of ${which}`,
                'aria-busy': setQuantity.isPending,
              },
            }}
            // Busy, not disabled, while a quantity saves: disabling it would take the keyboard's
            // focus away. A change meanwhile is not taken, and the menu shows the quantity held.
            onChange={(event) => {
              if (setQuantity.isPending) return;
              setQuantity.mutate(
                { itemId: line.itemId, quantity: Number(event.target.value) },
                { onError },
              );
            }}
          >
            {/* More than the stock would be refused; the quantity held stays, to be lowered. */}
            {QUANTITIES.map((q) => (
              <option key={q} value={q} disabled={q > line.stock && q !== line.quantity}>
                {q}
              </option>
            ))}
          </TextField>
          {/* Busy, not disabled, while it removes: disabled, it would drop the focus. */}
          <IconButton
            data-remove
            aria-label={`Remove ${which}`}
            aria-disabled={remove.isPending}
            onClick={() => {
              // The line is gone by the time the answer comes: the list says what happened.
              if (!remove.isPending) {
                remove.mutateAsync(line.itemId).then(() => onRemoved(line), onError);
              }
            }}
            sx={{ '&[aria-disabled="true"]': { opacity: 0.5, cursor: 'default' } }}
          >
            <DeleteOutline />
          </IconButton>
        </Stack>
      </Stack>
      <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{line.lineTotal}</Typography>
    </Stack>
  );
}

/**
 * The line's colour and size, changed in place: every size of the product is listed, those not
 * made in the line's colour (or sold out) cannot be picked. The line keeps its place in the bag
 * and its key (`useLineKeys`), so the menu just used keeps the focus; when the bag already held
 * the variant asked for, the two lines merge and that line's menu takes it (`moving`). Both menus are always
 * there, a product of one colour or one size included, and from the first paint: they hold the
 * line's own colour and size until the product's variants arrive (or if they never do), so
 * nothing below them moves.
 */
function VariantSelects({
  line,
  which,
  moving,
  onError,
}: {
  line: CartLine;
  which: string;
  moving: RefObject<Move | null>;
  onError: (error: unknown) => void;
}) {
  const product = useProduct(line.itemId);
  const change = useChangeCartLine();
  const cart = useCart();
  const notify = useNotify();
  const variants = product.data;
  const colours = variants ? coloursOf(variants).map((v) => v.color) : [line.color];
  const sizes = variants ? variants.sizes : [line.size];
  // Busy while the product loads, and while the line moves: busy, not disabled, so the menu
  // keeps the keyboard's focus (as quantity). A product that failed to load leaves the line's
  // own colour and size, with nothing else to pick.
  const busy = change.isPending || product.isPending;
  const move = (menu: string, to: { color?: string; size?: string }) => {
    if (busy) return;
    const color = to.color ?? line.color;
    const size = to.size ?? line.size;
    moving.current = { menu, color, size };
    // A variant already in the bag takes this line in, up to the most of one piece.
    const target = variants && variantOf(variants, color, size);
    const held = cart.data?.lines.find((l) => l.itemId === target?.itemId)?.quantity ?? 0;
    change.mutate(
      { itemId: line.itemId, ...to },
      {
        onSuccess: (next) => {
          const joined = next.lines.find((l) => l.itemId === target?.itemId);
          const left = line.quantity + held - (joined?.quantity ?? 0);
          if (held > 0 && joined && left > 0) {
            notify(
              `Joined with the ${color}, ${size} already in your bag: ${MAX_QUANTITY} is the most of one piece, so ${left} came out.`,
              'info',
            );
          }
        },
        onError: (error) => {
          moving.current = null;
          onError(error);
        },
      },
    );
  };
  /**
   * Why a variant cannot be picked (`notMadeLabel` when the product does not come in it, or
   * sold out), or null when it can; before the product arrives, only the line's own is listed.
   */
  const unavailable = (color: string, size: string, notMadeLabel: string) => {
    if (!variants) return null;
    const made = variantOf(variants, color, size);
    return !made ? notMadeLabel : made.stock <= 0 ? 'sold out' : null;
  };
  return (
    <Stack direction="row" sx={{ gap: 1, mt: 1, flexWrap: 'wrap' }}>
      <VariantMenu
        label="Colour"
        which={which}
        value={line.color}
        width={152}
        busy={busy}
        choices={colours.map((color) => [
          color,
          unavailable(color, line.size, `not in ${line.size}`),
        ])}
        onChange={(color) => move('Colour', { color })}
      />
      <VariantMenu
        label="Size"
        which={which}
        value={line.size}
        width={112}
        busy={busy}
        choices={sizes.map((size) => [size, unavailable(line.color, size, 'not made')])}
        onChange={(size) => move('Size', { size })}
      />
    </Stack>
  );
}

/** One of a line's variant menus: each choice with why it cannot be picked, or null. */
function VariantMenu({
  label,
  which,
  value,
  width,
  busy,
  choices,
  onChange,
}: {
  label: string;
  which: string;
  value: string;
  width: number;
  busy: boolean;
  choices: [string, string | null][];
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      // A row each on a phone (its line has about 225 px beside the picture, too few for the
      // shop's longest colour and size side by side); side by side from a tablet's width on,
      // each at least wide enough for its longest value.
      fullWidth={false}
      sx={{ flex: { xs: '1 1 100%', sm: `1 1 ${width}px` }, minWidth: { sm: width } }}
      slotProps={{
        select: { native: true },
        htmlInput: {
          'aria-label': `${label} of ${which}`,
          'aria-busy': busy,
          'data-variant-menu': label,
        },
      }}
      onChange={(event) => onChange(event.target.value)}
    >
      {choices.map(([choice, why]) => (
        <option key={choice} value={choice} disabled={why !== null}>
          {choice}
          {why && ` (${why})`}
        </option>
      ))}
    </TextField>
  );
}

function CompactLine({ line }: { line: CartLine }) {
  return (
    <Stack direction="row" sx={{ gap: 1.5, py: 1.25, alignItems: 'center', flexWrap: 'wrap' }}>
      <Picture line={line} size={52} />
      <Box sx={{ flex: '1 1 8em', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, lineHeight: 1.3, overflowWrap: 'anywhere' }}>
          {line.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {line.color} · {line.size} · Qty {line.quantity}
        </Typography>
        <Shortage line={line} />
      </Box>
      <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{line.lineTotal}</Typography>
    </Stack>
  );
}

interface LineKeys {
  lines: readonly CartLine[];
  keys: string[];
}

/**
 * A key for each line that a move to another colour or size keeps: the server keeps a moved line
 * in its place, so a line in the place of one of the same product that is gone is that line.
 */
function carryKeys(before: LineKeys, lines: readonly CartLine[]): string[] {
  const keys: string[] = [];
  lines.forEach((line, place) => {
    const same = before.lines.findIndex((b) => b.itemId === line.itemId);
    const moved = before.lines[place];
    let key = String(line.itemId);
    if (same >= 0) key = before.keys[same]!;
    else if (moved?.productId === line.productId && !lines.some((l) => l.itemId === moved.itemId)) {
      key = before.keys[place]!;
    }
    // A variant added again after its line moved on gets a key of its own.
    while (keys.includes(key)) key += '+';
    keys.push(key);
  });
  return keys;
}

function useLineKeys(lines: readonly CartLine[]): string[] {
  const [kept, setKept] = useState<LineKeys>(() => ({
    lines,
    keys: carryKeys({ lines: [], keys: [] }, lines),
  }));
  if (kept.lines === lines) return kept.keys;
  // New lines: their keys are worked out from the last ones, before anything is drawn.
  const keys = carryKeys(kept, lines);
  setKept({ lines, keys });
  return keys;
}

/** The cart's lines: with quantity and remove controls, or compact for the checkout page. */
export function CartLineList({
  lines,
  editable = false,
}: {
  lines: CartLine[];
  editable?: boolean;
}) {
  const keys = useLineKeys(lines);
  const notify = useNotify();
  const add = useAddToCart();
  // Puts a removed line back as it was: the same variant, in the same quantity, or as many as are
  // left when that is fewer (the bag refuses more than the stock).
  // The list may be gone by then (the bag emptied), so the answer is awaited, not subscribed to.
  const removed = (line: CartLine) =>
    notify(`${line.name} (${line.color}, ${line.size}) was removed from your bag.`, 'info', {
      label: 'Undo',
      onAction: () => {
        add
          .mutateAsync({
            itemId: line.itemId,
            quantity: line.stock > 0 ? Math.min(line.quantity, line.stock) : line.quantity,
          })
          .catch((error: unknown) => notify(messageOf(error), 'error'));
      },
    });
  return (
    <Box
      component="ul"
      aria-label="Items in your cart"
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        '& > li + li': { borderTop: 1, borderColor: 'divider' },
      }}
    >
      {lines.map((line, place) => (
        <li key={keys[place]}>
          {editable ? (
            <EditableLine line={line} onRemoved={removed} />
          ) : (
            <CompactLine line={line} />
          )}
        </li>
      ))}
    </Box>
  );
}

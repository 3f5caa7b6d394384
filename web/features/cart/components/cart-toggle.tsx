import AddShoppingCartOutlined from '@mui/icons-material/AddShoppingCartOutlined';
import RemoveShoppingCartOutlined from '@mui/icons-material/RemoveShoppingCartOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { messageOf } from '../../../lib/error-message';
import { useNotify } from '../../../lib/notify';
import { useAddToCart } from '../api/add-to-cart';
import { useCartQuantity } from '../api/get-cart';
import { useRemoveFromCart } from '../api/remove-from-cart';

/**
 * SPEC's cart item toggle: Buy when the piece is not in the cart, Del when it is. The label
 * follows the server's cart, so it flips once the change is saved, and a click while one is
 * on its way does nothing.
 */
export function CartToggle({
  itemId,
  itemName,
  quantity = 1,
  wanted = quantity,
  size = 'small',
  onChooseSize,
}: {
  itemId: number;
  /** Read out with the label: "Buy Linen Shirt". */
  itemName?: string;
  /** How many Buy adds (the favorites quantity; at least 1). */
  quantity?: number;
  /** How many the shopper wants, when stock allows fewer than that: Buy then says so. */
  wanted?: number;
  size?: 'small' | 'medium';
  /**
   * When the shopper has not chosen a size yet, Buy calls this (to open the size choice)
   * instead of putting the piece in the cart.
   */
  onChooseSize?: (() => void) | undefined;
}) {
  const { quantity: inCart, loaded } = useCartQuantity(itemId);
  const add = useAddToCart();
  const remove = useRemoveFromCart();
  const notify = useNotify();
  const pending = add.isPending || remove.isPending;
  const inTheCart = inCart > 0;
  const label = inTheCart ? 'Del' : 'Buy';

  function toggle() {
    if (pending || !loaded) return;
    const onError = (error: unknown) => notify(messageOf(error), 'error');
    if (inTheCart) remove.mutate(itemId, { onError });
    else if (onChooseSize) onChooseSize();
    else {
      const adding = Math.min(9, Math.max(1, quantity));
      const onSuccess = () => {
        if (wanted > adding) {
          notify(`Only ${adding} left: ${adding} of the ${wanted} you want went in your bag.`);
        }
      };
      add.mutate({ itemId, quantity: adding }, { onError, onSuccess });
    }
  }

  return (
    <Button
      size={size}
      variant={inTheCart ? 'outlined' : 'contained'}
      color={inTheCart ? 'primary' : 'secondary'}
      onClick={toggle}
      aria-busy={pending || !loaded}
      aria-label={
        itemName
          ? inTheCart
            ? `Del: take ${itemName} out of the cart`
            : `Buy ${itemName}${onChooseSize ? ': choose a size' : ''}`
          : undefined
      }
      aria-haspopup={!inTheCart && onChooseSize ? 'dialog' : undefined}
      startIcon={
        pending ? (
          <CircularProgress size={16} color="inherit" aria-hidden />
        ) : inTheCart ? (
          <RemoveShoppingCartOutlined />
        ) : (
          <AddShoppingCartOutlined />
        )
      }
      sx={{ minWidth: 92, opacity: pending || !loaded ? 0.75 : 1 }}
    >
      {label}
    </Button>
  );
}

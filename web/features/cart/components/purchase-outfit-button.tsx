import ShoppingBagOutlined from '@mui/icons-material/ShoppingBagOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { ApiRequestError } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { useAddOutfitToCart } from '../api/add-outfit-to-cart';

/** SPEC's Purchase Outfit: puts the outfit's five pieces in the cart. */
export function PurchaseOutfitButton({
  outfitId,
  outfitName,
  fullWidth,
}: {
  outfitId: number;
  outfitName?: string;
  fullWidth?: boolean;
}) {
  const addOutfit = useAddOutfitToCart();
  const notify = useNotify();
  return (
    <Button
      variant="contained"
      color="secondary"
      fullWidth={fullWidth}
      aria-busy={addOutfit.isPending}
      aria-label={outfitName ? `Purchase Outfit ${outfitName}` : undefined}
      startIcon={
        addOutfit.isPending ? (
          <CircularProgress size={16} color="inherit" aria-hidden />
        ) : (
          <ShoppingBagOutlined />
        )
      }
      onClick={() => {
        if (addOutfit.isPending) return;
        addOutfit.mutate(outfitId, {
          onSuccess: () => notify('The outfit’s five pieces are in your cart', 'success'),
          onError: (error) =>
            notify(
              error instanceof ApiRequestError ? error.message : 'That did not work. Try again.',
              'error',
            ),
        });
      }}
    >
      Purchase Outfit
    </Button>
  );
}

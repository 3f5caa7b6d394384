import ShoppingBagOutlined from '@mui/icons-material/ShoppingBagOutlined';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useNotify } from '../../../lib/notify';
import { type KeptPiece, ShopLookSheet } from './shop-look-sheet';

/**
 * SPEC's Purchase Outfit: opens the look's sheet, where the shopper chooses a size for each
 * piece before anything goes in the bag.
 */
export function PurchaseOutfitButton({
  outfitId,
  outfitName,
  kept,
  fullWidth,
}: {
  outfitId: number;
  outfitName?: string;
  /** The variants the shopper keeps of its pieces, offered first. */
  kept?: readonly KeptPiece[];
  fullWidth?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const notify = useNotify();
  return (
    <>
      <Button
        variant="contained"
        color="secondary"
        fullWidth={fullWidth}
        aria-haspopup="dialog"
        aria-label={outfitName ? `Purchase Outfit ${outfitName}: choose sizes` : undefined}
        startIcon={<ShoppingBagOutlined />}
        onClick={() => setOpen(true)}
      >
        Purchase Outfit
      </Button>
      <ShopLookSheet
        outfitId={outfitId}
        kept={kept}
        open={open}
        onClose={() => setOpen(false)}
        onAdded={(pieces) => {
          setOpen(false);
          notify(
            pieces === 1 ? 'The piece is in your bag' : `${pieces} pieces are in your bag`,
            'success',
          );
        }}
      />
    </>
  );
}

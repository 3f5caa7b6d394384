import CloseRounded from '@mui/icons-material/CloseRounded';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId } from 'react';
import { ErrorState, Loading } from '../../../components/states';
import { useProduct } from '../api/get-product';
import type { OnHearted } from '../api/heart-variant';
import { ProductView } from './product-view';

/**
 * The product sheet every screen opens: a sheet rising from the bottom on phones, a panel from
 * the right on wider screens.
 */
export default function ProductSheet({
  itemId,
  size = null,
  quantity = 1,
  onHearted,
  open,
  onClose,
}: {
  itemId: number | null;
  /** A size the shopper already chose (typed in a search), shown chosen when it is in stock. */
  size?: string | null;
  /** How many Add to bag puts in. */
  quantity?: number;
  /** Told when the heart saved, for the screen that opened the sheet. */
  onHearted?: OnHearted;
  open: boolean;
  onClose: () => void;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const product = useProduct(itemId);
  const headingId = useId();
  return (
    <Drawer
      anchor={phone ? 'bottom' : 'right'}
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-modal': true,
          'aria-labelledby': product.data ? headingId : undefined,
          'aria-label': product.data ? undefined : 'Product',
          sx: phone
            ? { maxHeight: '92dvh', borderRadius: '20px 20px 0 0' }
            : { width: 'min(920px, 92vw)' },
        },
      }}
    >
      <Box sx={{ position: 'relative', px: { xs: 2, md: 4 }, pt: { xs: 1, md: 3 }, pb: 2 }}>
        {phone && (
          <Box
            aria-hidden
            sx={{ width: 40, height: 4, borderRadius: 2, bgcolor: 'divider', mx: 'auto', mb: 1 }}
          />
        )}
        <IconButton
          aria-label="Close"
          onClick={onClose}
          sx={{
            position: 'absolute',
            top: { xs: 8, md: 16 },
            right: { xs: 8, md: 16 },
            zIndex: 2,
            bgcolor: 'background.paper',
            boxShadow: 1,
          }}
        >
          <CloseRounded />
        </IconButton>
        {product.isPending ? (
          <Loading label="Loading the piece" />
        ) : product.isError ? (
          <ErrorState message={product.error.message} onRetry={() => product.refetch()} />
        ) : (
          itemId !== null && (
            <ProductView
              key={`${product.data.id}-${itemId}-${size}`}
              product={product.data}
              itemId={itemId}
              chosenSize={size}
              quantity={quantity}
              onHearted={onHearted}
              headingId={headingId}
              stickyActions={phone}
            />
          )
        )}
      </Box>
    </Drawer>
  );
}

import ChevronRight from '@mui/icons-material/ChevronRight';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import type { Address } from '../../../../contracts/shipping';
import { ZOOMED_PHONE } from '../../../lib/zoomed';
import { shippingFrom } from './return-to';

/** SPEC's shipping selector: the preferred address's nickname, or 'Select Shipping'; opens /shipping. */
export function ShippingSelector({
  address,
  loading,
}: {
  address: Address | null | undefined;
  loading?: boolean;
}) {
  const { pathname } = useLocation();
  return (
    <ButtonBase
      component={RouterLink}
      to="/shipping"
      state={shippingFrom(pathname)}
      sx={{
        width: '100%',
        justifyContent: 'flex-start',
        textAlign: 'left',
        gap: 1.5,
        p: 1.5,
        border: 1,
        borderColor: address ? 'divider' : 'secondary.main',
        borderRadius: '14px',
        bgcolor: 'background.paper',
        [ZOOMED_PHONE]: { p: 1, gap: 0.5 },
      }}
    >
      <Box component="span" sx={{ display: 'flex', [ZOOMED_PHONE]: { display: 'none' } }}>
        <LocalShippingOutlined color={address ? 'action' : 'secondary'} />
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.6 }}>
          Shipping
        </Typography>
        {loading ? (
          <Skeleton width="60%" />
        ) : address ? (
          <>
            <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              {address.nickname}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {[
                address.recipient_name,
                address.street_address,
                address.street_address_2,
                address.city,
              ]
                .filter(Boolean)
                .join(', ')}
              , {address.state} {address.zip}
            </Typography>
          </>
        ) : (
          <Typography sx={{ fontWeight: 700, color: 'secondary.main' }}>Select Shipping</Typography>
        )}
      </Box>
      <ChevronRight color="action" />
    </ButtonBase>
  );
}

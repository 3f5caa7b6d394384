import Typography, { type TypographyProps } from '@mui/material/Typography';
import type { OrderAddress } from '../../contracts/order';

type Shown = Pick<
  OrderAddress,
  'recipient_name' | 'phone' | 'street_address' | 'street_address_2' | 'city' | 'state' | 'zip'
>;

/** The lines of an address as a courier reads them: who, where, and the phone to call. */
export function addressLines(address: Shown): string[] {
  return [
    ...(address.recipient_name ? [address.recipient_name] : []),
    address.street_address,
    ...(address.street_address_2 ? [address.street_address_2] : []),
    `${address.city}, ${address.state} ${address.zip}`,
    ...(address.phone ? [address.phone] : []),
  ];
}

/** An address on several lines (the shipping page, the confirmation, the provider's sheets). */
export function AddressLines({
  address,
  sx,
  ...props
}: { address: Shown } & Omit<TypographyProps, 'children'>) {
  return (
    <Typography
      color="text.secondary"
      {...props}
      // A long word (a building's name, say) breaks rather than widening the page.
      sx={[
        { whiteSpace: 'pre-line', overflowWrap: 'anywhere' },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {addressLines(address).join('\n')}
    </Typography>
  );
}
